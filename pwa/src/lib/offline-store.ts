/**
 * The page's door to the offline copy in IndexedDB (lib/db.ts). Dexie is imported on first
 * use, so it stays out of the first screen's JavaScript; the service worker precaches that
 * chunk, so it is there offline.
 *
 * Writes never throw: a full disk or a browser without IndexedDB costs only the offline copy,
 * never the screen that is showing fresh data. Reads answer undefined when nothing is stored.
 * The first screen pays nothing for the copy: answers are written once it is shown
 * (lib/first-screen.ts), and a device that has never stored a copy is not searched for one.
 */
import type { AgentTab, Me } from '../types/api';
import type { AgentDb, AppointmentListRow, SessionRow } from './db';
import { AGENT_DB_NAME } from './db-name';
import { afterFirstScreen } from './first-screen';

/** Set once our database is known to exist on this device; it then stays so. */
let copyKnown = false;
/** Kept in localStorage once our database is known to exist here: known without asking IndexedDB. */
const COPY_MARK = 'signingdesk.offline-copy';

const loadDb = () =>
  import('./db').then((module) => {
    knowCopy();
    return module.db;
  });

/** Our database exists here (or may): remembered for this page and marked for the next start. */
function knowCopy(): true {
  if (!copyKnown) {
    copyKnown = true;
    try {
      localStorage.setItem(COPY_MARK, '1');
    } catch {
      // Storage refused (private mode, full): mayHaveOfflineCopy() asks IndexedDB instead.
    }
  }
  return true;
}

/** At once, without IndexedDB: whether our database is known to exist on this device (false when unknown). */
export function offlineCopyMarked(): boolean {
  try {
    return localStorage.getItem(COPY_MARK) === '1';
  } catch {
    return false;
  }
}

/**
 * Whether this device may hold an offline copy: without our database there is nothing to read,
 * and Dexie's code is not loaded to find that out. Asked of the browser until the answer is yes,
 * the mark included: the browser may have erased the database and kept localStorage (storage
 * evicted, site data partly cleared), and a stale mark is then removed, so that the next start
 * waits for the network as a new device's does.
 */
export async function mayHaveOfflineCopy(): Promise<boolean> {
  if (copyKnown) return true;
  let found: boolean;
  try {
    found =
      typeof indexedDB === 'undefined' ||
      typeof indexedDB.databases !== 'function' ||
      (await indexedDB.databases()).some((database) => database.name === AGENT_DB_NAME);
  } catch {
    found = true;
  }
  if (found) return knowCopy();
  try {
    localStorage.removeItem(COPY_MARK);
  } catch {
    // Storage refused: the mark cannot have been set either.
  }
  return false;
}

export async function saveMe(me: Me): Promise<void> {
  await afterFirstScreen();
  await safely(async () => (await loadDb()).session.put({ id: 'me', me, syncedAt: Date.now() }));
}

export async function loadMe(): Promise<SessionRow | undefined> {
  if (!(await mayHaveOfflineCopy())) return undefined;
  return safely(async () => (await loadDb()).session.get('me'));
}

export async function saveAppointmentList(row: Omit<AppointmentListRow, 'syncedAt'>): Promise<void> {
  await afterFirstScreen();
  await safely(async () => (await loadDb()).appointmentLists.put({ ...row, syncedAt: Date.now() }));
}

export async function loadAppointmentList(tab: AgentTab): Promise<AppointmentListRow | undefined> {
  if (!(await mayHaveOfflineCopy())) return undefined;
  return safely(async () => (await loadDb()).appointmentLists.get(tab));
}

/** Runs a read or write on the mirror; never throws (see the header). */
export async function withMirror<T>(action: (db: AgentDb) => Promise<T>): Promise<T | undefined> {
  return safely(async () => action(await loadDb()));
}

/**
 * Erases the signed-in user's mirror on this device (sign-out, or the server said the session
 * is gone), the documents kept on the phone included. The outbox is not touched: actions
 * waiting to be sent wait for the next sign-in.
 */
export async function clearUserData(): Promise<void> {
  if (!(await mayHaveOfflineCopy())) return;
  await safely(async () => {
    const db = await loadDb();
    const tables = [
      db.session,
      db.appointmentLists,
      db.appointments,
      db.appointmentFiles,
      db.appointmentNotes,
      db.profile,
      db.keptDocuments,
    ];
    await db.transaction('rw', tables, async () => {
      for (const table of tables) await table.clear();
    });
  });
}

/**
 * Sign-out of `userId`: from now on this page drops writes of their rows (a request still on
 * its way must not bring them back, lib/db.ts), then the mirror is erased.
 */
export async function forgetUser(userId: string): Promise<void> {
  await safely(async () => {
    const module = await import('./db');
    module.refuseMirrorWrites(userId);
  });
  await clearUserData();
}

/** Someone signed in on this page: their answers are mirrored again. */
export async function allowUserData(): Promise<void> {
  await safely(async () => (await import('./db')).allowMirrorWrites());
}

async function safely<T>(action: () => Promise<T>): Promise<T | undefined> {
  try {
    return await action();
  } catch (error) {
    console.warn('Offline copy unavailable', error);
    return undefined;
  }
}
