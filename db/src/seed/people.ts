/** The named demo accounts and extra escrow officers: user, credential account and profile rows. */
import { randomUUID } from 'node:crypto';
import type { Tx } from '../index';
import * as schema from '../schema/index';
import { DEMO_ACCOUNTS, EXTRA_ESCROW_OFFICERS, type DemoAccount, type DemoFirmKey } from './data';
import { groupBy, insertChunked } from './support';

interface SeededUser {
  id: string;
  email: string;
  name: string;
  firm: DemoFirmKey;
  role: DemoAccount['role'];
}

export async function insertUsers(tx: Tx, passwordHash: string, people: (DemoAccount & { firmId: string; id: string })[]) {
  await insertChunked(
    tx,
    schema.user,
    people.map((p) => ({ id: p.id, name: p.name, email: p.email, emailVerified: true, role: p.role })),
  );
  await insertChunked(
    tx,
    schema.account,
    people.map((p) => ({ id: randomUUID(), accountId: p.id, providerId: 'credential', userId: p.id, password: passwordHash })),
  );
  await insertChunked(
    tx,
    schema.profiles,
    people.map((p) => ({ userId: p.id, firmId: p.firmId, phone: p.phone, status: p.status })),
  );
}

export async function insertAccounts(tx: Tx, passwordHash: string, firmIds: Record<DemoFirmKey, string>) {
  const people = [...DEMO_ACCOUNTS, ...EXTRA_ESCROW_OFFICERS].map((a) => ({ ...a, id: randomUUID(), firmId: firmIds[a.firm] }));
  await insertUsers(tx, passwordHash, people);
  const byEmail = new Map<string, SeededUser>(people.map((p) => [p.email, p]));
  const get = (email: string) => byEmail.get(email)!;
  return {
    admin: get('admin@demo.test'),
    subAdmin: get('subadmin@demo.test'),
    demoAgent: get('agent@demo.test'),
    pendingAgent: get('pending-agent@demo.test'),
    escrowByFirm: groupBy(
      people.filter((p) => p.role === 'creator' || p.role === 'creator_admin'),
      (p) => p.firm,
    ),
    passwordHash,
  };
}
export type Accounts = Awaited<ReturnType<typeof insertAccounts>>;
