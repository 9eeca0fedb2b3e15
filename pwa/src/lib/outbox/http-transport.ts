/**
 * Sends one outbox row to the API: the request of its kind with the row's id as
 * `Idempotency-Key`, and the answer sorted into sent / refused / retry / unauthorized.
 * Plain fetch only, so the service worker can use it too (uploads are the page's: see
 * upload-transport.ts, which calls `sendJson` for the grant and the confirm).
 */
import { REQUEST_ABORT_MS } from '../../config/network';
import { readProblem } from '../problem';
import type { OutboxItem, OutboxRefusal, SendOutcome } from './types';
import type { OutboxTransport } from './outbox';


export interface JsonRequest {
  method: 'POST' | 'PUT' | 'DELETE';
  path: string;
  body: unknown;
  idempotencyKey: string;
}

/** The request an action stands for (uploads have two: see upload-transport.ts). */
export function requestFor(item: OutboxItem): JsonRequest | null {
  const { action } = item;
  const on = (id: string, verb: string) => `/api/appointments/${encodeURIComponent(id)}/${verb}`;
  const key = item.id;
  switch (action.kind) {
    case 'claim':
      return { method: 'POST', path: on(action.appointmentId, 'claim'), body: {}, idempotencyKey: key };
    case 'counter':
      return { method: 'POST', path: on(action.appointmentId, 'counter'), body: { bid: action.bid }, idempotencyKey: key };
    case 'decline':
      return { method: 'POST', path: on(action.appointmentId, 'decline'), body: {}, idempotencyKey: key };
    case 'withdraw':
      return { method: 'POST', path: on(action.appointmentId, 'withdraw'), body: {}, idempotencyKey: key };
    case 'complete':
      return { method: 'POST', path: on(action.appointmentId, 'complete'), body: {}, idempotencyKey: key };
    case 'note':
      return { method: 'POST', path: on(action.appointmentId, 'notes'), body: { message: action.message }, idempotencyKey: key };
    case 'profile':
      return { method: 'PUT', path: '/api/agents/me', body: action.body, idempotencyKey: key };
    case 'unsubscribe-push':
      return { method: 'DELETE', path: '/api/push/subscriptions', body: { endpoint: action.endpoint }, idempotencyKey: key };
    case 'sign-out':
      return { method: 'POST', path: '/api/auth/sign-out', body: {}, idempotencyKey: key };
    case 'upload':
      return null;
  }
}

/**
 * A sign-out's leftovers are done once the server no longer holds what they remove: a 401 (the
 * session has ended anyway) or a 404 (the subscription is gone or belongs to whoever signed in
 * on the device since) is the goal reached, not a refusal to show or a session to wait for.
 */
export function settleSignOutLeftover(item: OutboxItem, outcome: SendOutcome): SendOutcome {
  const kind = item.action.kind;
  if (kind !== 'unsubscribe-push' && kind !== 'sign-out') return outcome;
  const gone = outcome.type === 'unauthorized' || (outcome.type === 'refused' && outcome.refusal.status === 404);
  return gone ? { type: 'sent', message: 'Already done', body: null } : outcome;
}

export async function sendJson(request: JsonRequest, fetcher: typeof fetch = fetch): Promise<SendOutcome> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), REQUEST_ABORT_MS);
  let response: Response;
  try {
    response = await fetcher(request.path, {
      method: request.method,
      credentials: 'same-origin',
      headers: {
        Accept: 'application/json',
        'Content-Type': 'application/json',
        'Idempotency-Key': request.idempotencyKey,
      },
      body: JSON.stringify(request.body),
      signal: controller.signal,
    });
  } catch {
    clearTimeout(timer);
    return { type: 'retry', error: controller.signal.aborted ? 'The server did not answer in time' : 'No connection' };
  }
  // The time limit covers the body too: a body that stalls would otherwise hold the flush forever.
  try {
    return await classify(response);
  } finally {
    clearTimeout(timer);
  }
}

/** Sorts an HTTP answer: only what a second try cannot change is a refusal. */
export async function classify(response: Response): Promise<SendOutcome> {
  const body = await readBody(response);
  if (response.ok) {
    const message = isRecord(body) && typeof body.message === 'string' ? body.message : 'Sent';
    return { type: 'sent', message, body };
  }
  if (response.status === 401) return { type: 'unauthorized' };
  const problem = toRefusal(response.status, body);
  const stillRunning = response.status === 409 && problem.code === 'IDEMPOTENCY_IN_PROGRESS';
  if (stillRunning) return { type: 'retry', error: 'Still being processed', retryAfterMs: 1_000 };
  if (response.status >= 500 || response.status === 408 || response.status === 429) {
    return { type: 'retry', error: `Server error ${response.status}`, retryAfterMs: retryAfter(response) };
  }
  return { type: 'refused', refusal: problem };
}

export function createHttpTransport(fetcher: typeof fetch = (input, init) => fetch(input, init)): OutboxTransport {
  return {
    async send(item) {
      const request = requestFor(item);
      if (!request) return { type: 'retry', error: 'Uploads are sent by the app page' };
      return settleSignOutLeftover(item, await sendJson(request, fetcher));
    },
  };
}

function toRefusal(status: number, body: unknown): OutboxRefusal {
  const { message, code, fields } = readProblem(status, body, `The server refused this (${status}).`);
  return { status, message, code, fields: fields.length > 0 ? fields : undefined };
}

function retryAfter(response: Response): number | undefined {
  const seconds = Number(response.headers.get('Retry-After'));
  return Number.isFinite(seconds) && seconds > 0 ? Math.min(seconds, 3600) * 1000 : undefined;
}

async function readBody(response: Response): Promise<unknown> {
  try {
    return (await response.json()) as unknown;
  } catch {
    return null;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}
