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
 *   agent turned on "Keep documents on this phone" (features/documents), as ArrayBuffer + type,
 *   keyed by appointment and file; deleted once the appointment is completed, no longer the
 *   agent's, or its date has passed (docs/decisions/017-documents-kept-on-the-phone.md).
 *
 * Mirrored rows carry the user id: a snapshot is never shown to another user of the device.
 * `clearUserData()` (lib/offline-store.ts) erases the mirror on sign-out; the outbox is only
 * erased by an explicit sign-out the agent confirmed, never because a session expired.
 * The service worker never stores API answers.
 *
 * Loaded on demand through lib/offline-store.ts and lib/outbox, so Dexie is not part of the
 * JavaScript the first screen waits for.
 */
import Dexie, { type EntityTable, type Table } from 'dexie';
import type { AgentProfile, AppointmentView, FileList, NoteThread } from '@signingdesk/api/contracts';
import type { AgentAppointment, AgentTab, Me } from '../types/api';
import type { OutboxBlob, OutboxItem } from './outbox/types';

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

  constructor(name = 'signingdesk-agent', options?: ConstructorParameters<typeof Dexie>[1]) {
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
  }
}

export const db = new AgentDb();
