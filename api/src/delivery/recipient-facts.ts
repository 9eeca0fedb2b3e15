/**
 * What the texts of one notification may say about its appointment, per recipient. An agent
 * who is not assigned to the appointment — offered it, bidding, declined, displaced, or simply
 * reached by a job written while they were assigned — hears its neutral title (order type and
 * place), never its name or file number, which often carry the borrower's surname (DESIGN.md
 * "Access"). Nor does the assigned agent once the signing's 3-day window has closed
 * (`agentDetailWindowOpen`, decision 044): "You were marked paid for …" weeks later names the
 * neutral title, as the agent's record of it does. Jobs keep the name in their payload for the
 * escrow side and operators, so the payload is cleaned here, at the one place every channel's
 * words are written from.
 */
import { agentDetailWindowOpen } from '@signingdesk/domain/appointment-rules';
import { offerTitle } from '@signingdesk/domain/offer-title';
import type { Role } from '@signingdesk/domain/roles';
import type { StoredNotification } from './notify';
import type { AppointmentFacts } from './texts';

/** The appointment as delivery loads it: the texts' facts plus the order type and its window's facts. */
export interface LoadedAppointment extends AppointmentFacts {
  transactionType: number;
  financeType: number | null;
  status: string;
  /** Seconds since the epoch (appointments.starts_at). */
  startsAt: number;
}

export function factsForRecipient(
  appointment: LoadedAppointment | null,
  notification: StoredNotification | null,
  recipient: { id: string; role: Role },
  nowSeconds = Math.floor(Date.now() / 1000),
): { appointment: AppointmentFacts | null; notification: StoredNotification | null } {
  if (recipient.role !== 'notary') return { appointment, notification };
  if (appointment && appointment.assignedAgentId === recipient.id && agentDetailWindowOpen(appointment, nowSeconds))
    return { appointment, notification };
  // Without the appointment (deleted since) nobody can tell whether the agent was assigned.
  // The payloads' only naming field is `name` (delivery/notify.ts); reading a job keeps no other field.
  return {
    appointment: appointment && { ...appointment, name: offerTitle(appointment), fileNumber: null },
    notification: notification && withoutName(notification),
  };
}

function withoutName<N extends StoredNotification>(notification: N): N {
  return { ...notification, payload: { ...notification.payload, name: undefined } };
}
