/**
 * Sends one outbox row to the API: the request of its kind with the row's id as
 * `Idempotency-Key`, and the answer sorted into sent / refused / retry / unauthorized.
 * Paths and bodies are typed by the API's contract (`jsonRequest`), sent with the app's one
 * timed fetch (lib/api-client.ts) and read with the one problem reader. The raw answer is
 * classified here (Retry-After, a status whose body was cut), which is why the outbox does not
 * go through openapi-fetch's parsing. Plain fetch only, so the service worker can use it too
 * (uploads are the page's: see upload-transport.ts, which calls `sendJson` for the grant and
 * the confirm).
 */
import type { paths } from '@signingdesk/domain/api-contract';
import { NetworkError, readProblem } from '@signingdesk/domain/problem';
import { answered, apiUrl, fetchWithin } from '../api-client';
import type { OutboxItem, OutboxRefusal, SendOutcome } from './types';
import type { OutboxTransport } from './outbox';

type Writes = 'post' | 'put' | 'delete';
type Operation<P extends keyof paths, M extends Writes> = NonNullable<paths[P][M]>;
/** The JSON body an operation takes, from the contract (`{}` for operations without one). */
export type BodyOf<P extends keyof paths, M extends Writes> =
  Operation<P, M> extends { requestBody?: { content: { 'application/json': infer B } } } ? B : Record<string, never>;
type PathParams<P extends keyof paths, M extends Writes> = Operation<P, M> extends { parameters: { path: infer A } } ? A : never;

/**
 * A request of the contract: a path and method the API has, its path parameters and the body
 * that operation takes, so a renamed field or route is a type error here.
 */
export function jsonRequest<P extends keyof paths, M extends Writes>(
  method: M,
  path: P,
  params: PathParams<P, M> extends never ? Record<string, never> : PathParams<P, M>,
  body: BodyOf<P, M>,
  idempotencyKey: string,
): JsonRequest {
  const filled = String(path).replace(/\{(\w+)\}/g, (_, name: string) =>
    encodeURIComponent(String((params as Record<string, unknown>)[name])),
  );
  return { method: method.toUpperCase() as JsonRequest['method'], path: apiPath(filled), body, idempotencyKey };
}

function apiPath(path: string): string {
  return new URL(apiUrl(path)).pathname;
}

export interface JsonRequest {
  method: 'POST' | 'PUT' | 'DELETE';
  path: string;
  body: unknown;
  idempotencyKey: string;
}

/** The request an action stands for (uploads have two: see upload-transport.ts). */
export function requestFor(item: OutboxItem): JsonRequest | null {
  const { action } = item;
  const key = item.id;
  switch (action.kind) {
    case 'claim':
      return jsonRequest('post', '/appointments/{id}/claim', { id: action.appointmentId }, {}, key);
    case 'counter':
      return jsonRequest('post', '/appointments/{id}/counter', { id: action.appointmentId }, { bid: action.bid }, key);
    case 'decline':
      return jsonRequest('post', '/appointments/{id}/decline', { id: action.appointmentId }, {}, key);
    case 'withdraw':
      return jsonRequest('post', '/appointments/{id}/withdraw', { id: action.appointmentId }, {}, key);
    case 'complete':
      return jsonRequest('post', '/appointments/{id}/complete', { id: action.appointmentId }, {}, key);
    case 'leave':
      return jsonRequest('post', '/appointments/{id}/leave', { id: action.appointmentId }, { reason: action.reason }, key);
    case 'not_signed':
      return jsonRequest('post', '/appointments/{id}/did-not-sign', { id: action.appointmentId }, action.body, key);
    case 'signer_confirmation':
      return jsonRequest('post', '/appointments/{id}/signer-confirmations', { id: action.appointmentId }, action.body, key);
    case 'return_shipment':
      return jsonRequest('post', '/appointments/{id}/return-shipment', { id: action.appointmentId }, action.body, key);
    case 'note':
      return jsonRequest('post', '/appointments/{id}/notes', { id: action.appointmentId }, { message: action.message }, key);
    case 'profile':
      return jsonRequest('put', '/agents/me', {}, action.body, key);
    case 'unsubscribe-push':
      return jsonRequest('delete', '/push/subscriptions', {}, { endpoint: action.endpoint }, key);
    case 'sign-out':
      // better-auth's route: not part of the API's document.
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

export async function sendJson(request: JsonRequest, fetcher: typeof fetch = (input, init) => fetch(input, init)): Promise<SendOutcome> {
  const http = new Request(apiUrl(request.path.replace(/^\/api/, '')), {
    method: request.method,
    credentials: 'same-origin',
    headers: {
      Accept: 'application/json',
      'Content-Type': 'application/json',
      'Idempotency-Key': request.idempotencyKey,
    },
    body: JSON.stringify(request.body),
  });
  try {
    return await classify(answered(await fetchWithin(fetcher, http)));
  } catch (error) {
    if (!(error instanceof NetworkError)) throw error;
    return { type: 'retry', error: error.timedOut ? 'The server did not answer in time' : 'No connection' };
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
