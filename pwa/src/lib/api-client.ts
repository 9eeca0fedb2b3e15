/**
 * The one place the agent app talks to the JSON API: same-origin fetch with the session
 * cookie, problem+json errors turned into `ApiError` (with the server's human message), and
 * network failures into `NetworkError` so callers can fall back to what was last synced.
 */
import { REQUEST_ABORT_MS } from '../config/network';

export class ApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  constructor(status: number, message: string, code?: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
  }
}

/** The request never got an HTTP answer (offline, DNS, connection dropped). */
export class NetworkError extends Error {
  constructor(cause: unknown) {
    super('The network is unavailable.', { cause });
    this.name = 'NetworkError';
  }
}

export async function apiGet(path: string, init: { signal?: AbortSignal } = {}): Promise<unknown> {
  // AbortSignal.any / .timeout are missing on the older iPhones agents carry: combine by hand.
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), REQUEST_ABORT_MS);
  const onCallerAbort = () => controller.abort();
  init.signal?.addEventListener('abort', onCallerAbort, { once: true });
  let response: Response;
  try {
    response = await fetch(path, {
      method: 'GET',
      credentials: 'same-origin',
      headers: { Accept: 'application/json' },
      signal: controller.signal,
    });
  } catch (error) {
    if (init.signal?.aborted) throw error;
    throw new NetworkError(error);
  } finally {
    clearTimeout(timer);
    init.signal?.removeEventListener('abort', onCallerAbort);
  }
  if (!response.ok) throw await toApiError(response);
  return response.json() as Promise<unknown>;
}

async function toApiError(response: Response): Promise<ApiError> {
  let message = response.statusText || `Request failed with status ${response.status}`;
  let code: string | undefined;
  try {
    const body: unknown = await response.json();
    if (typeof body === 'object' && body !== null) {
      const problem = body as Record<string, unknown>;
      if (typeof problem.detail === 'string') message = problem.detail;
      else if (typeof problem.title === 'string') message = problem.title;
      else if (typeof problem.message === 'string') message = problem.message;
      if (typeof problem.code === 'string') code = problem.code;
    }
  } catch {
    // Not JSON (a proxy page, an empty 404): keep the status text.
  }
  return new ApiError(response.status, message, code);
}

export function isUnauthorized(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}

/** Retry only what may succeed on a second try: network failures and server errors. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= 2) return false;
  if (error instanceof ApiError) return error.status >= 500;
  return error instanceof NetworkError;
}
