// Entry for the better-auth CLI only (`npx auth generate`): it reads the options to write
// db/src/schema/auth.ts. The app builds its auth with createAuth() at start.
import { drizzle } from 'drizzle-orm/postgres-js';
import { createAuth } from './src/auth/auth';

export const auth = createAuth({
  db: drizzle.mock() as never,
  secret: 'schema-generation-only-secret-0123456789',
  origin: 'http://localhost:3000',
});
