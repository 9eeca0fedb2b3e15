/** Seeds the demo data with the domain's password hashing and time rules. */
import type { Db } from '@signingdesk/db';
import { DEMO_PASSWORD, seedDemo, type SeedSummary } from '@signingdesk/db/seed';
import { hashPassword } from 'better-auth/crypto';
import { appointmentInstant } from './domain/time-zones';

export async function seedDemoData(db: Db, options: { agentCount?: number } = {}): Promise<SeedSummary> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  return seedDemo(db, { passwordHash, instantOf: appointmentInstant, ...options });
}
