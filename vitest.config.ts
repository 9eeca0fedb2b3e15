import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

const onPostgres = Boolean(process.env.DATABASE_URL);
// CI machines differ about threefold in speed from run to run (e2e/support/slowdown.ts): there,
// every limit is three times longer. A limit only ends what hangs.
const slowdown = process.env.CI ? 3 : 1;

// Every workspace's tests, in projects a file's name chooses:
// - `*.test.ts(x)`: `unit`, pure code that touches no database; run once.
// - `*.db.test.ts`: `db`, the API and data layer on a real database: an in-memory PGlite per test
//   file, or a new PostgreSQL database when DATABASE_URL is set; CI runs them on both. Each file
//   starts from a copy of a template migrated and seeded once per run (api/src/testing/global-setup.ts).
// - `*.postgres.test.ts`: `postgres`, several API processes on one database, which only
//   PostgreSQL can serve; in the run only when DATABASE_URL is set.
export default defineConfig({
  test: {
    environment: 'node',
    testTimeout: 30_000 * slowdown,
    hookTimeout: 60_000 * slowdown,
    pool: 'forks',
    // A file per core. Vitest's own default leaves one core free: one worker on CI's two cores,
    // while nothing else runs beside the tests.
    maxWorkers: availableParallelism(),
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['{domain,db,api,console,pwa}/src/**/*.test.{ts,tsx}'],
          exclude: ['**/node_modules/**', '**/*.db.test.ts', '**/*.postgres.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'db',
          include: ['{db,api}/src/**/*.db.test.ts'],
          // A worker runs its files one after another in one process, which keeps the API's
          // modules and PGlite's compiled WebAssembly: started afresh for each file, the two cost
          // more than the file's tests (the project took over 750 s here, 335 s without; decision
          // 074). A file closes what it opens and leaves the process's globals as it found them.
          isolate: false,
          globalSetup: ['api/src/testing/global-setup.ts'],
          setupFiles: ['api/src/testing/zod-openapi-first.ts'],
        },
      },
      ...(onPostgres
        ? [
            {
              extends: true,
              test: { name: 'postgres', include: ['api/src/**/*.postgres.test.ts'], setupFiles: ['api/src/testing/zod-openapi-first.ts'] },
            },
          ]
        : []),
    ],
  },
});
