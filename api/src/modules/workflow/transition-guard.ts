/**
 * The one guard of the order's transitions: an action the table of domain/order-transitions.ts
 * does not allow for the caller's role, or from the order's state, is refused with the table's
 * code and sentence. The workflow service and the invoice service call it inside the
 * transaction that locked the order, so what it judges is what the action changes.
 */
import type { schema } from '@signingdesk/db';
import { roleMayTake, transitionRefusal, type OrderAction, type OrderFacts } from '@signingdesk/domain/order-transitions';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';

type Appointment = typeof schema.appointments.$inferSelect;

/** What the table reads of a stored order. */
export function orderFacts(appointment: Appointment): OrderFacts {
  return { ...appointment, assigned: appointment.assignedAgentId !== null };
}

/**
 * Throws unless `actor` may take `action` on `appointment` at `now`. The routes already answer
 * 403 to the roles the table leaves out; the role is checked here too, so the table is the rule.
 */
export function assertTransitionAllowed(action: OrderAction, actor: Actor, appointment: Appointment, now = new Date()): void {
  if (!roleMayTake(action, actor.role)) throw new AppError('FORBIDDEN', 'Your role does not have access to this.');
  const refusal = transitionRefusal(action, orderFacts(appointment), Math.floor(now.getTime() / 1000));
  if (refusal) throw new AppError(refusal.code, refusal.message);
}
