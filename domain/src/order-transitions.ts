/**
 * The order's transitions (spec 02 §4, DESIGN.md "Domain"), stated once: each action on an
 * order, who may take it and what the order must be for it, in the order the conditions are
 * checked. The API's workflow service refuses by this table (api/src/modules/workflow/
 * transition-guard.ts, one named guard), and the console enables its buttons by it
 * (console/.../operator-rules.ts), so the two cannot drift; order-transitions.db.test.ts tries
 * every action in every state through the API against the console's buttons.
 *
 * What is not here is about the action's input, not the order: which bid or agent is chosen
 * (a live bid, an eligible active agent), the offer of the agent who bids, the one invoice per
 * order. Those stay with the action.
 */
import { completionNotYetMessage, completionOpen } from './appointment-rules';
import { appointmentStatusLabel, type AppointmentStatus } from './codes';
import type { ErrorCode } from './error-codes';
import { settlementRefusal, SETTLEMENT_STATUSES, type SettlementAction } from './fee-rules';
import { OPERATOR_ROLES, type Role } from './roles';

/** What the table reads of an order. */
export interface OrderFacts {
  status: AppointmentStatus;
  /** An agent is assigned (`assignedAgentId` is set). */
  assigned: boolean;
  markedCompleted: boolean;
  agentPaid: boolean;
  /** When the signing starts (epoch seconds), and its wall time for the words of a refusal. */
  startsAt: number;
  date: string;
  time: string;
  timeTbd: boolean;
  timeZone: string;
}

/** Why an action is refused: the API's error code and the sentence the person reads. */
export interface Refusal {
  code: ErrorCode;
  message: string;
}

/**
 * One condition of an action, named by what it requires. `kind` says what sort of condition it
 * is: the order's status, whether an agent is assigned, something already done, or the signing
 * the action waits for (the console says why beside a button that waits).
 */
export interface Precondition {
  requires: string;
  kind: 'status' | 'agent' | 'done' | 'waits';
  refusal(order: OrderFacts, nowSeconds: number): Refusal | null;
}

interface StatusPrecondition extends Precondition {
  kind: 'status';
  from: readonly AppointmentStatus[];
}

export interface Transition {
  /** The roles whose requests the action is for; the API answers 403 to the others. */
  roles: readonly Role[];
  /** Which of them, where the role alone does not say it (row-level access decides the rest). */
  who?: string;
  /** Checked in this order; the first that refuses is the answer. */
  requires: readonly Precondition[];
}

// ——— The preconditions ———

/** The order is in one of `from`; else "You cannot <verb> an appointment that is <status>.". */
function statusIn(from: readonly AppointmentStatus[], verb: string): StatusPrecondition {
  return {
    requires: `status is ${from.join(' or ')}`,
    kind: 'status',
    from,
    refusal: (order) =>
      from.includes(order.status)
        ? null
        : {
            code: 'NOT_ALLOWED_IN_STATUS',
            message: `You cannot ${verb} an appointment that is ${appointmentStatusLabel(order.status).toLowerCase()}.`,
          },
  };
}

function hasAgent(code: ErrorCode, message: string): Precondition {
  return { requires: 'an agent is assigned', kind: 'agent', refusal: (order) => (order.assigned ? null : { code, message }) };
}

function hasNoAgent(code: ErrorCode, message: string): Precondition {
  return { requires: 'no agent is assigned', kind: 'agent', refusal: (order) => (order.assigned ? { code, message } : null) };
}

/** Whether another agent has filled the order, for an agent's bid: assigned, scheduled or done. */
export function orderFilled(order: { status: string; assigned: boolean }): boolean {
  return order.assigned || order.status === 'Scheduled' || order.status === 'Completed';
}

/** What an agent reads who bids on, or changes an answer to, an order another agent filled. */
const ORDER_TAKEN_MESSAGE = 'This order has already been assigned.';

const notFilled: Precondition = {
  requires: 'no agent has filled the order',
  kind: 'agent',
  refusal: (order) => (orderFilled(order) ? { code: 'OFFER_TAKEN', message: ORDER_TAKEN_MESSAGE } : null),
};

const notMarkedComplete: Precondition = {
  requires: 'not marked complete',
  kind: 'done',
  refusal: (order) =>
    order.markedCompleted || order.status === 'Completed'
      ? { code: 'NOT_ALLOWED_IN_STATUS', message: 'This assignment is already marked complete.' }
      : null,
};

/** The signing has started (decision 015, `completionOpen`); before, the answer says from when. */
const signingStarted: Precondition = {
  requires: 'the signing has started',
  kind: 'waits',
  refusal: (order, nowSeconds) =>
    completionOpen(order.startsAt, nowSeconds) ? null : { code: 'NOT_YET_STARTED', message: completionNotYetMessage(order) },
};

/** The signing has not started yet: what an agent may still give back before it. */
const notYetStarted: Precondition = {
  requires: 'the signing has not started',
  kind: 'done',
  refusal: (order, nowSeconds) =>
    nowSeconds < order.startsAt
      ? null
      : {
          code: 'NOT_ALLOWED_IN_STATUS',
          message: 'The signing has started, so you can no longer withdraw from it. Message the SigningDesk team on the order instead.',
        },
};

const notPaid: Precondition = {
  requires: 'the agent is not marked paid',
  kind: 'done',
  refusal: (order) => (order.agentPaid ? { code: 'ALREADY_PAID', message: 'The agent is already marked paid.' } : null),
};

/** The signing's outcome is known (decision 047, `settlementRefusal`): the agent's pay can no longer change. */
function settled(action: SettlementAction): Precondition {
  return {
    requires: `status is ${SETTLEMENT_STATUSES.join(' or ')} with an agent`,
    kind: 'waits',
    refusal: (order) => {
      const message = settlementRefusal(action, order);
      return message === null ? null : { code: 'NOT_ALLOWED_IN_STATUS', message };
    },
  };
}

// ——— The table ———

/** While the order takes bids: offered to agents and not yet filled. */
const TAKING_BIDS = ['Open', 'Pending'] as const;

export const ORDER_TRANSITIONS = {
  /** Send to Notaries / Send to Preferred Agents. */
  send: { roles: OPERATOR_ROLES, requires: [statusIn(TAKING_BIDS, 'send')] },
  /** Start (or resume) automatic dispatch (decision 067); pausing and stopping it are about the dispatch, not the order. */
  dispatch: {
    roles: OPERATOR_ROLES,
    requires: [hasNoAgent('OFFER_TAKEN', 'An agent is already assigned to this order.'), statusIn(TAKING_BIDS, 'dispatch')],
  },
  acceptBid: {
    roles: OPERATOR_ROLES,
    requires: [
      hasNoAgent('OFFER_TAKEN', 'Another bid was already accepted for this appointment.'),
      statusIn(TAKING_BIDS, 'accept a bid on'),
    ],
  },
  declineBid: { roles: OPERATOR_ROLES, requires: [statusIn(TAKING_BIDS, 'decline a bid on')] },
  /** Direct assignment, also of an order on hold. */
  assign: {
    roles: OPERATOR_ROLES,
    requires: [
      hasNoAgent('OFFER_TAKEN', 'An agent is already assigned; use reassignment from the bid list.'),
      statusIn(['Open', 'Pending', 'Paused'], 'assign an agent to'),
    ],
  },
  reassign: {
    roles: OPERATOR_ROLES,
    requires: [
      hasAgent('NOT_ALLOWED_IN_STATUS', 'No agent is assigned yet; accept a bid or assign an agent directly.'),
      statusIn(['Scheduled', 'Paused'], 'reassign'),
    ],
  },
  /** On hold (status Paused). */
  hold: { roles: OPERATOR_ROLES, requires: [statusIn(['Open', 'Pending', 'Scheduled'], 'put on hold')] },
  /** Back to taking bids: Open, or Pending while live bids remain. An order with an agent is scheduled instead. */
  reopen: {
    roles: OPERATOR_ROLES,
    requires: [
      statusIn(['Paused', 'Canceled'], 'reopen'),
      hasNoAgent('NOT_ALLOWED_IN_STATUS', 'An agent is assigned: set the appointment to Scheduled instead.'),
    ],
  },
  /** An order on hold with its agent back to Scheduled. */
  schedule: {
    roles: OPERATOR_ROLES,
    requires: [
      statusIn(['Paused'], 'set to scheduled'),
      hasAgent('NOT_ALLOWED_IN_STATUS', 'No agent is assigned: accept a bid or assign an agent first.'),
    ],
  },
  /** Only while no agent has filled it. */
  cancel: {
    roles: OPERATOR_ROLES,
    requires: [
      hasNoAgent('NOT_ALLOWED_IN_STATUS', 'An agent has filled this appointment; it can no longer be canceled.'),
      statusIn(['Open', 'Pending', 'Paused'], 'cancel'),
    ],
  },
  complete: {
    roles: ['notary', ...OPERATOR_ROLES],
    who: 'the assigned agent or an operator',
    requires: [notMarkedComplete, statusIn(['Scheduled'], 'mark complete'), signingStarted],
  },
  /** "Signer did not sign" (issue 33): an outcome like completion, paid and invoiced at the trip fee. */
  notSigned: {
    roles: ['notary', ...OPERATOR_ROLES],
    who: 'the assigned agent or an operator',
    requires: [notMarkedComplete, statusIn(['Scheduled'], 'record the outcome of'), signingStarted],
  },
  /** The agent's confirmation with the signer, or a confirmation link sent to them (issue 33): while the order is scheduled. */
  confirmSigner: {
    roles: ['notary', ...OPERATOR_ROLES],
    who: 'the assigned agent or an operator',
    requires: [notMarkedComplete, statusIn(['Scheduled'], 'confirm the signer of')],
  },
  /** The carrier and tracking number of the originals (issue 33): from the start of a signing that was signed. */
  recordShipment: {
    roles: ['notary', ...OPERATOR_ROLES],
    who: 'the assigned agent or an operator',
    requires: [statusIn(['Scheduled', 'Completed'], 'record the shipment of'), signingStarted],
  },
  /** Mark Notary Paid: once, after the signing's outcome is known. */
  markPaid: {
    roles: OPERATOR_ROLES,
    requires: [notPaid, hasAgent('NOT_ALLOWED_IN_STATUS', 'No agent is assigned to pay.'), settled('pay')],
  },
  /** Send Invoice (one per order, which the invoice service checks). */
  invoice: { roles: OPERATOR_ROLES, requires: [settled('invoice')] },
  /**
   * The assigned agent withdraws from a scheduled signing before it starts (decision 067): the
   * order takes offers again and dispatch looks for another agent; it counts against the
   * agent's "Assignments kept".
   */
  leave: {
    roles: ['notary'],
    who: 'the assigned agent',
    requires: [notMarkedComplete, statusIn(['Scheduled'], 'withdraw from'), notYetStarted],
  },
  /** An agent's claim or counter. */
  bid: { roles: ['notary'], who: 'an agent the order was offered to', requires: [notFilled, statusIn(TAKING_BIDS, 'bid on')] },
  /** An agent takes back a decline or a live bid (decision 015). */
  changeAnswer: {
    roles: ['notary'],
    who: 'an agent the order was offered to',
    requires: [notFilled, statusIn(TAKING_BIDS, 'change your answer on')],
  },
} as const satisfies Record<string, Transition>;

export type OrderAction = keyof typeof ORDER_TRANSITIONS;
export const ORDER_ACTIONS = Object.keys(ORDER_TRANSITIONS) as OrderAction[];

/** The action each status an operator sets is (POST /appointments/{id}/status). */
export const STATUS_CHANGE_ACTIONS = {
  Paused: 'hold',
  Open: 'reopen',
  Scheduled: 'schedule',
  Canceled: 'cancel',
} as const satisfies Record<string, OrderAction>;

const transition = (action: OrderAction): Transition => ORDER_TRANSITIONS[action];

/** Why `action` is refused on this order now, or null when it is allowed. */
export function transitionRefusal(action: OrderAction, order: OrderFacts, nowSeconds = Math.floor(Date.now() / 1000)): Refusal | null {
  for (const condition of transition(action).requires) {
    const refusal = condition.refusal(order, nowSeconds);
    if (refusal) return refusal;
  }
  return null;
}

export function transitionAllowed(action: OrderAction, order: OrderFacts, nowSeconds = Math.floor(Date.now() / 1000)): boolean {
  return transitionRefusal(action, order, nowSeconds) === null;
}

/** Whether requests of `role` may take `action` at all. */
export function roleMayTake(action: OrderAction, role: Role): boolean {
  return transition(action).roles.includes(role);
}

/**
 * Why `action` waits for the signing (its start, or its outcome), or null when it does not wait:
 * the sentence beside a disabled button. Only a condition that waits is said; one the action is
 * refused by before it (the wrong status, already done) is shown by the button's state alone. A
 * missing agent is part of the wait: a signing is completed only with one.
 */
export function waitingReason(action: OrderAction, order: OrderFacts, nowSeconds = Math.floor(Date.now() / 1000)): string | null {
  for (const condition of transition(action).requires) {
    if (condition.kind === 'agent') continue;
    const refusal = condition.refusal(order, nowSeconds);
    if (refusal) return condition.kind === 'waits' ? refusal.message : null;
  }
  return null;
}
