/**
 * The one place the agent app talks to the JSON API: an openapi-fetch client typed by the
 * API's own document (domain/src/api-contract.ts, generated), so a path, a body field or an
 * answer field the API does not have is a type error. Same-origin fetch with the session cookie
 * and the 5 s abort timer; a refusal becomes `ApiError` (the server's own message, from the one
 * problem reader), a request that got no answer becomes `NetworkError` so callers can fall back
 * to what was last synced. Plain fetch underneath: the service worker uses it too.
 */
import createClient from 'openapi-fetch';
import type { components, paths } from '@signingdesk/domain/api-contract';
import { answer, ApiError, NetworkError, settle, type Settled } from '@signingdesk/domain/problem';
import { REQUEST_ABORT_MS } from '../config/network';

export { answer, ApiError, NetworkError, settle, type Settled };
export type Schemas = components['schemas'];
export type ApiClient = ReturnType<typeof createApiClient>;

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

function clientFetch(fetcher: typeof fetch) {
  return async (request: Request): Promise<Response> => {
    const timed = await fetchWithin(fetcher, request);
    // A read whose body was cut is no answer: the caller falls back to its copy.
    if (timed.body === null) throw new NetworkError(new Error('The answer was cut off'), true);
    return answered(timed);
  };
}

/** Same origin: the page's or the service worker's (an absolute base, as `Request` needs one). */
const API_BASE = `${globalThis.location?.origin ?? 'http://localhost'}/api`;

export function apiUrl(path: string): string {
  return `${API_BASE}${path}`;
}

export function createApiClient(fetcher: typeof fetch = (input, init) => fetch(input, init)) {
  return createClient<paths>({ baseUrl: API_BASE, credentials: 'same-origin', fetch: clientFetch(fetcher) });
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
