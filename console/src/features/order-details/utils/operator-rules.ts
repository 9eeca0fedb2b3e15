/**
 * Which operator actions an order allows (spec 02 §4), and why a button that waits for the
 * signing is disabled. Both come from the table of the order's transitions
 * (domain/order-transitions.ts) that the API's workflow service refuses by, so a button is
 * enabled exactly when the API would take the action, and a waiting one says the API's words;
 * api/src/modules/workflow/order-transitions.db.test.ts tries every button in every state.
 */
import { transitionAllowed, waitingReason, type OrderAction, type OrderFacts } from '@signingdesk/domain/order-transitions';

export { LIVE_BID_STATUSES, REASSIGNABLE_BID_STATUSES } from '@signingdesk/domain/offer-status';

export type OrderState = OrderFacts;

/** The order's buttons (and menu items) and the actions of the table each one takes. */
export const OPERATOR_BUTTONS = {
  /** Send to Notaries / Send to Preferred Agents. */
  send: ['send'],
  /** Start or resume automatic dispatch (decision 067). */
  dispatch: ['dispatch'],
  /** Accept and Decline beside each live bid. */
  decideBids: ['acceptBid', 'declineBid'],
  directAssign: ['assign'],
  reassign: ['reassign'],
  /** Cancel Appointment while no agent has filled it. */
  cancel: ['cancel'],
  hold: ['hold'],
  reopen: ['reopen'],
  schedule: ['schedule'],
  /** Mark Appointment Complete once an agent has filled it and the signing has started. */
  complete: ['complete'],
  /** Signer did not sign (issue 33): the other outcome, offered when Mark Appointment Complete is. */
  notSigned: ['notSigned'],
  /** Record confirmation and Send confirmation link (issue 33): while the order is scheduled. */
  confirmSigner: ['confirmSigner'],
  /** Record shipment of the originals (issue 33): from the signing's start. */
  recordShipment: ['recordShipment'],
  /** Mark Notary Paid and Send Invoice once the signing is completed (decision 047). */
  markPaid: ['markPaid'],
  invoice: ['invoice'],
} as const satisfies Record<string, readonly OrderAction[]>;

export type OperatorButton = keyof typeof OPERATOR_BUTTONS;

export function operatorActionsFor(order: OrderState, nowSeconds = Math.floor(Date.now() / 1000)) {
  const enabled = Object.fromEntries(
    Object.entries(OPERATOR_BUTTONS).map(([button, actions]) => [button, actions.every((a) => transitionAllowed(a, order, nowSeconds))]),
  ) as Record<OperatorButton, boolean>;
  return {
    ...enabled,
    /** Why each of those is disabled while it waits for the signing; null when it is not waiting. */
    why: {
      complete: waitingReason('complete', order, nowSeconds),
      notSigned: waitingReason('notSigned', order, nowSeconds),
      markPaid: waitingReason('markPaid', order, nowSeconds),
      invoice: waitingReason('invoice', order, nowSeconds),
    },
  };
}
