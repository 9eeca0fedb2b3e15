/**
 * Secrets the server generates on first start and keeps in the database (app_settings), so
 * every API process sharing the database uses the same ones.
 */
import { randomBytes } from 'node:crypto';
import type { Db } from '@signingdesk/db';
import { schema } from '@signingdesk/db';
import { eq } from 'drizzle-orm';

export async function getOrCreateSetting<T>(db: Db, key: string, create: () => T): Promise<T> {
  await db.insert(schema.appSettings).values({ key, value: create() }).onConflictDoNothing();
  const [row] = await db.select().from(schema.appSettings).where(eq(schema.appSettings.key, key));
  return row!.value as T;
}

export function getAuthSecret(db: Db): Promise<string> {
  return getOrCreateSetting(db, 'auth_secret', () => randomBytes(32).toString('hex'));
}
