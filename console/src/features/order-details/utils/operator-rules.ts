/**
 * Which operator actions an order allows (spec 02 §4; the API's workflow service is the judge,
 * this only decides which buttons are enabled, so a refused one is never offered).
 */
import type { AppointmentStatus } from '@signingdesk/domain/codes';

export interface OrderState {
  status: AppointmentStatus;
  assigned: boolean;
  markedCompleted: boolean;
  agentPaid: boolean;
}

export const LIVE_BID_STATUSES = ['claimed', 'countered'] as const;

export function operatorActionsFor(order: OrderState) {
  const { status, assigned } = order;
  const open = status === 'Open' || status === 'Pending';
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
    /** Mark Appointment Complete once an agent has filled it. */
    complete: status === 'Scheduled' && !order.markedCompleted,
    markPaid: assigned && !order.agentPaid && (status === 'Scheduled' || status === 'Completed'),
    invoice: assigned && (status === 'Scheduled' || status === 'Completed'),
  };
}
