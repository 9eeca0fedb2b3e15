/**
 * Reads an API refusal (application/problem+json, RFC 9457: `detail`, `title`, `code` and the
 * field errors `errors: [{ field, message }]`) so every screen shows the server's own words.
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
