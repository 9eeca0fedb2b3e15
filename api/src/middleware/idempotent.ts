/**
 * The public forms' side of safe retries: a visitor's submission sent with an
 * `Idempotency-Key` is accepted once, and a repeat (the answer was lost on a weak connection)
 * gets the first answer instead of a second submission. Routes behind `requireActor` take the
 * key through the guard, scoped to the signed-in caller; the rules are in lib/idempotency.ts.
 */
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../lib/context';
import { withIdempotency } from '../lib/idempotency';

export function acceptIdempotencyKey() {
  return createMiddleware<AppEnv>((c, next) => withIdempotency(c, 'visitor', next));
}

/** What a public route's description says of the key. */
export const VISITOR_KEY_NOTE =
  'A form sent with an Idempotency-Key (16 to 200 visible characters: a random UUID) is stored once: the same submission sent again under that key gets the first answer (header Idempotent-Replayed: true); only an accepted submission holds its key.';
