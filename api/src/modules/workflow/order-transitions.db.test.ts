/**
 * The table of the order's transitions (domain/order-transitions.ts) is what both sides obey
 * (issue 29): in every state an order can be in, each button the console enables is an action
 * the API takes, and each one it disables is refused with the table's code and sentence. One
 * order is put into each state directly in the database, then every action is tried through the
 * HTTP API, the state restored before each try.
 *
 * Every state has a live claim of another agent (B), so a bid to accept, decline or reassign to
 * is always there: a refusal is the order's state's, never the input's.
 */
import { schema } from '@signingdesk/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeButtonShown } from '@signingdesk/domain/appointment-rules';
import type { AppointmentStatus } from '@signingdesk/domain/codes';
import { ORDER_ACTIONS, roleMayTake, transitionRefusal, type OrderAction } from '@signingdesk/domain/order-transitions';
import { OPERATOR_ROLES, ROLES, type Role } from '@signingdesk/domain/roles';
import { OPERATOR_BUTTONS, operatorActionsFor } from '../../../../console/src/features/order-details/utils/operator-rules';
import {
  appointmentRow,
  createOrder,
  makeEligible,
  otherAgentEmail,
  post,
  signInAll,
  userIdOf,
  type Sessions,
} from '../../testing/fixtures';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { orderFacts } from './transition-guard';
import { CONFIRMATION_CLEARED } from '@signingdesk/domain/signing-day';

interface State {
  name: string;
  status: AppointmentStatus;
  assigned: boolean;
  /** The signing has started (else it is three days ahead). */
  started?: boolean;
  agentPaid?: boolean;
}

/**
 * Every status, with and without an agent where the database admits both (Scheduled and
 * Completed always have one), and the two facts the table also reads: the signing's start
 * (completion waits for it) and the agent's payment.
 */
const STATES: State[] = [
  { name: 'Open', status: 'Open', assigned: false },
  { name: 'Open with an agent', status: 'Open', assigned: true },
  { name: 'Pending', status: 'Pending', assigned: false },
  { name: 'Pending with an agent', status: 'Pending', assigned: true },
  { name: 'Scheduled before the signing', status: 'Scheduled', assigned: true, started: false },
  { name: 'Scheduled, signing started', status: 'Scheduled', assigned: true, started: true },
  { name: 'on hold', status: 'Paused', assigned: false },
  { name: 'on hold with its agent', status: 'Paused', assigned: true, started: true },
  { name: 'Completed', status: 'Completed', assigned: true, started: true },
  { name: 'Completed and paid', status: 'Completed', assigned: true, started: true, agentPaid: true },
  { name: 'Canceled', status: 'Canceled', assigned: false },
  { name: 'Canceled with an agent', status: 'Canceled', assigned: true },
];

/** The request each action of the table is: path under the order, and body. */
const REQUESTS = {
  send: () => ['send', {}],
  dispatch: () => ['dispatch', { action: 'start' }],
  acceptBid: (bidId) => [`bids/${bidId}/accept`],
  declineBid: (bidId) => [`bids/${bidId}/decline`],
  assign: (_, agentB) => ['assign', { agentId: agentB }],
  reassign: (bidId) => ['reassign', { offerId: bidId }],
  hold: () => ['status', { status: 'Paused' }],
  reopen: () => ['status', { status: 'Open' }],
  schedule: () => ['status', { status: 'Scheduled' }],
  cancel: () => ['status', { status: 'Canceled' }],
  complete: () => ['complete'],
  notSigned: () => ['did-not-sign', { reason: 'no_show' }],
  confirmSigner: () => ['signer-confirmations', { method: 'call', result: 'confirmed' }],
  recordShipment: () => ['return-shipment', { carrier: 'FedEx', trackingNumber: '1234 5678 9012' }],
  markPaid: () => ['mark-paid'],
  invoice: () => ['invoice'],
  bid: () => ['claim'],
  changeAnswer: () => ['withdraw'],
  leave: () => ['leave', { reason: 'My car broke down.' }],
} satisfies Record<OrderAction, (bidId: string, agentB: string) => [string, unknown?]>;

const SESSION_OF: Record<Role, keyof Sessions> = {
  admin: 'admin',
  sub_admin: 'subAdmin',
  creator_admin: 'orgAdmin',
  creator: 'escrowA',
  notary: 'otherAgent',
};

describe('the order’s transitions, one table for the API and the console', () => {
  let t: TestApp;
  let s: Sessions;
  let orderId: string;
  let agentA: string;
  let agentB: string;
  beforeAll(async () => {
    t = await createTestApp();
    s = await signInAll(t);
    agentA = await userIdOf(t, 'agent@demo.test');
    agentB = await userIdOf(t, await otherAgentEmail(t));
    orderId = await createOrder(t, s.escrowA);
    await makeEligible(t, orderId, [agentA, agentB]);
  });
  afterAll(() => t.close());

  /** Puts the order into `state`: agent A assigned or none, agent B's live claim; returns B's offer id. */
  async function putInto(state: State): Promise<string> {
    const db = t.database.db;
    const { appointments, offers, invoices, dispatches } = schema;
    const now = Math.floor(Date.now() / 1000);
    await db.delete(invoices).where(eq(invoices.appointmentId, orderId));
    await db.delete(offers).where(eq(offers.appointmentId, orderId));
    await db.delete(dispatches).where(eq(dispatches.appointmentId, orderId));
    const [bid] = await db
      .insert(offers)
      .values({ appointmentId: orderId, agentId: agentB, status: 'claimed', bidCents: 15_000, respondedAt: new Date() })
      .returning();
    if (state.assigned) {
      await db
        .insert(offers)
        .values({ appointmentId: orderId, agentId: agentA, status: 'approved', bidCents: 15_000, respondedAt: new Date() });
    }
    const completed = state.status === 'Completed';
    await db
      .update(appointments)
      .set({
        status: state.status,
        assignedAgentId: state.assigned ? agentA : null,
        // The fees as ordered: an earlier "did not sign" made them the trip fee and its markup.
        agentFeeCents: 15_000,
        firmFeeCents: 19_500,
        startsAt: state.started ? now - 3600 : now + 3 * 86_400,
        markedCompleted: completed,
        markedCompletedAt: completed ? new Date() : null,
        // A state starts with no outcome, or Signed when completed; an earlier "did not sign" is undone.
        outcome: completed ? 'signed' : null,
        notSignedReason: null,
        outcomeNote: null,
        rescheduleRequested: false,
        rescheduleNote: null,
        ...CONFIRMATION_CLEARED,
        originalsCarrier: null,
        originalsTracking: null,
        originalsShippedAt: null,
        agentPaid: state.agentPaid ?? false,
        agentPaidAt: state.agentPaid ? new Date() : null,
      })
      .where(eq(appointments.id, orderId));
    return bid!.id;
  }

  /** Tries `action` as `role` from `state`: null when taken, else the refusal (status, code, detail). */
  async function attempt(state: State, action: OrderAction, role: Role) {
    const bidId = await putInto(state);
    const [path, body] = REQUESTS[action](bidId, agentB);
    const res = await post(t, `/api/appointments/${orderId}/${path}`, s[SESSION_OF[role]], body);
    if (res.status >= 200 && res.status < 300) return null;
    return { status: res.status, code: res.body?.code, message: res.body?.detail };
  }

  /** The table's facts of the order in `state`, read back from the database. */
  async function factsIn(state: State) {
    await putInto(state);
    return orderFacts(await appointmentRow(t, orderId));
  }

  for (const role of OPERATOR_ROLES) {
    it(`enables for ${role} exactly the buttons whose actions the API takes, in every state`, async () => {
      const mismatches: string[] = [];
      for (const state of STATES) {
        const facts = await factsIn(state);
        const nowSeconds = Math.floor(Date.now() / 1000);
        const enabled = operatorActionsFor(facts, nowSeconds);
        for (const [button, actions] of Object.entries(OPERATOR_BUTTONS)) {
          const answers = [];
          for (const action of actions) {
            const refusal = await attempt(state, action, role);
            const expected = transitionRefusal(action, facts, nowSeconds);
            // A refusal says the table's code and sentence, with the status the code has.
            if (refusal) expect({ code: refusal.code, message: refusal.message }, `${state.name}: ${action}`).toEqual(expected);
            answers.push(refusal === null);
          }
          const taken = answers.every(Boolean);
          if (enabled[button as keyof typeof OPERATOR_BUTTONS] !== taken) {
            mismatches.push(`${state.name}: ${button} is ${taken ? 'taken' : 'refused'} by the API but the console shows it otherwise`);
          }
        }
      }
      expect(mismatches).toEqual([]);
    });
  }

  it('answers 403 to every role the table leaves out of an action, whatever the state', async () => {
    const state = STATES.find((x) => x.name === 'Scheduled, signing started')!;
    const answered: string[] = [];
    for (const role of ROLES) {
      for (const action of ORDER_ACTIONS.filter((a) => !roleMayTake(a, role))) {
        const refusal = await attempt(state, action, role);
        if (refusal?.status !== 403) answered.push(`${role} ${action}: ${refusal?.status ?? 'taken'}`);
      }
    }
    expect(answered).toEqual([]);
  });

  it('lets the assigned agent mark complete exactly when the agent app is shown the button', async () => {
    for (const state of STATES.filter((x) => x.assigned)) {
      const facts = await factsIn(state);
      const shown = completeButtonShown(facts);
      const res = await post(t, `/api/appointments/${orderId}/complete`, s.agent);
      // Canceled with an agent is closed to the agent altogether (DESIGN.md "Data lifecycle"): 404.
      if (state.status === 'Canceled') expect(res.status, state.name).toBe(404);
      else expect(res.status === 200, state.name).toBe(shown);
    }
  });

  it('takes an offered agent’s claim and taken-back answer exactly when the table allows them', async () => {
    for (const state of STATES) {
      const facts = await factsIn(state);
      for (const action of ['bid', 'changeAnswer'] as const) {
        const refusal = await attempt(state, action, 'notary');
        const expected = transitionRefusal(action, facts);
        expect(refusal && { code: refusal.code, message: refusal.message }, `${state.name}: ${action}`).toEqual(expected);
      }
    }
  });
});
