/**
 * Row-level access to appointments (DESIGN.md "Access"): operators see every order, a
 * creator_admin the firm's, a creator their own, an agent those assigned to them (full view)
 * or offered to them (preview fields only). An appointment the caller may not see is a 404,
 * the same answer as one that does not exist.
 *
 * The assigned agent keeps the full detail only while the work needs it (DESIGN.md "Data
 * lifecycle", `agentDetailWindowOpen`); afterwards their access is 'agent-record': the routes
 * that opt in (the detail, the offer preview) answer what they need to be paid, every other
 * route of the order — documents, messages, the timeline, actions — answers 404.
 */
import type { Db, Tx } from '@signingdesk/db';
import { schema } from '@signingdesk/db';
import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import { agentDetailWindowOpen } from '@signingdesk/domain/appointment-rules';
import { isUuid } from '@signingdesk/domain/uuid';
import type { Actor } from './actor';
import { notFound } from './app-error';
import { prepared } from './prepared';

const { appointments, offers } = schema;

/** How much of an appointment the caller may see. */
export type AppointmentAccess = 'operator' | 'firm' | 'owner' | 'assigned-agent' | 'agent-record' | 'offered-agent';

export interface FindAppointmentOptions {
  forUpdate?: boolean;
  /**
   * The route answers the assigned agent's record once the window has closed (access
   * 'agent-record'). Without it, that agent gets 404: a route has to choose to serve them.
   */
  agentRecord?: boolean;
  /** The clock the window is judged at; tests pass a fixed one. */
  now?: Date;
}

/** A WHERE condition selecting the appointments the actor may see at all. */
export function visibleAppointments(actor: Actor): SQL {
  switch (actor.role) {
    case 'admin':
    case 'sub_admin':
      return sql`true`;
    case 'creator_admin':
      return eq(appointments.firmId, actor.firmId);
    case 'creator':
      return eq(appointments.createdBy, actor.userId);
    case 'notary':
      if (actor.status !== 'active') return sql`false`;
      return or(
        eq(appointments.assignedAgentId, actor.userId),
        sql`exists (select 1 from ${offers} where ${offers.appointmentId} = ${appointments.id} and ${offers.agentId} = ${actor.userId})`,
      )!;
  }
}

/**
 * visibleAppointments for a prepared query (lib/prepared.ts): the condition depends on the role
 * (the shape); the ids it names are the placeholders `viewerFirmId` and `viewerId`.
 */
export function visibleAppointmentsShape(actor: Actor): { shape: string; where: () => SQL; values: Record<string, string> } {
  switch (actor.role) {
    case 'admin':
    case 'sub_admin':
      return { shape: 'all', where: () => sql`true`, values: {} };
    case 'creator_admin':
      return {
        shape: 'firm',
        where: () => eq(appointments.firmId, sql.placeholder('viewerFirmId')),
        values: { viewerFirmId: actor.firmId },
      };
    case 'creator':
      return { shape: 'own', where: () => eq(appointments.createdBy, sql.placeholder('viewerId')), values: { viewerId: actor.userId } };
    case 'notary':
      if (actor.status !== 'active') return { shape: 'none', where: () => sql`false`, values: {} };
      return {
        shape: 'agent',
        where: () =>
          or(
            eq(appointments.assignedAgentId, sql.placeholder('viewerId')),
            sql`exists (select 1 from ${offers} where ${offers.appointmentId} = ${appointments.id} and ${offers.agentId} = ${sql.placeholder('viewerId')})`,
          )!,
        values: { viewerId: actor.userId },
      };
  }
}

/** Loads one appointment the actor may see and how much of it, or throws 404. */
export async function findVisibleAppointment(
  db: Db | Tx,
  actor: Actor,
  appointmentId: string,
  options: FindAppointmentOptions = {},
): Promise<{ appointment: typeof appointments.$inferSelect; access: AppointmentAccess }> {
  if (!isUuid(appointmentId)) throw notFound('This appointment');
  const visible = visibleAppointmentsShape(actor);
  // Inside a transaction, FOR UPDATE serialises every change to one appointment.
  const lock = options.forUpdate === true;
  const query = prepared(db, `visible-appointment:${visible.shape}:${lock ? 'for-update' : 'read'}`, () => {
    const select = db
      .select()
      .from(appointments)
      .where(and(eq(appointments.id, sql.placeholder('appointmentId')), visible.where()));
    return lock ? select.for('update', { of: appointments }) : select;
  });
  const [appointment] = await query.execute({ ...visible.values, appointmentId });
  if (!appointment) throw notFound('This appointment');
  const access = accessOf(actor, appointment, options.now ?? new Date());
  if (access === 'agent-record' && !options.agentRecord) throw notFound('This appointment');
  return { appointment, access };
}

function accessOf(actor: Actor, appointment: typeof appointments.$inferSelect, now: Date): AppointmentAccess {
  switch (actor.role) {
    case 'admin':
    case 'sub_admin':
      return 'operator';
    case 'creator_admin':
      return 'firm';
    case 'creator':
      return 'owner';
    case 'notary':
      if (appointment.assignedAgentId !== actor.userId) return 'offered-agent';
      return agentDetailWindowOpen(appointment, Math.floor(now.getTime() / 1000)) ? 'assigned-agent' : 'agent-record';
  }
}
