/**
 * Where each mirrored answer of an appointment lives in IndexedDB (lib/db.ts): the views in
 * `appointments`, the files list in `appointmentFiles`, the thread in `appointmentNotes`. Rows
 * carry the user id; a row of another user of the device is never answered.
 */
import type { AppointmentView, FileList, NoteThread } from '../../../types/api';
import type { MirrorStore } from '../../../lib/mirrored-get';
import { withMirror } from '../../../lib/offline-store';

/** The appointment's view (`accept` picks the views this screen can show). */
export function appointmentViewStore<V extends AppointmentView>(
  id: string,
  userId: string,
  accept: (view: AppointmentView) => view is V,
): MirrorStore<V> {
  return {
    load: async () => {
      const row = await withMirror((db) => db.appointments.get(id));
      return row && row.userId === userId && accept(row.view) ? { data: row.view, syncedAt: row.syncedAt } : undefined;
    },
    save: async (view) => {
      await withMirror((db) => db.appointments.put({ id, userId, view, syncedAt: Date.now() }));
    },
    remove: async () => {
      await withMirror((db) => db.appointments.delete(id));
    },
  };
}

export function filesStore(appointmentId: string, userId: string): MirrorStore<FileList> {
  return {
    load: async () => {
      const row = await withMirror((db) => db.appointmentFiles.get(appointmentId));
      return row && row.userId === userId ? { data: row.list, syncedAt: row.syncedAt } : undefined;
    },
    save: async (list) => {
      await withMirror((db) => db.appointmentFiles.put({ appointmentId, userId, list, syncedAt: Date.now() }));
    },
    remove: async () => {
      await withMirror((db) => db.appointmentFiles.delete(appointmentId));
    },
  };
}

export function notesStore(appointmentId: string, userId: string): MirrorStore<NoteThread> {
  return {
    load: async () => {
      const row = await withMirror((db) => db.appointmentNotes.get(appointmentId));
      return row && row.userId === userId ? { data: row.thread, syncedAt: row.syncedAt } : undefined;
    },
    save: async (thread) => {
      await withMirror((db) => db.appointmentNotes.put({ appointmentId, userId, thread, syncedAt: Date.now() }));
    },
    remove: async () => {
      await withMirror((db) => db.appointmentNotes.delete(appointmentId));
    },
  };
}
