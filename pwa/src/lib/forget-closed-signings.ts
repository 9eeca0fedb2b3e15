/**
 * Takes the borrower's details off the phone once a signing's window has closed (DESIGN.md
 * "Data lifecycle", `agentDetailWindowOpen` in domain/): the server then answers the agent
 * only the record of what they are paid for, and the offline copy must not keep more than the
 * server gives. Owns no table of its own; it deletes from the mirror of lib/db.ts:
 * - a full detail copy (`view: 'agent'`) whose window has closed: the record replaces it at the
 *   next network answer;
 * - the files list, the message thread and the kept documents of every signing past its window
 *   (a record copy, a closed full copy, or a card of the assigned and completed lists);
 * - the appointment's name on those cards (the server no longer sends it).
 * Run when the database opens (every start) and after each sync of the assigned lists.
 */
import { agentDetailWindowOpen } from '@signingdesk/domain/appointment-rules';
import type { AgentDb } from './db';

const ASSIGNMENT_TABS: ReadonlySet<string> = new Set(['assigned', 'completed']);

type Loose = Record<string, unknown>;

/** Status and start of a stored view or card, written by any app version (missing fields keep it open). */
function windowOpen(value: Loose, nowSeconds: number): boolean {
  if (typeof value.status !== 'string' || typeof value.startsAt !== 'number') return true;
  return agentDetailWindowOpen({ status: value.status, startsAt: value.startsAt }, nowSeconds);
}

export async function forgetClosedSignings(db: AgentDb, now = Date.now()): Promise<void> {
  const nowSeconds = Math.floor(now / 1000);
  const tables = [db.appointments, db.appointmentLists, db.appointmentFiles, db.appointmentNotes, db.keptDocuments];
  await db.transaction('rw', tables, async () => {
    const closed = new Set<string>();
    const closedCopies: string[] = [];
    await db.appointments.each((row) => {
      const view = row.view as unknown as Loose;
      if (view.view === 'agent_record') closed.add(row.id);
      else if (view.view === 'agent' && !windowOpen(view, nowSeconds)) {
        closed.add(row.id);
        closedCopies.push(row.id);
      }
    });
    await db.appointmentLists.toCollection().modify((row) => {
      if (!ASSIGNMENT_TABS.has(row.tab)) return false;
      let changed = false;
      row.items = row.items.map((item) => {
        if (windowOpen(item as unknown as Loose, nowSeconds)) return item;
        closed.add(item.id);
        if (item.name === undefined) return item;
        changed = true;
        const { name: _name, ...rest } = item;
        return rest;
      });
      // Returning false leaves the row unwritten: only a list that lost a name is put back.
      return changed;
    });
    await db.appointments.bulkDelete(closedCopies);
    await forgetDetailsIn(db, [...closed]);
  });
}

/** The files list, thread and kept documents of these appointments (the server answers them 404 now). */
export async function forgetDetails(db: AgentDb, appointmentIds: readonly string[]): Promise<void> {
  await db.transaction('rw', [db.appointmentFiles, db.appointmentNotes, db.keptDocuments], () => forgetDetailsIn(db, appointmentIds));
}

async function forgetDetailsIn(db: AgentDb, appointmentIds: readonly string[]): Promise<void> {
  if (appointmentIds.length === 0) return;
  await db.appointmentFiles.bulkDelete([...appointmentIds]);
  await db.appointmentNotes.bulkDelete([...appointmentIds]);
  for (const id of appointmentIds) {
    await db.keptDocuments.where('[appointmentId+fileId]').between([id, ''], [id, '\uffff']).delete();
  }
}
