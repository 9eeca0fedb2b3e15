import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { AgentDb } from './db';

/**
 * Copies made by an app version that still received an offer's name and file number (before
 * issue 9): opening the database with this version drops them from every offer on the phone.
 */
const NAME = 'signingdesk-agent-upgrade-test';

const card = {
  id: 'offer-1',
  name: 'Gonzalez Closing',
  fileNumber: 'GZ-2026-0042',
  status: 'Open',
  city: 'San Francisco',
  state: 'CA',
  date: '2030-12-10',
  time: '14:30',
  timeTbd: false,
  timeZone: 'PT',
  startsAt: 1_796_940_000,
  feeCents: 15000,
  offeredFeeCents: 15000,
  scanBackRequired: true,
  showCompleteButton: false,
  markedCompleted: false,
  offerStatus: 'offered',
};
const preview = {
  view: 'preview',
  stage: 'offer',
  message: null,
  id: 'offer-1',
  name: 'Gonzalez Closing',
  status: 'Open',
  date: '2030-12-10',
  time: '14:30',
  timeTbd: false,
  timeZone: 'PT',
  startsAt: 1_796_940_000,
  scanBackRequired: true,
  transactionType: 2,
  financeType: 12,
  lender: 'Chase',
  city: 'San Francisco',
  state: 'CA',
  zip: '94110',
  feeCents: 15000,
  offerStatus: 'offered',
  bidCents: null,
};
const assignedCard = { ...card, id: 'job-1', name: 'Lee Purchase', fileNumber: 'LP-7', status: 'Scheduled', offerStatus: 'approved' };
const agentView = { view: 'agent', id: 'job-1', name: 'Lee Purchase', fileNumber: 'LP-7', street: '1 Main St' };
const outboxItem = (id: string, action: Record<string, unknown>) => ({
  id,
  userId: 'u-1',
  appointmentId: action.appointmentId,
  action,
  state: 'queued',
  createdAt: 1,
  attempts: 0,
  nextAttemptAt: 0,
  leaseUntil: 0,
  lastError: null,
  result: null,
  refusal: null,
  upload: null,
  sentAt: null,
});

async function writeVersion3Copies() {
  const old = new Dexie(NAME);
  old.version(3).stores({
    session: 'id',
    appointmentLists: 'tab',
    appointments: 'id, userId',
    appointmentFiles: 'appointmentId, userId',
    appointmentNotes: 'appointmentId, userId',
    profile: 'userId',
    outbox: 'id, userId, state, createdAt, appointmentId',
    outboxBlobs: 'id',
    keptDocuments: '[appointmentId+fileId], userId, [userId+appointmentId], [userId+date], [userId+size]',
  });
  await old.table('appointmentLists').bulkPut([
    { tab: 'open', userId: 'u-1', items: [card, { ...card, id: 'offer-2', city: 'Oakland' }], syncedAt: 1 },
    { tab: 'pending', userId: 'u-1', items: [{ ...card, offerStatus: 'claimed' }], syncedAt: 1 },
    { tab: 'assigned', userId: 'u-1', items: [assignedCard], syncedAt: 1 },
  ]);
  await old.table('appointments').bulkPut([
    { id: 'offer-1', userId: 'u-1', view: preview, syncedAt: 1 },
    { id: 'job-1', userId: 'u-1', view: agentView, syncedAt: 1 },
  ]);
  await old
    .table('outbox')
    .bulkPut([
      outboxItem('o-1', { kind: 'claim', appointmentId: 'offer-1', appointmentName: 'Gonzalez Closing' }),
      outboxItem('o-2', { kind: 'counter', appointmentId: 'offer-2', appointmentName: 'Gonzalez Closing', bid: '175' }),
      outboxItem('o-3', { kind: 'note', appointmentId: 'job-1', appointmentName: 'Lee Purchase', message: 'Here at 2.' }),
    ]);
  old.close();
}

afterEach(async () => {
  await Dexie.delete(NAME);
});

describe('the offline copy after the upgrade', () => {
  it("holds no offer's name or file number, titles offers by order type and place, and keeps assignments whole", async () => {
    await writeVersion3Copies();
    const db = new AgentDb(NAME);
    await db.open();

    const lists = Object.fromEntries((await db.appointmentLists.toArray()).map((row) => [row.tab, row.items]));
    expect(lists.open!.map((i) => [i.title, 'name' in i, 'fileNumber' in i])).toEqual([
      ['Refinance signing — San Francisco, CA', false, false],
      ['Signing — Oakland, CA', false, false],
    ]);
    expect(lists.pending!.map((i) => [i.title, 'name' in i, 'fileNumber' in i])).toEqual([
      ['Refinance signing — San Francisco, CA', false, false],
    ]);
    expect(lists.assigned).toEqual([{ ...assignedCard, title: 'Signing — San Francisco, CA' }]);

    const offer = (await db.appointments.get('offer-1'))!.view;
    expect(offer).toEqual({
      ...Object.fromEntries(Object.entries(preview).filter(([k]) => k !== 'name')),
      title: 'Refinance signing — San Francisco, CA',
    });
    expect((await db.appointments.get('job-1'))!.view).toEqual(agentView);

    const outbox = Object.fromEntries(
      (await db.outbox.toArray()).map((item) => [item.id, (item.action as { appointmentName: string }).appointmentName]),
    );
    expect(outbox).toEqual({ 'o-1': 'Refinance signing — San Francisco, CA', 'o-2': 'Signing — Oakland, CA', 'o-3': 'Lee Purchase' });

    const everything = JSON.stringify([await db.appointmentLists.toArray(), await db.appointments.toArray(), await db.outbox.toArray()]);
    expect(everything).not.toMatch(/Gonzalez|GZ-2026-0042/);
    db.close();
  });
});
