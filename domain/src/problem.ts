/**
 * Reads an API refusal (application/problem+json, RFC 9457: `detail`, `title`, `code` and the
 * field errors `errors: [{ field, message }]`) so every screen shows the server's own words.
 * The one reader of problems for both apps and the agent app's outbox. A `code` this version
 * does not know reads as undefined: the apps compare members of `ApiErrorCode`, never strings.
 */
import { isApiErrorCode, type ApiErrorCode } from './error-codes';

export interface Problem {
  status: number;
  message: string;
  code: ApiErrorCode | undefined;
  fields: { field: string; message: string }[];
}

export function readProblem(status: number, body: unknown, fallback: string): Problem {
  const record = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const message = typeof record.detail === 'string' ? record.detail : typeof record.title === 'string' ? record.title : fallback;
  const fields = Array.isArray(record.errors)
    ? record.errors
        .filter((e): e is Record<string, unknown> => typeof e === 'object' && e !== null)
        .map((e) => ({ field: String(e.field ?? ''), message: String(e.message ?? '') }))
    : [];
  return { status, message, code: isApiErrorCode(record.code) ? record.code : undefined, fields };
}

/** An answer of the API that is not a success, with the server's own message. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ApiErrorCode | undefined;
  readonly fields: { field: string; message: string }[];
  constructor(problem: Problem) {
    super(problem.message);
    this.name = 'ApiError';
    this.status = problem.status;
    this.code = problem.code;
    this.fields = problem.fields;
  }
}

/** The request never got an HTTP answer (offline, DNS, connection dropped, timed out). */
export class NetworkError extends Error {
  /** True when the time limit ran out, false when the connection failed. */
  readonly timedOut: boolean;
  constructor(cause: unknown, timedOut = false) {
    super('The network is unavailable.', { cause });
    this.name = 'NetworkError';
    this.timedOut = timedOut;
  }
}

/** The fallback message of an answer without a readable problem body. */
export function statusMessage(status: number, statusText = ''): string {
  return statusText || `Request failed with status ${status}`;
}

/** What openapi-fetch answers for a call (the apps' typed clients). */
type CallResult<T> = Promise<{ data?: T; error?: unknown; response: { ok: boolean; status: number; statusText: string } }>;

/**
 * The answer of a call, or its refusal thrown as `ApiError` with the server's message
 * (`fallback` when the refusal has none: a proxy page, an empty 502).
 */
export async function answer<T>(call: CallResult<T>, fallback?: string): Promise<T> {
  const { data, error, response } = await call;
  if (response.ok) return data as T;
  throw new ApiError(readProblem(response.status, error, fallback ?? statusMessage(response.status, response.statusText)));
}

/** How a call ended, for screens that show each case in their own words. */
export type Settled<T> =
  | { type: 'ok'; data: T }
  | { type: 'refused'; problem: Problem }
  /** No answer: offline, dropped connection or timeout. Nothing is known to have arrived. */
  | { type: 'unsent'; timedOut: boolean };

export async function settle<T>(call: CallResult<T>, fallback: (status: number) => string): Promise<Settled<T>> {
  try {
    const { data, error, response } = await call;
    if (response.ok) return { type: 'ok', data: data as T };
    return { type: 'refused', problem: readProblem(response.status, error, fallback(response.status)) };
  } catch (error) {
    if (error instanceof NetworkError) return { type: 'unsent', timedOut: error.timedOut };
    throw error;
  }
}
