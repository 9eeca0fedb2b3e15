import { createRoute, z } from '@hono/zod-openapi';
import type { Database } from '@signingdesk/db';
import { createRouter, rolesDoc } from '../../lib/openapi';

const HealthSchema = z
  .object({
    status: z.enum(['ok', 'migrations_pending']),
    database: z.enum(['pglite', 'postgres']),
    migrations: z.object({
      applied: z.number().int(),
      available: z.number().int(),
      latest: z.string().nullable(),
      upToDate: z.boolean(),
    }),
  })
  .openapi('Health');

const getHealth = createRoute({
  operationId: 'getHealth',
  method: 'get',
  path: '/health',
  tags: ['Operations'],
  summary: 'Database kind and migration state',
  ...rolesDoc('public'),
  responses: {
    200: { description: 'Serving', content: { 'application/json': { schema: HealthSchema } } },
    503: { description: 'Migrations not applied', content: { 'application/json': { schema: HealthSchema } } },
  },
});

export function healthRoutes(database: Database) {
  return createRouter().openapi(getHealth, async (c) => {
    const migrations = await database.migrationState();
    const body = {
      status: migrations.upToDate ? ('ok' as const) : ('migrations_pending' as const),
      database: database.kind,
      migrations,
    };
    return migrations.upToDate ? c.json(body, 200) : c.json(body, 503);
  });
}
