/**
 * The agent app's IndexedDB (Dexie), so the app opens with the last synced data when the
 * network is gone (DESIGN.md "Agent app offline protocol").
 *
 * What is stored where:
 * - `session`: the signed-in user from /api/me (one row, id 'me'), so an agent who opens the
 *   installed app with no signal is not sent to the login page.
 * - `appointmentLists`: the last answer of each portal tab, with when it was synced.
 *
 * Everything here is the signed-in user's data: `clearUserData()` (lib/offline-store.ts) runs
 * on sign-out and when the server says the session is gone. The service worker never stores
 * API answers. Later issues add tables (appointment details, the outbox) with a new
 * `version(n)`.
 *
 * Loaded on demand through lib/offline-store.ts, so Dexie is not part of the JavaScript the
 * first screen waits for.
 */
import Dexie, { type EntityTable } from 'dexie';
import type { AgentAppointment, AgentTab, Me } from '../types/api';

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

export class AgentDb extends Dexie {
  session!: EntityTable<SessionRow, 'id'>;
  appointmentLists!: EntityTable<AppointmentListRow, 'tab'>;

  constructor() {
    super('signingdesk-agent');
    this.version(1).stores({
      session: 'id',
      appointmentLists: 'tab',
    });
  }
}

export const db = new AgentDb();
