/**
 * The one place the agent app talks to the JSON API: a client typed by the API's own document
 * (domain/src/api-contract.ts, generated), so a path, a body field or an answer field the API
 * does not have is a type error. Same-origin fetch with the session cookie
 * and the 5 s abort timer; a refusal becomes `ApiError` (the server's own message, from the one
 * problem reader), a request that got no answer becomes `NetworkError` so callers can fall back
 * to what was last synced. Plain fetch underneath: the service worker uses it too.
 */
import type { Client } from 'openapi-fetch';
import type { components, paths } from '@signingdesk/domain/api-contract';
import { answer, ApiError, NetworkError, settle, type Settled } from '@signingdesk/domain/problem';
import { REQUEST_ABORT_MS } from '../config/network';

export { answer, ApiError, NetworkError, settle, type Settled };
export type Schemas = components['schemas'];

/** An answer whose status arrived within the time limit; `body` is null when its body did not. */
export interface TimedAnswer {
  response: Response;
  body: ArrayBuffer | null;
}

/**
 * The app's one fetch: same origin with the session cookie, and the spec's 5 s abort timer
 * (REQUEST_ABORT_MS) covering the body too, as a body that stalls would otherwise hold the
 * caller forever. No answer at all is a `NetworkError` (`timedOut` says which kind).
 */
export async function fetchWithin(fetcher: typeof fetch, request: Request): Promise<TimedAnswer> {
  // AbortSignal.any / .timeout are missing on the older iPhones agents carry: combine by hand.
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), REQUEST_ABORT_MS);
  const onCallerAbort = () => controller.abort();
  request.signal.addEventListener('abort', onCallerAbort, { once: true });
  try {
    let response: Response;
    try {
      response = await fetcher(new Request(request, { signal: controller.signal }));
    } catch (error) {
      if (request.signal.aborted) throw error;
      throw new NetworkError(error, controller.signal.aborted);
    }
    try {
      return { response, body: await response.arrayBuffer() };
    } catch {
      return { response, body: null };
    }
  } finally {
    clearTimeout(timer);
    request.signal.removeEventListener('abort', onCallerAbort);
  }
}

/** The answer rebuilt from bytes already read, for callers that read it as a Response. */
export function answered({ response, body }: TimedAnswer): Response {
  const empty = body === null || body.byteLength === 0 || response.status === 204;
  return new Response(empty ? null : body, { status: response.status, statusText: response.statusText, headers: response.headers });
}

/** Same origin: the page's or the service worker's (an absolute base, as `Request` needs one). */
const API_BASE = `${globalThis.location?.origin ?? 'http://localhost'}/api`;

export function apiUrl(path: string): string {
  return `${API_BASE}${path}`;
}

/** What a call may carry, whatever its operation (the typed signatures below narrow it). */
interface CallInit {
  params?: { path?: Record<string, unknown>; query?: Record<string, unknown> };
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  keepalive?: boolean;
}

/**
 * The typed client: openapi-fetch's own signatures (`Client`: the path, its parameters,
 * its body and its answer all from the contract) over a small implementation on the timed
 * fetch, since openapi-fetch's runtime (2.6 KiB gzip) would make the agent's first load grow.
 */
export type ApiClient = Pick<Client<paths>, 'GET' | 'POST' | 'PUT' | 'DELETE'>;

export function createApiClient(fetcher: typeof fetch = (input, init) => fetch(input, init)): ApiClient {
  const call = async (method: string, path: string, init: CallInit = {}) => {
    const filled = path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(init.params?.path?.[name])));
    const query = new URLSearchParams();
    for (const [name, value] of Object.entries(init.params?.query ?? {})) {
      if (value !== undefined && value !== null) query.append(name, String(value));
    }
    const search = query.toString();
    const withBody = init.body !== undefined;
    const request = new Request(`${API_BASE}${filled}${search ? `?${search}` : ''}`, {
      method: method.toUpperCase(),
      credentials: 'same-origin',
      headers: { Accept: 'application/json', ...(withBody ? { 'Content-Type': 'application/json' } : {}), ...init.headers },
      ...(withBody ? { body: JSON.stringify(init.body) } : {}),
      ...(init.signal ? { signal: init.signal } : {}),
      ...(init.keepalive ? { keepalive: true } : {}),
    });
    const timed = await fetchWithin(fetcher, request);
    // A read whose body was cut is no answer: the caller falls back to its copy.
    if (timed.body === null) throw new NetworkError(new Error('The answer was cut off'), true);
    const text = new TextDecoder().decode(timed.body);
    const parsed = text === '' ? undefined : parseJson(text);
    const response = answered(timed);
    return response.ok ? { data: parsed, response } : { error: parsed, response };
  };
  const method = (name: string) => ((path: string, init?: CallInit) => call(name, path, init)) as never;
  return { GET: method('get'), POST: method('post'), PUT: method('put'), DELETE: method('delete') };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    // Not JSON (a proxy's page): the refusal's text, read as a problem without fields.
    return text;
  }
}

export const api = createApiClient();

export function isUnauthorized(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}

/** Retry only what may succeed on a second try: network failures and server errors. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= 2) return false;
  if (error instanceof ApiError) return error.status >= 500;
  return error instanceof NetworkError;
}
