/**
 * Reads an API refusal (application/problem+json, RFC 9457: `detail`, `title`, `code` and the
 * field errors `errors: [{ field, message }]`) so every screen shows the server's own words.
 * The one reader of problems for both apps and the agent app's outbox.
 */
export interface Problem {
  status: number;
  message: string;
  code: string | undefined;
  fields: { field: string; message: string }[];
}

export function readProblem(status: number, body: unknown, fallback: string): Problem {
  const record = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const message =
    typeof record.detail === 'string' ? record.detail
    : typeof record.title === 'string' ? record.title
    : fallback;
  const fields = Array.isArray(record.errors)
    ? record.errors
        .filter((e): e is Record<string, unknown> => typeof e === 'object' && e !== null)
        .map((e) => ({ field: String(e.field ?? ''), message: String(e.message ?? '') }))
    : [];
  return { status, message, code: typeof record.code === 'string' ? record.code : undefined, fields };
}

/** An answer of the API that is not a success, with the server's own message. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;
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
