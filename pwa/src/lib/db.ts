/**
 * The agent app's IndexedDB (Dexie), so the app opens with the last synced data when the
 * network is gone and no action of the agent is ever lost (DESIGN.md "Agent app offline
 * protocol").
 *
 * What is stored where:
 * - `session`: the signed-in user from /api/me (one row, id 'me'), so an agent who opens the
 *   installed app with no signal is not sent to the login page.
 * - `appointmentLists`: the last answer of each portal tab, with when it was synced.
 * - `appointments`, `appointmentFiles`, `appointmentNotes`: the mirror of the open, pending and
 *   assigned appointments (detail, files list, message thread), refreshed by the network.
 * - `profile`: the agent's own profile (GET /api/agents/me).
 * - `outbox`: every action of the agent (claim, counter, decline, complete, message, scan-back
 *   upload, profile edit) until the server has answered it; its id is the Idempotency-Key.
 * - `outboxBlobs`: the bytes of scan-backs waiting to upload, as ArrayBuffer + type (Safari
 *   loses Blobs stored in IndexedDB).
 * - `keptDocuments`: documents of today's and tomorrow's assignments kept on the phone when the
 *   agent turned on "Keep documents on this phone" (features/appointments/documents), as ArrayBuffer + type,
 *   keyed by appointment and file; deleted once the appointment is completed, no longer the
 *   agent's, or its date has passed (docs/decisions/017-documents-kept-on-the-phone.md).
 *
 * Before the agent is assigned, nothing here holds the appointment's name or file number (they
 * often carry the borrower's surname): offers are titled by order type and place, as the server
 * sends them; version 4 dropped them from copies made before (DESIGN.md "Access").
 *
 * Once a signing's 3-day window has closed (DESIGN.md "Data lifecycle"), nothing here holds its
 * signer, street, files list, messages, kept documents or name either: only the record the
 * server answers (`view: 'agent_record'`) and the card. `forgetClosedSignings`
 * (lib/forget-closed-signings.ts) deletes the rest each time the database opens and after each
 * sync of the assigned lists.
 *
 * Mirrored rows carry the user id: a snapshot is never shown to another user of the device.
 * `clearUserData()` (lib/offline-store.ts) erases the mirror on sign-out; the outbox is only
 * erased by an explicit sign-out the agent confirmed, never because a session expired. After a
 * sign-out, writes of that user's rows to the mirror are dropped (`refuseMirrorWrites`): a
 * request still on its way (a list refresh, a kept document's download) must not write the
 * previous agent's borrower data back onto a shared phone.
 * The service worker never stores API answers.
 *
 * Loaded on demand through lib/offline-store.ts and lib/outbox, so Dexie is not part of the
 * JavaScript the first screen waits for.
 */
import Dexie, {
  type DBCore,
  type DBCoreMutateRequest,
  type DBCoreMutateResponse,
  type EntityTable,
  type Table,
  type Transaction,
} from 'dexie';
import { offerTitle } from '@signingdesk/domain/offer-title';
import type { AgentProfile, AppointmentView, FileList, NoteThread } from '../types/api';
import type { AgentAppointment, AgentTab, Me } from '../types/api';
import type { OutboxBlob, OutboxItem } from './outbox/types';
import { AGENT_DB_NAME } from './db-name';
import { forgetClosedSignings } from './forget-closed-signings';

export interface SessionRow {
  id: 'me';
  me: Me;
  syncedAt: number;
}

export interface AppointmentListRow {
  tab: AgentTab;
  /** Whose list this is: a snapshot is never shown to another user on the same device. */
  userId: string;
  items: AgentAppointment[];
  syncedAt: number;
}

export interface AppointmentRow {
  id: string;
  userId: string;
  view: AppointmentView;
  syncedAt: number;
}

export interface AppointmentFilesRow {
  appointmentId: string;
  userId: string;
  list: FileList;
  syncedAt: number;
}

export interface AppointmentNotesRow {
  appointmentId: string;
  userId: string;
  thread: NoteThread;
  syncedAt: number;
}

export interface ProfileRow {
  userId: string;
  profile: AgentProfile;
  syncedAt: number;
}

export interface KeptDocumentRow {
  appointmentId: string;
  fileId: string;
  userId: string;
  /** The appointment's date (YYYY-MM-DD): the copy is deleted once that day is over. */
  date: string;
  name: string;
  /** MIME type of `data`. */
  type: string;
  size: number;
  /** The bytes as an ArrayBuffer, not a Blob (Safari loses Blobs stored in IndexedDB). */
  data: ArrayBuffer;
  keptAt: number;
}

export class AgentDb extends Dexie {
  session!: EntityTable<SessionRow, 'id'>;
  appointmentLists!: EntityTable<AppointmentListRow, 'tab'>;
  appointments!: EntityTable<AppointmentRow, 'id'>;
  appointmentFiles!: EntityTable<AppointmentFilesRow, 'appointmentId'>;
  appointmentNotes!: EntityTable<AppointmentNotesRow, 'appointmentId'>;
  profile!: EntityTable<ProfileRow, 'userId'>;
  outbox!: EntityTable<OutboxItem, 'id'>;
  outboxBlobs!: EntityTable<OutboxBlob, 'id'>;
  keptDocuments!: Table<KeptDocumentRow, [string, string]>;

  constructor(name = AGENT_DB_NAME, options?: ConstructorParameters<typeof Dexie>[1]) {
    super(name, options);
    this.version(1).stores({
      session: 'id',
      appointmentLists: 'tab',
    });
    this.version(2).stores({
      appointments: 'id, userId',
      appointmentFiles: 'appointmentId, userId',
      appointmentNotes: 'appointmentId, userId',
      profile: 'userId',
      outbox: 'id, userId, state, createdAt, appointmentId',
      outboxBlobs: 'id',
    });
    // The compound indexes let the app list, count and size the kept copies from index keys
    // alone, without reading megabytes of bytes each time the files panel renders.
    this.version(3).stores({
      keptDocuments: '[appointmentId+fileId], userId, [userId+appointmentId], [userId+date], [userId+size]',
    });
    this.version(4).stores({}).upgrade(withholdOfferNames);
    this.use({ stack: 'dbcore', name: 'signed-out-users', create: dropSignedOutWrites });
    // Every start: a signing whose window closed while the app was away loses its details
    // before any screen reads them. A failure costs only this clean-up, never the opening.
    this.on(
      'ready',
      (vip) => forgetClosedSignings(vip as AgentDb).catch((error: unknown) => console.warn('Could not clear closed signings', error)),
      true,
    );
  }
}

/** Tables of the mirror, whose rows belong to one user (not the outbox: a sign-out queues rows). */
const MIRROR_TABLES = new Set([
  'session',
  'appointmentLists',
  'appointments',
  'appointmentFiles',
  'appointmentNotes',
  'profile',
  'keptDocuments',
]);
const signedOutUsers = new Set<string>();

/** Sign-out: from now on this page drops writes of the user's rows to the mirror. */
export function refuseMirrorWrites(userId: string): void {
  signedOutUsers.add(userId);
}

/** Someone signed in on this page: their answers may be mirrored again. */
export function allowMirrorWrites(): void {
  signedOutUsers.clear();
}

function ownerOf(row: unknown): string | undefined {
  if (typeof row !== 'object' || row === null) return undefined;
  const record = row as { userId?: unknown; me?: { id?: unknown } };
  const owner = record.userId ?? record.me?.id;
  return typeof owner === 'string' ? owner : undefined;
}

function dropSignedOutWrites(down: DBCore): DBCore {
  return {
    ...down,
    table(name) {
      const table = down.table(name);
      if (!MIRROR_TABLES.has(name)) return table;
      return {
        ...table,
        mutate(request: DBCoreMutateRequest): Promise<DBCoreMutateResponse> {
          // Plain writes only: a modify() with criteria only touches rows still there.
          const plain = (request.type === 'put' && !request.criteria) || request.type === 'add';
          if (!plain || signedOutUsers.size === 0) return table.mutate(request);
          const keep = request.values.map((value) => {
            const owner = ownerOf(value);
            return owner === undefined || !signedOutUsers.has(owner);
          });
          if (keep.every(Boolean)) return table.mutate(request);
          const values = request.values.filter((_, i) => keep[i]);
          if (values.length === 0) return Promise.resolve({ numFailures: 0, failures: {}, results: [], lastResult: undefined });
          const keys = request.keys?.filter((_, i) => keep[i]);
          return table.mutate({ ...request, values, ...(keys ? { keys } : {}) });
        },
      };
    },
  };
}

const OFFER_TABS = new Set(['open', 'pending']);
const OFFER_ACTIONS = new Set(['claim', 'counter', 'decline', 'withdraw']);
type Loose = Record<string, unknown>;
const text = (value: unknown) => (typeof value === 'string' ? value : '');
const code = (value: unknown) => (typeof value === 'number' ? value : null);

/**
 * Version 4: copies made while the server still sent an offer's name and file number lose
 * them. Offers get the title the server now sends (from the mirrored preview's order type when
 * the phone has it, else the place alone); actions waiting in the outbox are named by it.
 */
async function withholdOfferNames(tx: Transaction): Promise<void> {
  const titles = new Map<string, string>();
  const types = new Map<string, Loose>();
  await tx
    .table('appointments')
    .toCollection()
    .modify((row: { view: Loose }) => {
      const view = row.view;
      types.set(text(view.id), view);
      if (view.view !== 'preview') return;
      const title = offerTitle({
        city: text(view.city),
        state: text(view.state),
        transactionType: code(view.transactionType),
        financeType: code(view.financeType),
      });
      const { name: _name, fileNumber: _fileNumber, ...rest } = view;
      row.view = { ...rest, title };
      titles.set(text(view.id), title);
    });
  const titleOf = (item: Loose) => {
    const known = titles.get(text(item.id));
    if (known) return known;
    const view = types.get(text(item.id)) ?? {};
    return offerTitle({
      city: text(item.city),
      state: text(item.state),
      transactionType: code(view.transactionType),
      financeType: code(view.financeType),
    });
  };
  await tx
    .table('appointmentLists')
    .toCollection()
    .modify((row: { tab: string; items: Loose[] }) => {
      row.items = row.items.map((item) => {
        const title = text(item.title) || titleOf(item);
        if (!OFFER_TABS.has(row.tab)) return { ...item, title };
        const { name: _name, fileNumber: _fileNumber, ...rest } = item;
        titles.set(text(item.id), title);
        return { ...rest, title };
      });
    });
  await tx
    .table('outbox')
    .toCollection()
    .modify((item: { action: Loose }) => {
      if (!OFFER_ACTIONS.has(text(item.action.kind))) return;
      item.action = { ...item.action, appointmentName: titles.get(text(item.action.appointmentId)) ?? 'an offer' };
    });
}

export const db = new AgentDb();

/** For lib/use-live-db.ts, which imports Dexie only with this module. */
export { liveQuery } from 'dexie';
