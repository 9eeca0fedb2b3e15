import { defineConfig } from 'vitest/config';

// One run for every workspace's unit and API tests. API tests use a real database: an
// in-memory PGlite per test file, or a fresh PostgreSQL database when DATABASE_URL is set.
// `*.postgres.test.ts` try several API processes on one database, which only PostgreSQL can
// serve: they run when DATABASE_URL is set (the PostgreSQL half of `.ci/run`).
export default defineConfig({
  test: {
    include: ['{domain,db,api,console,pwa}/src/**/*.test.{ts,tsx}'],
    exclude: ['**/node_modules/**', ...(process.env.DATABASE_URL ? [] : ['**/*.postgres.test.ts'])],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
