import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import type { Me } from '../types/api';
import { AGENT_DB_NAME } from './db-name';
import { clearUserData, loadAppointmentList, loadMe, offlineCopyMarked, saveMe } from './offline-store';

// Node has no localStorage: the browser's, as far as the offline copy's mark uses it.
const stored = new Map<string, string>();
vi.stubGlobal('localStorage', {
  getItem: (key: string) => stored.get(key) ?? null,
  setItem: (key: string, value: string) => void stored.set(key, value),
  removeItem: (key: string) => void stored.delete(key),
});

const databaseNames = async () => (await indexedDB.databases()).map((database) => database.name);

/**
 * The offline copy costs a new device's first screen nothing: with no copy stored, reading one
 * (or erasing it after a 401) neither loads Dexie's database nor creates it; once an answer is
 * stored, it is read back.
 */
describe('the offline copy on a device that has none yet', () => {
  it('is not searched for, nor created, until an answer is stored; then it is read back', async () => {
    expect(await databaseNames()).not.toContain(AGENT_DB_NAME);
    expect(await loadMe()).toBeUndefined();
    expect(await loadAppointmentList('assigned')).toBeUndefined();
    await clearUserData();
    expect(await databaseNames()).not.toContain(AGENT_DB_NAME);
    // The app's start reads this to know, without IndexedDB, that no copy can be shown.
    expect(offlineCopyMarked()).toBe(false);

    const me = { id: 'agent-1', email: 'agent@demo.test', role: 'notary', status: 'active' } as Me;
    await saveMe(me);
    expect(await databaseNames()).toContain(AGENT_DB_NAME);
    expect(offlineCopyMarked()).toBe(true);
    expect((await loadMe())?.me).toEqual(me);
    await clearUserData();
    expect(await loadMe()).toBeUndefined();
  });

  it('marks a device whose copy was stored before the mark existed, once the copy is looked for', async () => {
    await saveMe({ id: 'agent-1', email: 'agent@demo.test', role: 'notary', status: 'active' } as Me);
    stored.clear();
    vi.resetModules();
    const started = await import('./offline-store');
    expect(started.offlineCopyMarked()).toBe(false);
    expect(await started.mayHaveOfflineCopy()).toBe(true);
    expect(started.offlineCopyMarked()).toBe(true);
  });

  it('forgets a mark left behind when the browser erased the copy but kept localStorage', async () => {
    await saveMe({ id: 'agent-1', email: 'agent@demo.test', role: 'notary', status: 'active' } as Me);
    expect(offlineCopyMarked()).toBe(true);
    const { db } = await import('./db');
    db.close();
    await new Promise((resolve, reject) => Object.assign(indexedDB.deleteDatabase(AGENT_DB_NAME), { onsuccess: resolve, onerror: reject }));
    vi.resetModules();
    const started = await import('./offline-store');
    expect(started.offlineCopyMarked()).toBe(true);
    expect(await started.loadMe()).toBeUndefined();
    expect(await databaseNames()).not.toContain(AGENT_DB_NAME);
    expect(started.offlineCopyMarked()).toBe(false);
  });
});
