/**
 * The keep step against fake-indexeddb (Node, no jsdom) and a fake server: what ends up kept on
 * the phone, byte for byte, for whom, and what is deleted after completion, unassignment, the
 * date passing, keeping turned off and sign-out. A full phone is reported, never swallowed.
 */
import 'fake-indexeddb/auto';
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import type { FileList } from '../../../../types/api';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, NetworkError } from '../../../../lib/api-client';
import { AgentDb } from '../../../../lib/db';
import type { KeepCandidate } from '../keep-rules';
import { HEADROOM_BYTES, syncKeptDocuments, type KeepSources, type StorageRoom } from './keep-documents';
import { keptFileIds, keptSummary, listKept, readKept } from './kept-documents';

const AGENT = 'agent-1';
const OTHER_AGENT = 'agent-2';
/** 23 Nov 2026, 09:00 on the phone. */
const NOW = new Date(2026, 10, 23, 9, 0);
const TODAY = '2026-11-23';
const TOMORROW = '2026-11-24';
const IN_THREE_DAYS = '2026-11-26';

type FileItem = FileList['items'][number];

const scheduled = (id: string, date: string, overrides: Partial<KeepCandidate> = {}): KeepCandidate => ({
  id,
  status: 'Scheduled',
  date,
  markedCompleted: false,
  ...overrides,
});

function file(fileId: string, overrides: Partial<FileItem> = {}): FileItem {
  return {
    fileId,
    fileName: `${fileId}.pdf`,
    kind: 'document',
    sizeBytes: bytesOf(fileId).byteLength,
    contentType: 'application/pdf',
    uploadConfirmed: true,
    uploadedBy: { id: 'escrow-1', name: 'Dana Whitfield' },
    createdAt: '2026-11-20T10:00:00.000Z',
    updated: false,
    log: [],
    ...overrides,
  };
}

function bytesOf(fileId: string): Uint8Array {
  return new TextEncoder().encode(`%PDF-1.7 the bytes of ${fileId}`);
}

/** A fake API: file lists per appointment, bytes per file; a file id in `missing` answers the server's 404. */
function fakeServer(lists: Record<string, FileItem[]>, missing: string[] = []) {
  const downloads: string[] = [];
  const sources: KeepSources = {
    listFiles: vi.fn(async (appointmentId: string) => {
      const items = lists[appointmentId];
      if (!items) throw new ApiError({ status: 404, message: 'This appointment was not found.', code: 'NOT_FOUND', fields: [] });
      return { filesUploaded: true, uploadsApproved: false, agentUploadEnabled: false, agentDownloaded: false, items, maxFileMb: 25 };
    }),
    download: vi.fn(async (_appointmentId: string, item: Pick<FileItem, 'fileId' | 'fileName'>) => {
      downloads.push(item.fileId);
      if (missing.includes(item.fileId))
        throw new ApiError({ status: 404, message: 'The file content is not available.', code: 'NOT_FOUND', fields: [] });
      const data = bytesOf(item.fileId);
      return {
        data: data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength) as ArrayBuffer,
        type: 'application/pdf',
        name: item.fileName,
        size: data.byteLength,
      };
    }),
  };
  return { sources, downloads };
}

const plentyOfRoom: StorageRoom = { free: async () => 5_000_000_000, persist: vi.fn(async () => true) };

let counter = 0;
const opened: AgentDb[] = [];
function freshDb(): AgentDb {
  const db = new AgentDb(`keep-test-${++counter}`, { indexedDB, IDBKeyRange });
  opened.push(db);
  return db;
}

afterEach(() => {
  for (const db of opened.splice(0)) db.close();
});

function sync(
  db: AgentDb,
  sources: KeepSources,
  candidates: KeepCandidate[],
  overrides: Partial<Parameters<typeof syncKeptDocuments>[0]> = {},
) {
  return syncKeptDocuments({
    db,
    userId: AGENT,
    enabled: true,
    candidates,
    complete: true,
    sources,
    room: plentyOfRoom,
    now: NOW,
    isOnline: () => true,
    ...overrides,
  });
}

describe('keeping documents on the phone', () => {
  it("keeps the documents of today's and tomorrow's scheduled assignments, byte for byte", async () => {
    const db = freshDb();
    const { sources } = fakeServer({
      today: [file('t1'), file('t2'), file('scan', { kind: 'scan_back' }), file('uploading', { uploadConfirmed: false })],
      tomorrow: [file('m1')],
      later: [file('l1')],
      done: [file('d1')],
    });
    const room = { free: async () => 5_000_000_000, persist: vi.fn(async () => true) };
    const report = await sync(
      db,
      sources,
      [
        scheduled('today', TODAY),
        scheduled('tomorrow', TOMORROW),
        scheduled('later', IN_THREE_DAYS),
        scheduled('done', TODAY, { markedCompleted: true }),
      ],
      { room },
    );

    expect(report).toMatchObject({ kept: 3, failures: [], problem: null });
    expect(room.persist).toHaveBeenCalledTimes(1);
    expect((await listKept(db, AGENT)).map((k) => `${k.appointmentId}/${k.fileId}`).sort()).toEqual([
      'today/t1',
      'today/t2',
      'tomorrow/m1',
    ]);
    const copy = await readKept(db, AGENT, 'today', 't1');
    expect(new Uint8Array(copy!.data)).toEqual(bytesOf('t1'));
    expect(copy).toMatchObject({ type: 'application/pdf', name: 't1.pdf', size: bytesOf('t1').byteLength, date: TODAY });
    expect(await keptSummary(db, AGENT)).toEqual({
      count: 3,
      bytes: ['t1', 't2', 'm1'].reduce((sum, id) => sum + bytesOf(id).byteLength, 0),
    });
  });

  it('does not download again what is already kept', async () => {
    const db = freshDb();
    const { sources, downloads } = fakeServer({ today: [file('t1')] });
    await sync(db, sources, [scheduled('today', TODAY)]);
    await sync(db, sources, [scheduled('today', TODAY)]);
    expect(downloads).toEqual(['t1']);
  });

  it('deletes the copies once the appointment is completed', async () => {
    const db = freshDb();
    const { sources } = fakeServer({ today: [file('t1')], tomorrow: [file('m1')] });
    await sync(db, sources, [scheduled('today', TODAY), scheduled('tomorrow', TOMORROW)]);

    // Completed: it leaves the assigned list, or is still in it marked completed.
    const report = await sync(db, sources, [scheduled('tomorrow', TOMORROW, { markedCompleted: true })]);
    expect(report.deleted).toBe(2);
    expect(await listKept(db, AGENT)).toEqual([]);
  });

  it('deletes the copies of an appointment no longer assigned to the agent', async () => {
    const db = freshDb();
    const { sources } = fakeServer({ today: [file('t1')], tomorrow: [file('m1')] });
    await sync(db, sources, [scheduled('today', TODAY), scheduled('tomorrow', TOMORROW)]);

    await sync(db, sources, [scheduled('today', TODAY)]);
    expect((await listKept(db, AGENT)).map((k) => k.appointmentId)).toEqual(['today']);
  });

  it('deletes the copies once their date has passed, with no network', async () => {
    const db = freshDb();
    const { sources } = fakeServer({ today: [file('t1')], tomorrow: [file('m1')] });
    await sync(db, sources, [scheduled('today', TODAY), scheduled('tomorrow', TOMORROW)]);

    const nextMorning = new Date(2026, 10, 24, 7, 0);
    const report = await sync(db, sources, [], { complete: false, now: nextMorning, isOnline: () => false });
    expect(report.deleted).toBe(1);
    expect((await listKept(db, AGENT)).map((k) => k.appointmentId)).toEqual(['tomorrow']);
  });

  it('deletes the copy of a file removed from the appointment', async () => {
    const db = freshDb();
    const lists = { today: [file('t1'), file('t2')] };
    const { sources } = fakeServer(lists);
    await sync(db, sources, [scheduled('today', TODAY)]);
    lists.today = [file('t2')];
    await sync(db, sources, [scheduled('today', TODAY)]);
    expect(await keptFileIds(db, AGENT, 'today')).toEqual(['t2']);
  });

  it('deletes every copy of the agent when keeping is turned off, and none of another user', async () => {
    const db = freshDb();
    const { sources } = fakeServer({ today: [file('t1')], tomorrow: [file('m1')] });
    await sync(db, sources, [scheduled('today', TODAY)]);
    await sync(db, sources, [scheduled('tomorrow', TOMORROW)], { userId: OTHER_AGENT });

    const report = await sync(db, sources, [scheduled('today', TODAY)], { enabled: false });
    expect(report).toMatchObject({ kept: 0, deleted: 1 });
    expect(await listKept(db, AGENT)).toEqual([]);
    expect((await listKept(db, OTHER_AGENT)).map((k) => k.fileId)).toEqual(['m1']);
  });

  it("never shows or opens another user's copies", async () => {
    const db = freshDb();
    const { sources } = fakeServer({ today: [file('t1')] });
    await sync(db, sources, [scheduled('today', TODAY)], { userId: OTHER_AGENT });

    expect(await listKept(db, AGENT)).toEqual([]);
    expect(await keptFileIds(db, AGENT, 'today')).toEqual([]);
    expect(await keptSummary(db, AGENT)).toEqual({ count: 0, bytes: 0 });
    expect(await readKept(db, AGENT, 'today', 't1')).toBeUndefined();
    expect(await readKept(db, OTHER_AGENT, 'today', 't1')).toBeDefined();
  });

  it("reports a file whose bytes the server no longer has, with the server's message, and keeps the others", async () => {
    const db = freshDb();
    const { sources } = fakeServer({ today: [file('gone'), file('t2')] }, ['gone']);
    const report = await sync(db, sources, [scheduled('today', TODAY)]);
    expect(report.failures).toEqual([
      { appointmentId: 'today', fileId: 'gone', fileName: 'gone.pdf', message: 'The file content is not available.' },
    ]);
    expect(await keptFileIds(db, AGENT, 'today')).toEqual(['t2']);
  });

  it('stops quietly when the connection drops; the next sync goes on', async () => {
    const db = freshDb();
    const { sources } = fakeServer({ today: [file('t1'), file('t2')] });
    const download = sources.download;
    sources.download = vi.fn(async () => Promise.reject(new NetworkError(new TypeError('Failed to fetch'))));
    const report = await sync(db, sources, [scheduled('today', TODAY)]);
    expect(report).toMatchObject({ kept: 0, failures: [], problem: null });

    sources.download = download;
    expect((await sync(db, sources, [scheduled('today', TODAY)])).kept).toBe(2);
  });

  it('says so when the phone has no room, before downloading', async () => {
    const db = freshDb();
    const { sources, downloads } = fakeServer({ today: [file('t1', { fileName: 'Loan Package.pdf', sizeBytes: 3_000_000 })] });
    const report = await sync(db, sources, [scheduled('today', TODAY)], {
      room: { free: async () => HEADROOM_BYTES + 1_000_000, persist: async () => true },
    });
    expect(report.problem).toBe(
      'There is not enough room on this phone to keep Loan Package.pdf (3 MB, 6 MB free). Free some space on the phone; the documents are kept at the next sync.',
    );
    expect(downloads).toEqual([]);
    expect(await listKept(db, AGENT)).toEqual([]);
  });

  it("shows the browser's quota error instead of swallowing it", async () => {
    const db = freshDb();
    const { sources } = fakeServer({ today: [file('t1', { fileName: 'Loan Package.pdf' }), file('t2')] });
    vi.spyOn(db.keptDocuments, 'put').mockRejectedValue(new DOMException('The quota has been exceeded.', 'QuotaExceededError'));
    const report = await sync(db, sources, [scheduled('today', TODAY)]);
    expect(report.problem).toBe(
      'This phone ran out of room while keeping Loan Package.pdf. Free some space on the phone; the documents are kept at the next sync.',
    );
    expect(report.kept).toBe(0);
  });
});

describe('sign-out', () => {
  it('erases every kept document on the device', async () => {
    // The app's own database (lib/db.ts `db`), as clearUserData() opens it.
    const { db } = await import('../../../../lib/db');
    const { clearUserData } = await import('../../../../lib/offline-store');
    const { sources } = fakeServer({ today: [file('t1')] });
    await sync(db, sources, [scheduled('today', TODAY)]);
    expect(await listKept(db, AGENT)).toHaveLength(1);

    await clearUserData();
    expect(await db.keptDocuments.count()).toBe(0);
  });
});
