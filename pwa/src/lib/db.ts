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
 *
 * Mirrored rows carry the user id: a snapshot is never shown to another user of the device.
 * `clearUserData()` (lib/offline-store.ts) erases the mirror on sign-out; the outbox is only
 * erased by an explicit sign-out the agent confirmed, never because a session expired.
 * The service worker never stores API answers.
 *
 * Loaded on demand through lib/offline-store.ts and lib/outbox, so Dexie is not part of the
 * JavaScript the first screen waits for.
 */
import Dexie, { type EntityTable } from 'dexie';
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

export class AgentDb extends Dexie {
  session!: EntityTable<SessionRow, 'id'>;
  appointmentLists!: EntityTable<AppointmentListRow, 'tab'>;
  appointments!: EntityTable<AppointmentRow, 'id'>;
  appointmentFiles!: EntityTable<AppointmentFilesRow, 'appointmentId'>;
  appointmentNotes!: EntityTable<AppointmentNotesRow, 'appointmentId'>;
  profile!: EntityTable<ProfileRow, 'userId'>;
  outbox!: EntityTable<OutboxItem, 'id'>;
  outboxBlobs!: EntityTable<OutboxBlob, 'id'>;

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
  }
}

export const db = new AgentDb();
