/**
 * Routers are OpenAPIHono instances: each route declares its zod request/response schemas
 * once, which validates the input, types the handler and the client, and feeds the OpenAPI
 * document. Invalid input becomes a 400 problem+json that names each field at fault.
 */
import { OpenAPIHono, z } from '@hono/zod-openapi';
import type { AppEnv } from './context';
import { problem } from './problem';

/** A router whose route types are not carried further (the combined type is too large). */
export type Router = OpenAPIHono<AppEnv>;

export function createRouter() {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result, c) => {
      if (result.success) return;
      const errors = result.error.issues.map((issue) => ({
        field: issue.path.join('.') || '(body)',
        message: issue.message,
      }));
      const first = errors[0];
      return problem(c, 400, 'VALIDATION_FAILED', first ? `${first.field}: ${first.message}` : 'Invalid input.', errors);
    },
  });
}

export const ProblemSchema = z
  .object({
    type: z.string(),
    title: z.string(),
    status: z.number().int(),
    detail: z.string(),
    code: z.string(),
    errors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
  })
  .openapi('Problem');

/** Error responses of a route, for the OpenAPI document. */
export function problemResponses(...statuses: (400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429)[]) {
  const descriptions: Record<number, string> = {
    400: 'Invalid input; `errors` names each field',
    401: 'Not signed in',
    403: 'The role may not do this',
    404: 'Not found, or not visible to the caller',
    409: 'Conflicts with the current state',
    413: 'Too large',
    415: 'Unsupported media type',
    422: 'Idempotency key reused with a different request',
    429: 'Too many requests',
  };
  return Object.fromEntries(
    statuses.map((s) => [
      s,
      { description: descriptions[s]!, content: { 'application/problem+json': { schema: ProblemSchema } } },
    ]),
  ) as Record<(typeof statuses)[number], { description: string; content: { 'application/problem+json': { schema: typeof ProblemSchema } } }>;
}

/** The OpenAPI description and `x-roles` extension of a route: who may call it. */
export function rolesDoc(roles: readonly string[] | 'public' | 'signed-in', note?: string) {
  const who = roles === 'public' ? 'Public.' : roles === 'signed-in' ? 'Roles: any signed-in user.' : `Roles: ${roles.join(', ')}.`;
  return {
    description: note ? `${who} ${note}` : who,
    'x-roles': roles === 'public' || roles === 'signed-in' ? [roles] : [...roles],
  } as const;
}
