import { createRoute, z } from '@hono/zod-openapi';
import { ESCROW_ROLES, OPERATOR_ROLES } from '@signingdesk/domain/roles';
import { streamSSE } from 'hono/streaming';
import { loadActor, signedSessionToken } from '../../lib/actor';
import type { AppDeps } from '../../lib/context';
import { createRouter, problemResponses, rolesDoc, type Router } from '../../lib/openapi';
import { requireActor } from '../../middleware/guard';
import { liveHubOf, type StreamEndReason } from './live-hub';

/** A comment line this often keeps proxies from closing an idle stream (the hub checks the sessions as often). */
export const HEARTBEAT_MS = 25_000;
const roles = [...OPERATOR_ROLES, ...ESCROW_ROLES];

const eventsRoute = createRoute({
  operationId: 'streamAppointmentEvents',
  method: 'get',
  path: '/events',
  tags: ['Live updates'],
  summary: 'Server-sent events: the id of each order that changed, for the consoles to refetch',
  ...rolesDoc(
    roles,
    'text/event-stream. Each committed change to an order the caller may see (operators: every order; org admin: the firm’s; escrow officer: their own) sends `event: appointment` with `data: {"id": "<uuid>"}` within a moment, from whichever API process made it (PostgreSQL LISTEN/NOTIFY). A `ready` event opens the stream: a client that reconnects refetches what it shows, since changes during the gap are not replayed. The stream ends with `event: closing` at once when the session ends, the account is disabled or its role or firm changes (`data: {"reason": "session_ended"}`), and when the process is stopping (`"server_stopping"`; the client reconnects, to another process). One account holds at most 3 streams per API process: a fourth closes the oldest (`"too_many_streams"`).',
  ),
  middleware: [requireActor({ roles })] as const,
  responses: {
    200: { description: 'The event stream', content: { 'text/event-stream': { schema: z.string() } } },
    ...problemResponses(401, 403),
  },
});

export function eventsRoutes(deps: AppDeps): Router {
  const hub = liveHubOf(deps.database);
  return createRouter().openapi(eventsRoute, (c) => {
    const { actor, auth, db } = c.var;
    const headers = c.req.raw.headers;
    c.header('Cache-Control', 'no-store');
    c.header('X-Accel-Buffering', 'no');
    return streamSSE(c, async (stream) => {
      const sessionToken = (await signedSessionToken(auth, headers)) ?? '';
      let closed = false;
      let endedFor: StreamEndReason | null = null;
      let recheckNow = false;
      let wake = () => {};
      const woken = () => new Promise<void>((resolve) => (wake = resolve));
      const unsubscribe = await hub.subscribe({
        actor,
        sessionToken,
        send: (id) => void stream.writeSSE({ event: 'appointment', data: JSON.stringify({ id }) }).catch(() => undefined),
        end: (reason) => {
          endedFor = reason;
          wake();
        },
        recheck: () => {
          recheckNow = true;
          wake();
        },
      });
      stream.onAbort(() => {
        closed = true;
        unsubscribe();
        wake();
      });
      try {
        await stream.writeSSE({ event: 'ready', data: '{}', retry: 3000 });
        while (!closed && !endedFor) {
          if (!recheckNow) await Promise.race([stream.sleep(HEARTBEAT_MS), woken()]);
          if (closed || endedFor) break;
          if (!recheckNow) {
            // The session itself is checked by the hub for every stream in one query.
            await stream.write(': heartbeat\n\n');
            continue;
          }
          recheckNow = false;
          // Signed out, revoked, disabled, or given another role or firm meanwhile: the stream
          // opened for that caller ends (announced at once; else found by the hub's check).
          const current = await loadActor(auth, db, headers).catch(() => null);
          if (!current || current.role !== actor.role || current.firmId !== actor.firmId) {
            endedFor = 'session_ended';
            break;
          }
        }
        if (endedFor && !closed) await stream.writeSSE({ event: 'closing', data: JSON.stringify({ reason: endedFor }) });
      } finally {
        unsubscribe();
      }
    });
  });
}
