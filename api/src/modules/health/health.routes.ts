import { createRoute, z } from '@hono/zod-openapi';
import { DATABASE_RETRY_AFTER_SECONDS } from '../../lib/database-errors';
import type { AppDeps } from '../../lib/context';
import { createRouter, rolesDoc, type Router } from '../../lib/openapi';
import { Readiness, withDeadline } from '../../lib/readiness';

/** The check answers within this, reachable or not: a load balancer's probe must not hang. */
export const HEALTH_DEADLINE_MS = 1_500;

const HealthSchema = z
  .object({
    status: z.enum(['ok', 'migrations_pending', 'database_unreachable', 'stopping']),
    database: z.enum(['pglite', 'postgres']),
    migrations: z
      .object({
        applied: z.number().int(),
        available: z.number().int(),
        latest: z.string().nullable(),
        upToDate: z.boolean(),
        ahead: z.boolean().openapi({ description: 'The database holds migrations this build does not know (a newer build migrated it)' }),
      })
      .nullable()
      .openapi({ description: 'null when the database did not answer, or the process is stopping' }),
  })
  .openapi('Health');

const getHealth = createRoute({
  operationId: 'getHealth',
  method: 'get',
  path: '/health',
  tags: ['Operations'],
  summary: 'Readiness: database kind and migration state',
  ...rolesDoc(
    'public',
    `A readiness check for load balancers: 200 when this process can serve; 503 with Retry-After when its migrations are not applied, its database did not answer within ${HEALTH_DEADLINE_MS} ms, or it is stopping (SIGTERM: it finishes the requests it has and takes no more).`,
  ),
  responses: {
    200: { description: 'Serving', content: { 'application/json': { schema: HealthSchema } } },
    503: {
      description: 'Not ready: migrations pending, database unreachable, or stopping',
      content: { 'application/json': { schema: HealthSchema } },
    },
  },
});

export function healthRoutes(deps: AppDeps): Router {
  const database = deps.database;
  const readiness = deps.readiness ?? new Readiness();
  return createRouter().openapi(getHealth, async (c) => {
    const notReady = (status: 'database_unreachable' | 'stopping') => {
      c.header('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
      return c.json({ status, database: database.kind, migrations: null }, 503);
    };
    if (readiness.stopping) return notReady('stopping');
    const migrations = await withDeadline(database.migrationState(), HEALTH_DEADLINE_MS).catch(() => null);
    if (!migrations) return notReady('database_unreachable');
    const body = {
      status: migrations.upToDate ? ('ok' as const) : ('migrations_pending' as const),
      database: database.kind,
      migrations,
    };
    return migrations.upToDate ? c.json(body, 200) : c.json(body, 503);
  });
}
