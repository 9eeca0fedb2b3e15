/**
 * Which operator actions an order allows (spec 02 §4; the API's workflow service is the judge,
 * this only decides which buttons are enabled, so a refused one is never offered), and why a
 * button that waits for the signing is disabled — in the words the API refuses with, from the
 * same domain rules (domain/appointment-rules `completionOpen`, domain/fee-rules `settlementRefusal`).
 */
import { completionNotYetMessage, completionOpen } from '@signingdesk/domain/appointment-rules';
import type { AppointmentStatus } from '@signingdesk/domain/codes';
import { settlementRefusal } from '@signingdesk/domain/fee-rules';

export interface OrderState {
  status: AppointmentStatus;
  assigned: boolean;
  markedCompleted: boolean;
  agentPaid: boolean;
  /** When the signing starts (epoch seconds), and its wall time for the reason's words. */
  startsAt: number;
  date: string;
  time: string;
  timeTbd: boolean;
  timeZone: string;
}

export const LIVE_BID_STATUSES = ['claimed', 'countered'] as const;

export function operatorActionsFor(order: OrderState, nowSeconds = Math.floor(Date.now() / 1000)) {
  const { status, assigned } = order;
  const open = status === 'Open' || status === 'Pending';
  const why = waitingReasons(order, nowSeconds);
  return {
    /** Send to Notaries / Send to Preferred Agents. */
    send: open,
    /** Accept and Decline show only while the request is not yet filled. */
    decideBids: open,
    directAssign: !assigned && (open || status === 'Paused'),
    reassign: assigned && (status === 'Scheduled' || status === 'Paused'),
    /** Cancel Appointment while no agent has filled it. */
    cancel: !assigned && (open || status === 'Paused'),
    hold: open || status === 'Scheduled',
    reopen: (status === 'Paused' && !assigned) || status === 'Canceled',
    schedule: status === 'Paused' && assigned,
    /** Mark Appointment Complete once an agent has filled it and the signing has started. */
    complete: status === 'Scheduled' && !order.markedCompleted && why.complete === null,
    /** Mark Notary Paid and Send Invoice once the signing is completed (decision 047). */
    markPaid: !order.agentPaid && why.markPaid === null,
    invoice: why.invoice === null,
    /** Why each of those is disabled while it waits for the signing; null when it is not waiting. */
    why,
  };
}

/** The sentence shown beside a completion, payment or invoice button that waits for the signing. */
function waitingReasons(order: OrderState, nowSeconds: number) {
  const notStarted = order.status === 'Scheduled' && !order.markedCompleted && !completionOpen(order.startsAt, nowSeconds);
  return {
    complete: notStarted ? completionNotYetMessage(order) : null,
    markPaid: settlementRefusal('pay', order),
    invoice: settlementRefusal('invoice', order),
  };
}
