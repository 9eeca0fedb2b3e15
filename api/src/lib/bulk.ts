/**
 * One action on several orders chosen in the Assignments table (issue 30): each order runs the
 * action's own service, in its own transaction, so the transition guard judges every row as it
 * would judge one. A row the action may not take is reported with its file number and the guard's
 * sentence; the others are done.
 */
import type { Db } from '@signingdesk/db';
import { schema } from '@signingdesk/db';
import { and, inArray } from 'drizzle-orm';
import { visibleAppointments } from './access';
import type { Actor } from './actor';
import { AppError } from './app-error';

type Done = { id: string; fileNumber: string | null };
type Refused = Done & { message: string };

const orders = (count: number) => (count === 1 ? '1 order' : `${count} orders`);

/** "2 agents marked paid. Not done for 1 order: 24-1102 (…)". */
function summary(done: Done[], refused: Refused[], doneWords: (count: number) => string) {
  const parts = done.length > 0 ? [`${doneWords(done.length)}.`] : [];
  if (refused.length > 0) {
    const which = refused.map((r) => `${r.fileNumber ?? 'no file number'}: ${r.message}`).join('; ');
    parts.push(`Not done for ${orders(refused.length)} — ${which}`);
  }
  return parts.join(' ');
}

export async function applyToEach(
  db: Db,
  actor: Actor,
  ids: readonly string[],
  action: (id: string) => Promise<unknown>,
  doneWords: (count: number) => string,
) {
  const unique = [...new Set(ids)];
  const known = await db
    .select({ id: schema.appointments.id, fileNumber: schema.appointments.fileNumber })
    .from(schema.appointments)
    .where(and(visibleAppointments(actor), inArray(schema.appointments.id, unique)));
  const fileNumberOf = new Map(known.map((r) => [r.id, r.fileNumber]));
  const done: Done[] = [];
  const refused: Refused[] = [];
  for (const id of unique) {
    const fileNumber = fileNumberOf.get(id) ?? null;
    try {
      await action(id);
      done.push({ id, fileNumber });
    } catch (error) {
      if (!(error instanceof AppError) || error.code === 'INTERNAL' || error.code === 'DATABASE_UNAVAILABLE') throw error;
      refused.push({ id, fileNumber, message: error.message });
    }
  }
  return { message: summary(done, refused, doneWords), done, refused };
}

export const agentsMarkedPaid = (count: number) => (count === 1 ? '1 agent marked paid' : `${count} agents marked paid`);
export const invoicesSent = (count: number) => (count === 1 ? '1 invoice sent' : `${count} invoices sent`);
