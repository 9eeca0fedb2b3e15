import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { AgentDb } from './db';
import { forgetClosedSignings } from './forget-closed-signings';

/**
 * DESIGN.md "Data lifecycle" on the phone: a signing past its 3-day window keeps no signer,
 * street, files list, thread, kept document or name in IndexedDB — deleted when the database
 * opens (every start) and whenever the sync runs the clean-up.
 */
const NAME = 'signingdesk-closed-signings-test';
const DAY = 86_400;
const now = Math.floor(Date.now() / 1000);

const agentView = (id: string, status: string, startsAt: number) => ({
  view: 'agent',
  id,
  name: 'Okafor Refinance',
  status,
  startsAt,
  date: '2026-11-20',
  time: '10:00',
  timeTbd: false,
  timeZone: 'PT',
  street: '1820 Sunset Canyon Dr',
  city: 'Burbank',
  state: 'CA',
  zip: '91501',
  contactName: 'Adaeze Okafor',
  contactPhone1: '8185550163',
  fileNumber: 'OK-1',
  feeCents: 17500,
  transactionType: 2,
  financeType: 12,
});
const record = (id: string) => ({
  view: 'agent_record',
  id,
  title: 'Refinance signing — Burbank, CA',
  status: 'Completed',
  date: '2026-10-01',
  time: '10:00',
  timeTbd: false,
  timeZone: 'PT',
  startsAt: now - 50 * DAY,
  city: 'Burbank',
  state: 'CA',
  feeCents: 17500,
  fileNumber: 'OK-2',
  paid: true,
  paidAt: null,
});
const card = (id: string, status: string, startsAt: number) => ({
  id,
  name: 'Okafor Refinance',
  fileNumber: 'OK-1',
  title: 'Refinance signing — Burbank, CA',
  status,
  startsAt,
});
const files = {
  filesUploaded: true,
  uploadsApproved: false,
  agentUploadEnabled: false,
  agentDownloaded: true,
  items: [{ fileId: 'f', fileName: 'Loan Package.pdf' }],
};

/** `closed`: completed 3 days + 1 minute ago; `recent`: 3 days − 1 minute ago; `late`: scheduled, 10 days ago; `record`: the server's record. */
async function writeCopies(db: AgentDb) {
  const rows = {
    closed: agentView('closed', 'Completed', now - 3 * DAY - 60),
    recent: agentView('recent', 'Completed', now - 3 * DAY + 60),
    late: agentView('late', 'Scheduled', now - 10 * DAY),
    record: record('record'),
  };
  await db.appointments.bulkPut(Object.entries(rows).map(([id, view]) => ({ id, userId: 'u-1', view: view as never, syncedAt: 1 })));
  await db.appointmentFiles.bulkPut(
    Object.keys(rows).map((id) => ({ appointmentId: id, userId: 'u-1', list: files as never, syncedAt: 1 })),
  );
  await db.appointmentNotes.bulkPut(
    Object.keys(rows).map((id) => ({ appointmentId: id, userId: 'u-1', thread: { items: [], warning: null } as never, syncedAt: 1 })),
  );
  await db.keptDocuments.bulkPut(
    ['closed', 'recent'].map((id) => ({
      appointmentId: id,
      fileId: 'f',
      userId: 'u-1',
      date: '2026-11-20',
      name: 'Loan Package.pdf',
      type: 'application/pdf',
      size: 4,
      data: new ArrayBuffer(4),
      keptAt: 1,
    })),
  );
  await db.appointmentLists.bulkPut([
    {
      tab: 'completed',
      userId: 'u-1',
      syncedAt: 1,
      items: [card('closed', 'Completed', now - 3 * DAY - 60), card('recent', 'Completed', now - 3 * DAY + 60)] as never,
    },
    { tab: 'assigned', userId: 'u-1', syncedAt: 1, items: [card('late', 'Scheduled', now - 10 * DAY)] as never },
  ]);
}

async function whatIsLeft(db: AgentDb) {
  return {
    details: (await db.appointments.toArray()).map((r) => `${r.id}:${r.view.view}`).sort(),
    files: (await db.appointmentFiles.toArray()).map((r) => r.appointmentId).sort(),
    notes: (await db.appointmentNotes.toArray()).map((r) => r.appointmentId).sort(),
    kept: (await db.keptDocuments.toArray()).map((r) => r.appointmentId).sort(),
    named: (await db.appointmentLists.toArray()).flatMap((l) => l.items.filter((i) => i.name !== undefined).map((i) => i.id)).sort(),
  };
}

let open: AgentDb[] = [];
afterEach(async () => {
  for (const db of open) db.close();
  open = [];
  await new AgentDb(NAME).delete();
});
const openDb = () => {
  const db = new AgentDb(NAME);
  open.push(db);
  return db;
};

describe('signings past their window on the phone', () => {
  it('are cleared when the app starts: no signer, street, files, thread, kept document or name is left of them', async () => {
    const first = openDb();
    await writeCopies(first);
    first.close();

    const next = openDb();
    expect(await whatIsLeft(next)).toEqual({
      details: ['late:agent', 'recent:agent', 'record:agent_record'],
      files: ['late', 'recent'],
      notes: ['late', 'recent'],
      kept: ['recent'],
      named: ['late', 'recent'],
    });
    const text = JSON.stringify(await next.appointmentLists.get('completed'));
    expect(text.match(/Okafor/g)).toHaveLength(1); // the recent card's name only
  });

  it('are cleared by the sync once the 3 days are over, to the minute', async () => {
    const db = openDb();
    await db.open();
    await writeCopies(db);
    const recentStart = now - 3 * DAY + 60;
    await forgetClosedSignings(db, (recentStart + 3 * DAY - 60) * 1000);
    expect((await whatIsLeft(db)).files).toContain('recent');
    await forgetClosedSignings(db, (recentStart + 3 * DAY + 60) * 1000);
    expect(await whatIsLeft(db)).toEqual({
      details: ['late:agent', 'record:agent_record'],
      files: ['late'],
      notes: ['late'],
      kept: [],
      named: ['late'],
    });
  });
});
