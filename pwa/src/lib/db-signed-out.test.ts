/**
 * The copy of a signed-out user is never written back: a request that was still on its way
 * when the agent signed out (a list refresh, a kept document's download) answers after the
 * sign-out erased the mirror, and its write must not land on a shared phone.
 */
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { afterEach, describe, expect, it } from 'vitest';
import { AgentDb, allowMirrorWrites, refuseMirrorWrites } from './db';
import { outboxItem } from './outbox/testing';
import type { AppointmentView } from '../types/api';
import type { Me } from '../types/api';

const dbs: AgentDb[] = [];
afterEach(() => {
  allowMirrorWrites();
  for (const db of dbs.splice(0)) db.close();
});

function openDb() {
  const db = new AgentDb(`mirror-guard-${crypto.randomUUID()}`, { indexedDB, IDBKeyRange });
  dbs.push(db);
  return db;
}

const me = (id: string) =>
  ({
    id,
    name: id,
    email: `${id}@demo.test`,
    role: 'notary',
    status: 'active',
    phone: null,
    firm: { id: 'f', name: 'F' },
    portal: '/notary/',
  }) as Me;
const view = {} as AppointmentView;

describe('writes to the mirror after a sign-out', () => {
  it('drops the signed-out user’s rows, keeps everyone else’s and the outbox', async () => {
    const db = openDb();
    refuseMirrorWrites('agent-a');
    await db.appointments.put({ id: 'ap-1', userId: 'agent-a', view, syncedAt: 1 });
    await db.session.put({ id: 'me', me: me('agent-a'), syncedAt: 1 });
    await db.keptDocuments.put({
      appointmentId: 'ap-1',
      fileId: 'f-1',
      userId: 'agent-a',
      date: '2026-11-23',
      name: 'x.pdf',
      type: 'application/pdf',
      size: 1,
      data: new ArrayBuffer(1),
      keptAt: 1,
    });
    await db.appointments.bulkPut([
      { id: 'ap-2', userId: 'agent-a', view, syncedAt: 1 },
      { id: 'ap-3', userId: 'agent-b', view, syncedAt: 1 },
    ]);
    await db.outbox.put(outboxItem({ kind: 'sign-out' }, { id: 'leftover', userId: 'signed-out:agent-a' }));
    await db.outbox.put(outboxItem({ kind: 'sign-out' }, { id: 'theirs', userId: 'agent-a' }));

    expect(await db.appointments.toCollection().primaryKeys()).toEqual(['ap-3']);
    expect(await db.session.count()).toBe(0);
    expect(await db.keptDocuments.count()).toBe(0);
    expect(await db.outbox.count()).toBe(2);

    await db.session.put({ id: 'me', me: me('agent-b'), syncedAt: 2 });
    expect((await db.session.get('me'))?.me.id).toBe('agent-b');
  });

  it('writes again once someone signs in on the page', async () => {
    const db = openDb();
    refuseMirrorWrites('agent-a');
    allowMirrorWrites();
    await db.appointments.put({ id: 'ap-1', userId: 'agent-a', view, syncedAt: 1 });
    expect(await db.appointments.count()).toBe(1);
  });
});
