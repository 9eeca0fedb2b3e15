/**
 * What the delivery stages share: the database, the configured channels and the hook the
 * worker reports progress through (logs, tests, the bench).
 */
import type { Agent } from 'node:https';
import type { Db } from '@signingdesk/db';
import type { FileStorage } from '../lib/storage/storage';
import type { Mailer } from './email';
import type { VapidKeys } from './push';
import type { SmsSender } from './sms';

export type DeliveryEvent =
  /** A notification's push was recorded (sent, failed or skipped). */
  | { kind: 'push'; jobId: string; state: 'sent' | 'failed' | 'skipped' }
  /** A notification job is done: its email and text message, if any, are in outbound_messages. */
  | { kind: 'job'; jobId: string; state: 'sent' | 'failed' }
  /** An outbound email or text message reached its final state. */
  | { kind: 'message'; messageId: string; channel: 'email' | 'sms'; state: 'sent' | 'held' | 'failed' };

export interface DeliveryContext {
  db: Db;
  /** PUBLIC_ORIGIN: links in emails and texts are absolute. */
  origin: string;
  vapid: VapidKeys;
  vapidSubject: string;
  /** HTTPS agent for push services and the SMS webhook (tests trust a self-signed certificate). */
  httpsAgent?: Agent | undefined;
  pushTimeoutMs: number;
  /** Runs one push send when one of the worker's push slots is free (pushSlots()). */
  pushSlot: PushSlot;
  /** null: no SMTP server configured, emails are held in the outbox. */
  mailer: Mailer | null;
  /** null: no SMS provider configured, texts are held in the outbox. */
  sms: SmsSender | null;
  /** Where email attachments are read from; null leaves them out with a note in the text. */
  storage: FileStorage | null;
  report(event: DeliveryEvent): void;
}

export type PushSlot = <T>(send: () => Promise<T>) => Promise<T>;

/**
 * At most `limit` sends at once across every caller. The worker works several batches at a
 * time (one loading or recording while another's pushes are out) and their pushes share these
 * slots, so push services see the same concurrency as with one batch.
 */
export function pushSlots(limit: number): PushSlot {
  let free = limit;
  const waiting: (() => void)[] = [];
  return async (send) => {
    if (free > 0) free -= 1;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await send();
    } finally {
      // A freed slot passes straight to the next waiter, if any.
      const next = waiting.shift();
      if (next) next();
      else free += 1;
    }
  };
}

/** Runs `work` over `items` with at most `limit` at once; results in input order. */
export async function mapLimit<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!);
    }
  });
  await Promise.all(lanes);
  return results;
}

export function errorText(err: unknown): string {
  return (err instanceof Error ? err.message : String(err)).slice(0, 1000);
}
