/**
 * The appointment state machine (DESIGN.md "Domain", spec 02 §4): the offers (send, the agents'
 * claims, counters and declines, the operators' decisions on bids) and the order's transitions
 * (assignment, hold, reopen, cancel, completion, payment). The folder keeps the name `workflow/`
 * for both; it holds nothing else (issue 29 chose to say so here rather than rename it).
 *
 * Who may take each action and from which state is the table of domain/order-transitions.ts,
 * checked by the one guard `assertTransitionAllowed` (./transition-guard.ts); the console
 * enables its buttons by the same table. The groups of offer statuses are
 * domain/offer-status.ts. Every transition locks the appointment row (SELECT … FOR UPDATE) in
 * one transaction, checks the table, writes the change, its audit row and the notification jobs
 * it causes, and commits all of it or nothing. Racing agents or operators are serialised by the
 * lock, so exactly one wins; the others get a 409 with a code.
 */
import type { Db, Tx } from '@signingdesk/db';
import { schema } from '@signingdesk/db';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { completionMessage } from '@signingdesk/domain/appointment-rules';
import { appointmentStatusLabel } from '@signingdesk/domain/codes';
import { agreedPayCents, feesWithAgentPay } from '@signingdesk/domain/fee-rules';
import {
  CLOSED_OFFER_STATUSES,
  LIVE_BID_STATUSES,
  OPEN_OFFER_STATUSES,
  offerStatusIn,
  REASSIGNABLE_BID_STATUSES,
  RETRACTABLE_ANSWER_STATUSES,
  UNBID_OFFER_STATUSES,
} from '@signingdesk/domain/offer-status';
import { STATUS_CHANGE_ACTIONS } from '@signingdesk/domain/order-transitions';
import { formatCents } from '@signingdesk/domain/money';
import { NOT_SIGNED_REASONS, notSignedMessage } from '@signingdesk/domain/signing-outcome';
import { CONFIRMATION_CLEARED } from '@signingdesk/domain/signing-day';
import type { NotSigned } from '@signingdesk/domain/signing-outcome-input';
import { findVisibleAppointment, type AppointmentAccess } from '../../lib/access';
import { isUuid } from '@signingdesk/domain/uuid';
import type { Actor } from '../../lib/actor';
import { AppError, notFound } from '../../lib/app-error';
import { audit } from '../../lib/audit';
import { notify, operatorIds, type Notification, type NotificationPayloads, type NotificationType } from '../../delivery/notify';
import { bidsOf, viewFor, type ViewOptions } from '../appointments/appointments.views';
import { firmRequirementGaps } from '@signingdesk/domain/credentials';
import { firmRequirementsOf } from '../../lib/credential-rules';
import { agentIneligibility, eligibleAgentIds, type OrderPlace } from './eligibility';
import { assertTransitionAllowed } from './transition-guard';
import { answerForDispatch, beforeAnswer, dispatchAfterOrderChange, restartWithout } from '../dispatch/dispatcher';

const { appointments, offers, agentProfiles, profiles, user, firms } = schema;
type Appointment = typeof appointments.$inferSelect;
type Offer = typeof offers.$inferSelect;
type AppointmentStatus = Appointment['status'];

/** An agent newly assigned: the signer's confirmation is theirs to record, counted from now. */
const newAssignment = () => ({ ...CONFIRMATION_CLEARED, assignedAt: new Date() });

/** The clock a transition runs at; tests pass a fixed one to check time boundaries. */
export interface ClockOptions {
  now?: Date;
}

interface Locked {
  tx: Tx;
  appointment: Appointment;
  access: AppointmentAccess;
}

export async function withLockedAppointment<T>(db: Db, actor: Actor, appointmentId: string, work: (locked: Locked) => Promise<T>) {
  return db.transaction(async (tx) => {
    const { appointment, access } = await findVisibleAppointment(tx, actor, appointmentId, { forUpdate: true });
    return work({ tx, appointment, access });
  });
}

export async function result(
  tx: Tx,
  actor: Actor,
  appointmentId: string,
  access: AppointmentAccess,
  message: string,
  options: ViewOptions = {},
) {
  const [appointment] = await tx.select().from(appointments).where(eq(appointments.id, appointmentId));
  return { message, appointment: await viewFor(tx, actor, appointment!, access, options) };
}

/** What a notice adds to the order's name and link, which `record` gives every one. */
type NoticePayload<P> = Omit<P, 'name' | 'url'>;
/** A notification a transition causes, its payload checked against its own type's. */
type Notice = {
  [T in NotificationType]: NotificationPayloads[T] extends { name: string; url: string }
    ? { type: T; to: (string | null)[] } & (Partial<NoticePayload<NotificationPayloads[T]>> extends NoticePayload<NotificationPayloads[T]>
        ? { payload?: NoticePayload<NotificationPayloads[T]> }
        : { payload: NoticePayload<NotificationPayloads[T]> })
    : never;
}[NotificationType];

export async function record(
  tx: Tx,
  actor: Actor,
  appointment: Appointment,
  action: string,
  details: Record<string, unknown>,
  notifications: Notice[],
) {
  await audit(tx, {
    actorId: actor.userId,
    action,
    entityType: 'appointment',
    entityId: appointment.id,
    appointmentId: appointment.id,
    details,
  });
  for (const n of notifications) {
    // Each notice was checked against its type's payload above; TypeScript cannot follow one
    // member of the union through the spread, hence the assertion.
    await notify(tx, {
      type: n.type,
      recipientIds: n.to.filter((id): id is string => Boolean(id) && id !== actor.userId),
      appointmentId: appointment.id,
      payload: { name: appointment.name, url: `/preview/${appointment.id}`, ...n.payload },
    } as Notification);
  }
}

async function liveBidderIds(tx: Tx, appointmentId: string, exceptOfferId?: string): Promise<string[]> {
  const rows = await tx
    .select({ agentId: offers.agentId })
    .from(offers)
    .where(
      and(
        eq(offers.appointmentId, appointmentId),
        inArray(offers.status, [...LIVE_BID_STATUSES]),
        exceptOfferId ? ne(offers.id, exceptOfferId) : undefined,
      ),
    );
  return rows.map((r) => r.agentId);
}

async function setStatus(tx: Tx, appointmentId: string, values: Partial<Appointment>) {
  await tx.update(appointments).set(values).where(eq(appointments.id, appointmentId));
}

/**
 * The order's fees once `agentPayCents` is agreed with the agent now assigned (decision 047):
 * the agent fee becomes the pay, the firm fee follows with the order's markup. Called by every
 * transition that assigns an agent, in its transaction.
 */
async function agreedFees(tx: Tx, appointment: Appointment, agentPayCents: number) {
  const [firm] = await tx.select({ serviceFeeCents: firms.serviceFeeCents }).from(firms).where(eq(firms.id, appointment.firmId));
  return feesWithAgentPay(appointment, agentPayCents, firm?.serviceFeeCents ?? 0);
}

/**
 * Closes the bidding: every other live bid is rejected, every unanswered offer removed. Returns
 * the agents of the unanswered offers dispatch made (decision 067): they are told the signing
 * was filled.
 */
async function closeBidding(tx: Tx, appointmentId: string, winnerOfferId: string | null): Promise<string[]> {
  const others = winnerOfferId ? ne(offers.id, winnerOfferId) : undefined;
  await tx
    .update(offers)
    .set({ status: 'rejected', respondedAt: new Date() })
    .where(and(eq(offers.appointmentId, appointmentId), inArray(offers.status, [...LIVE_BID_STATUSES]), others));
  const removed = await tx
    .update(offers)
    .set({ status: 'removed' })
    .where(and(eq(offers.appointmentId, appointmentId), inArray(offers.status, [...UNBID_OFFER_STATUSES]), others))
    .returning({ agentId: offers.agentId, wave: offers.wave });
  return removed.filter((r) => r.wave !== null).map((r) => r.agentId);
}

// ——— Operators: offering ———

export async function sendToAgents(db: Db, actor: Actor, appointmentId: string, options: { preferredOnly: boolean }) {
  return withLockedAppointment(db, actor, appointmentId, async ({ tx, appointment, access }) => {
    assertTransitionAllowed('send', actor, appointment);
    const eligible = await eligibleAgentIds(tx, appointment, { radiusMiles: 'own', preferredOnly: options.preferredOnly });
    const added: string[] = [];
    for (let i = 0; i < eligible.length; i += 1000) {
      const rows = await tx
        .insert(offers)
        .values(eligible.slice(i, i + 1000).map((agentId) => ({ appointmentId: appointment.id, agentId })))
        .onConflictDoNothing()
        .returning({ agentId: offers.agentId });
      added.push(...rows.map((r) => r.agentId));
    }
    await record(
      tx,
      actor,
      appointment,
      options.preferredOnly ? 'appointment.sent_preferred' : 'appointment.sent',
      { offered: added.length },
      [
        {
          type: 'offer.new',
          to: added,
          payload: {
            city: appointment.city,
            state: appointment.state,
            date: appointment.date,
            time: appointment.timeTbd ? 'TBD' : appointment.time,
            timeZone: appointment.timeZone,
            fee: formatCents(appointment.agentFeeCents),
          },
        },
      ],
    );
    const who = options.preferredOnly ? 'preferred agents' : 'signing agents';
    const meeting =
      eligible.length === 0 && firmRequirementGaps([], await firmRequirementsOf(tx, appointment.firmId), appointment.date).length > 0
        ? " who meet this firm's agent requirements"
        : '';
    const message =
      eligible.length === 0
        ? `There are no available ${who} commissioned in ${appointment.state}${meeting} whose travel radius reaches this appointment; it was not sent.`
        : added.length === 0
          ? `No new ${who} to offer this appointment to; everyone eligible already has it.`
          : `Offered to ${added.length} ${who}.`;
    return { ...(await result(tx, actor, appointment.id, access, message)), offered: added.length };
  });
}

// ——— Agents: claim, counter, decline, take back ———

async function agentOffer(tx: Tx, actor: Actor, appointment: Appointment, access: AppointmentAccess): Promise<Offer> {
  if (access === 'assigned-agent') throw new AppError('NOT_ALLOWED_IN_STATUS', 'You are already assigned to this appointment.');
  if (access !== 'offered-agent') throw notFound('This appointment');
  const [offer] = await tx
    .select()
    .from(offers)
    .where(and(eq(offers.appointmentId, appointment.id), eq(offers.agentId, actor.userId)));
  if (!offer) throw notFound('This appointment');
  return offer;
}

/**
 * Refuses an agent the eligibility rule no longer admits (decision 048): a commission removed
 * from their profile, or a move beyond their own travel radius (decision 067), since the offer was sent. Operators'
 * assignments say it in the operator's words, an agent's own bid in the agent's.
 */
async function refuseIneligible(tx: Tx, appointment: OrderPlace, agentId: string, who: 'operator' | 'agent') {
  const refusal = await agentIneligibility(tx, appointment, agentId, { radiusMiles: 'own', who });
  if (refusal) throw new AppError('NOT_ELIGIBLE', refusal.message);
}

async function placeBid(db: Db, actor: Actor, appointmentId: string, bid: { counter: boolean; cents?: number }) {
  return withLockedAppointment(db, actor, appointmentId, async ({ tx, appointment, access }) => {
    const offer = await agentOffer(tx, actor, appointment, access);
    assertTransitionAllowed('bid', actor, appointment);
    if (offerStatusIn(offer.status, CLOSED_OFFER_STATUSES)) {
      throw new AppError('NOT_ALLOWED_IN_STATUS', 'This offer is no longer open to you.');
    }
    // A decline stands until the agent takes it back, so a stale claim from another device
    // cannot silently undo it (decision 015).
    if (offer.status === 'declined') {
      throw new AppError('NOT_ALLOWED_IN_STATUS', 'You declined this offer. Take the decline back first to claim or counter.');
    }
    // A dispatch wave's offer was made within the agent's own travel radius (decision 067).
    await refuseIneligible(tx, appointment, actor.userId, 'agent');
    const bidCents = bid.counter ? bid.cents! : appointment.agentFeeCents;
    const status = bid.counter ? 'countered' : 'claimed';
    const message = bid.counter
      ? `Thank you! Your counter offer of ${formatCents(bidCents)} was sent and is pending approval.`
      : `Thank you! Your claim at ${formatCents(bidCents)} was received and is pending approval.`;
    // The same bid again (a double tap, a second device, a retry without a key) is the answer
    // the agent already gave: it is answered alike and tells nobody anything new.
    if (offer.status === status && offer.bidCents === bidCents) {
      return { message, offer: { id: offer.id, status: offer.status, bidCents: offer.bidCents } };
    }
    const answeredAt = new Date();
    const before = await beforeAnswer(tx, appointment.id, actor.userId, { now: answeredAt });
    const [updated] = await tx
      .update(offers)
      .set({ status, bidCents, respondedAt: answeredAt, agentRespondedAt: answeredAt })
      .where(eq(offers.id, offer.id))
      .returning();
    if (appointment.status === 'Open') await setStatus(tx, appointment.id, { status: 'Pending' });
    // Dispatch's automatic assignment (decision 067): a good enough answer assigns at once.
    const dispatch = await answerForDispatch(tx, appointment, updated!, before, { now: answeredAt });
    if (dispatch?.assign) {
      await record(tx, actor, appointment, bid.counter ? 'offer.countered' : 'offer.claimed', { offerId: offer.id, bidCents }, []);
      const fees = await assignBid(tx, actor, appointment, updated!, { auto: true });
      const [approved] = await tx.select().from(offers).where(eq(offers.id, offer.id));
      return {
        message: `You are assigned to this signing at ${formatCents(fees.agentFeeCents)}. It is on your schedule.`,
        offer: { id: approved!.id, status: approved!.status, bidCents: approved!.bidCents },
      };
    }
    await record(tx, actor, appointment, bid.counter ? 'offer.countered' : 'offer.claimed', { offerId: offer.id, bidCents }, [
      {
        type: 'appointment.bid_received',
        to: await operatorIds(tx),
        payload: { agent: actor.name, bid: formatCents(bidCents), kind: status },
      },
    ]);
    return { message, offer: { id: updated!.id, status: updated!.status, bidCents: updated!.bidCents } };
  });
}

export const claimOffer = (db: Db, actor: Actor, appointmentId: string) => placeBid(db, actor, appointmentId, { counter: false });
export const counterOffer = (db: Db, actor: Actor, appointmentId: string, cents: number) =>
  placeBid(db, actor, appointmentId, { counter: true, cents });

export async function declineOffer(db: Db, actor: Actor, appointmentId: string) {
  return withLockedAppointment(db, actor, appointmentId, async ({ tx, appointment, access }) => {
    const offer = await agentOffer(tx, actor, appointment, access);
    const message = 'You declined this offer. Thank you for letting us know.';
    // A decline repeated is the answer already given: answered alike, recorded once.
    if (offer.status === 'declined') return { message, offer: { id: offer.id, status: offer.status, bidCents: offer.bidCents } };
    if (!offerStatusIn(offer.status, OPEN_OFFER_STATUSES)) {
      throw new AppError('NOT_ALLOWED_IN_STATUS', 'This offer is no longer open to you.');
    }
    const before = await beforeAnswer(tx, appointment.id, actor.userId);
    const [updated] = await tx
      .update(offers)
      .set({ status: 'declined', bidCents: null, respondedAt: new Date(), agentRespondedAt: new Date() })
      .where(eq(offers.id, offer.id))
      .returning();
    await answerForDispatch(tx, appointment, updated!, before);
    if (appointment.status === 'Pending' && (await liveBidderIds(tx, appointment.id)).length === 0) {
      await setStatus(tx, appointment.id, { status: 'Open' });
    }
    await record(tx, actor, appointment, 'offer.declined', { offerId: offer.id }, []);
    return { message, offer: { id: updated!.id, status: updated!.status, bidCents: updated!.bidCents } };
  });
}

/**
 * Takes back the agent's answer while the order is still open for bids (decision 015): a
 * decline, so the offer is open to the agent again, or a pending claim or counter, so the
 * agent may answer anew. The last live bid withdrawn returns a Pending appointment to Open.
 * What an operator decided (approved, rejected, removed) is final.
 */
export async function withdrawOffer(db: Db, actor: Actor, appointmentId: string, options: ClockOptions = {}) {
  return withLockedAppointment(db, actor, appointmentId, async ({ tx, appointment, access }) => {
    const offer = await agentOffer(tx, actor, appointment, access);
    assertTransitionAllowed('changeAnswer', actor, appointment, options.now);
    const from = offer.status;
    if (from === 'offered') throw new AppError('NOT_ALLOWED_IN_STATUS', 'There is nothing to take back on this offer.');
    if (!offerStatusIn(from, RETRACTABLE_ANSWER_STATUSES)) {
      throw new AppError('NOT_ALLOWED_IN_STATUS', 'This offer is no longer open to you.');
    }
    const [updated] = await tx
      .update(offers)
      .set({ status: 'offered', bidCents: null, respondedAt: options.now ?? new Date() })
      .where(eq(offers.id, offer.id))
      .returning();
    const wasBid = from !== 'declined';
    const reopened = wasBid && appointment.status === 'Pending' && (await liveBidderIds(tx, appointment.id)).length === 0;
    if (reopened) await setStatus(tx, appointment.id, { status: 'Open' });
    // No notification: no existing type says "bid withdrawn" to operators; the bid list and the
    // audit log show it (decision 015).
    await record(
      tx,
      actor,
      appointment,
      'offer.withdrawn',
      wasBid ? { offerId: offer.id, from, bidCents: offer.bidCents, reopened } : { offerId: offer.id, from },
      [],
    );
    return {
      message: wasBid
        ? 'Your offer was withdrawn. You can claim or counter again while the order is open.'
        : 'Your decline was taken back. The offer is open to you again.',
      offer: { id: updated!.id, status: updated!.status, bidCents: updated!.bidCents },
    };
  });
}

/**
 * The assigned agent withdraws from a scheduled signing before it starts (decision 067), saying
 * why: the order takes offers again without them and dispatch restarts by itself
 * (`restartWithout`), and the operators and the escrow officer are told. The withdrawal counts
 * against the agent's "Assignments kept" (its audit row); a decline never does.
 */
export async function leaveAssignment(db: Db, actor: Actor, appointmentId: string, input: { reason: string }, options: ClockOptions = {}) {
  return withLockedAppointment(db, actor, appointmentId, async ({ tx, appointment, access }) => {
    const now = options.now ?? new Date();
    if (access !== 'assigned-agent') {
      if (access === 'offered-agent') throw new AppError('NOT_ALLOWED_IN_STATUS', 'You are not the signing agent assigned to this order.');
      throw notFound('This appointment');
    }
    assertTransitionAllowed('leave', actor, appointment, now);
    const [offer] = await tx
      .select({ id: offers.id })
      .from(offers)
      .where(and(eq(offers.appointmentId, appointment.id), eq(offers.agentId, actor.userId)));
    if (!offer) throw notFound('This appointment');
    await audit(tx, {
      actorId: actor.userId,
      action: 'appointment.agent_withdrew',
      entityType: 'appointment',
      entityId: appointment.id,
      appointmentId: appointment.id,
      details: { agentId: actor.userId, reason: input.reason, agentFeeCents: appointment.agentFeeCents },
    });
    const dispatch = await restartWithout(tx, appointment, { agentId: actor.userId, now });
    return {
      message:
        dispatch.state === 'running'
          ? 'You withdrew from this signing. The SigningDesk team and the escrow officer were told, and SigningDesk is finding another signing agent.'
          : 'You withdrew from this signing. The SigningDesk team and the escrow officer were told and will find another signing agent.',
      offer: { id: offer.id, status: 'removed' as const, bidCents: null },
    };
  });
}

// ——— Operators: bids and assignment ———

async function offerOf(tx: Tx, appointmentId: string, offerId: string): Promise<Offer> {
  if (!isUuid(offerId)) throw notFound('This bid');
  const [offer] = await tx
    .select()
    .from(offers)
    .where(and(eq(offers.id, offerId), eq(offers.appointmentId, appointmentId)));
  if (!offer) throw notFound('This bid');
  return offer;
}

export async function acceptBid(db: Db, actor: Actor, appointmentId: string, offerId: string) {
  return withLockedAppointment(db, actor, appointmentId, async ({ tx, appointment, access }) => {
    assertTransitionAllowed('acceptBid', actor, appointment);
    const offer = await offerOf(tx, appointment.id, offerId);
    if (!offerStatusIn(offer.status, LIVE_BID_STATUSES)) {
      throw new AppError('NOT_ALLOWED_IN_STATUS', `This bid is ${offer.status}; only claimed or countered bids can be accepted.`);
    }
    await refuseIneligible(tx, appointment, offer.agentId, 'operator');
    await assignBid(tx, actor, appointment, offer);
    return result(tx, actor, appointment.id, access, 'Bid accepted: the agent is assigned and everyone was notified.');
  });
}

/**
 * Assigns the order to the agent of a live bid at the agreed fee: by an operator accepting it,
 * or by dispatch's automatic assignment (`auto`, the agent's own answer). Every other bid and
 * offer closes; the agent, the other bidders, dispatch's other agents and the escrow officer
 * are told; a running dispatch ends.
 */
async function assignBid(tx: Tx, actor: Actor, appointment: Appointment, offer: Offer, options: { auto?: boolean } = {}) {
  const losers = await liveBidderIds(tx, appointment.id, offer.id);
  const fees = await agreedFees(tx, appointment, agreedPayCents(offer.bidCents, appointment.agentFeeCents));
  await tx.update(offers).set({ status: 'approved', bidCents: fees.agentFeeCents, respondedAt: new Date() }).where(eq(offers.id, offer.id));
  const unanswered = await closeBidding(tx, appointment.id, offer.id);
  await setStatus(tx, appointment.id, { status: 'Scheduled', assignedAgentId: offer.agentId, ...fees, ...newAssignment() });
  await record(
    tx,
    actor,
    appointment,
    'bid.accepted',
    { offerId: offer.id, agentId: offer.agentId, bidCents: fees.agentFeeCents, ...fees, ...(options.auto ? { auto: true } : {}) },
    [
      { type: 'bid.accepted', to: [offer.agentId], payload: { fee: formatCents(fees.agentFeeCents) } },
      { type: 'bid.declined', to: losers },
      { type: 'offer.filled', to: unanswered },
      { type: 'assignment.changed', to: [appointment.createdBy], payload: { agentId: offer.agentId } },
    ],
  );
  await dispatchAfterOrderChange(tx, appointment.id, { actorId: options.auto ? null : actor.userId });
  return fees;
}

export async function declineBid(db: Db, actor: Actor, appointmentId: string, offerId: string) {
  return withLockedAppointment(db, actor, appointmentId, async ({ tx, appointment, access }) => {
    assertTransitionAllowed('declineBid', actor, appointment);
    const offer = await offerOf(tx, appointment.id, offerId);
    if (!offerStatusIn(offer.status, LIVE_BID_STATUSES)) {
      throw new AppError('NOT_ALLOWED_IN_STATUS', `This bid is ${offer.status}; only claimed or countered bids can be declined.`);
    }
    await tx.update(offers).set({ status: 'rejected', respondedAt: new Date() }).where(eq(offers.id, offer.id));
    const reopened = appointment.status === 'Pending' && (await liveBidderIds(tx, appointment.id)).length === 0;
    if (reopened) await setStatus(tx, appointment.id, { status: 'Open' });
    await record(tx, actor, appointment, 'bid.declined', { offerId: offer.id, agentId: offer.agentId, reopened }, [
      { type: 'bid.declined', to: [offer.agentId] },
    ]);
    return result(
      tx,
      actor,
      appointment.id,
      access,
      reopened ? 'Bid declined; no bids remain, so the appointment is open again.' : 'Bid declined.',
    );
  });
}

async function requireActiveAgent(tx: Tx, agentId: string) {
  const [agent] = await tx
    .select({ id: user.id, status: profiles.status, registration: agentProfiles.registrationStatus })
    .from(user)
    .innerJoin(profiles, eq(profiles.userId, user.id))
    .innerJoin(agentProfiles, eq(agentProfiles.userId, user.id))
    .where(and(eq(user.id, agentId), eq(user.role, 'notary')));
  if (!agent || agent.status !== 'active' || agent.registration !== 'approved') {
    throw new AppError('VALIDATION_FAILED', 'That signing agent was not found or is not active.', [
      { field: 'agentId', message: 'must be an active signing agent' },
    ]);
  }
}

export async function assignAgent(db: Db, actor: Actor, appointmentId: string, input: { agentId: string; bid?: number | undefined }) {
  return withLockedAppointment(db, actor, appointmentId, async ({ tx, appointment, access }) => {
    assertTransitionAllowed('assign', actor, appointment);
    await requireActiveAgent(tx, input.agentId);
    await refuseIneligible(tx, appointment, input.agentId, 'operator');
    const bidCents = input.bid ?? appointment.agentFeeCents;
    const losers = (await liveBidderIds(tx, appointment.id)).filter((id) => id !== input.agentId);
    const [offer] = await tx
      .insert(offers)
      .values({ appointmentId: appointment.id, agentId: input.agentId, status: 'approved', bidCents, respondedAt: new Date() })
      .onConflictDoUpdate({
        target: [offers.appointmentId, offers.agentId],
        set: { status: 'approved', bidCents, respondedAt: new Date() },
      })
      .returning();
    const unanswered = await closeBidding(tx, appointment.id, offer!.id);
    const fees = await agreedFees(tx, appointment, bidCents);
    await setStatus(tx, appointment.id, { status: 'Scheduled', assignedAgentId: input.agentId, ...fees, ...newAssignment() });
    await record(tx, actor, appointment, 'appointment.assigned', { agentId: input.agentId, bidCents, direct: true, ...fees }, [
      { type: 'assignment.changed', to: [input.agentId], payload: { fee: formatCents(bidCents), assigned: true } },
      { type: 'bid.declined', to: losers },
      { type: 'offer.filled', to: unanswered },
      { type: 'assignment.changed', to: [appointment.createdBy], payload: { agentId: input.agentId } },
    ]);
    await dispatchAfterOrderChange(tx, appointment.id, { actorId: actor.userId });
    return result(tx, actor, appointment.id, access, 'The agent is assigned and was notified.');
  });
}

export async function reassignAgent(db: Db, actor: Actor, appointmentId: string, input: { offerId: string; notes?: string | undefined }) {
  return withLockedAppointment(db, actor, appointmentId, async ({ tx, appointment, access }) => {
    assertTransitionAllowed('reassign', actor, appointment);
    const offer = await offerOf(tx, appointment.id, input.offerId);
    if (offer.agentId === appointment.assignedAgentId) {
      throw new AppError('VALIDATION_FAILED', 'That agent is already assigned.', [{ field: 'offerId', message: 'is the assigned agent' }]);
    }
    if (!offerStatusIn(offer.status, REASSIGNABLE_BID_STATUSES)) {
      throw new AppError('VALIDATION_FAILED', 'Choose an agent from the bid list.', [
        { field: 'offerId', message: 'must be a bid of this appointment' },
      ]);
    }
    await requireActiveAgent(tx, offer.agentId);
    await refuseIneligible(tx, appointment, offer.agentId, 'operator');
    // The guard refused an order without an agent: reassignment requires one.
    const displaced = appointment.assignedAgentId!;
    await tx
      .update(offers)
      .set({ status: 'removed', notes: input.notes ?? null, respondedAt: new Date() })
      .where(and(eq(offers.appointmentId, appointment.id), eq(offers.agentId, displaced)));
    const fees = await agreedFees(tx, appointment, agreedPayCents(offer.bidCents, appointment.agentFeeCents));
    await tx
      .update(offers)
      .set({ status: 'approved', bidCents: fees.agentFeeCents, respondedAt: new Date() })
      .where(eq(offers.id, offer.id));
    await setStatus(tx, appointment.id, { assignedAgentId: offer.agentId, ...fees, ...newAssignment() });
    await record(
      tx,
      actor,
      appointment,
      'appointment.reassigned',
      { from: displaced, to: offer.agentId, notes: input.notes ?? null, ...fees },
      [
        { type: 'assignment.displaced', to: [displaced], payload: { notes: input.notes ?? null } },
        { type: 'assignment.changed', to: [offer.agentId], payload: { fee: formatCents(fees.agentFeeCents), assigned: true } },
        { type: 'assignment.changed', to: [appointment.createdBy], payload: { agentId: offer.agentId } },
      ],
    );
    return result(tx, actor, appointment.id, access, 'The appointment was reassigned; both agents were notified.');
  });
}

export async function listBids(db: Db, actor: Actor, appointmentId: string) {
  const { appointment } = await findVisibleAppointment(db, actor, appointmentId);
  return { items: await bidsOf(db, appointment.id) };
}

// ——— Operators: status ———

export async function changeStatus(db: Db, actor: Actor, appointmentId: string, target: 'Paused' | 'Open' | 'Scheduled' | 'Canceled') {
  return withLockedAppointment(db, actor, appointmentId, async ({ tx, appointment, access }) => {
    let next: AppointmentStatus = target;
    const toNotify: (string | null)[] = [appointment.createdBy, appointment.assignedAgentId];
    assertTransitionAllowed(STATUS_CHANGE_ACTIONS[target], actor, appointment);
    if (target === 'Open') {
      // Back to taking bids: Pending while live bids remain.
      next = (await liveBidderIds(tx, appointment.id)).length > 0 ? 'Pending' : 'Open';
    } else if (target === 'Canceled') {
      toNotify.push(...(await liveBidderIds(tx, appointment.id)));
      await closeBidding(tx, appointment.id, null);
    }
    await setStatus(tx, appointment.id, { status: next });
    await dispatchAfterOrderChange(tx, appointment.id, { actorId: actor.userId });
    await record(tx, actor, appointment, 'appointment.status_changed', { from: appointment.status, to: next }, [
      {
        type: target === 'Canceled' ? 'appointment.canceled' : 'appointment.status_changed',
        to: toNotify,
        payload: { from: appointment.status, to: next },
      },
    ]);
    const shown = appointmentStatusLabel(next);
    return result(tx, actor, appointment.id, access, `The appointment is now ${shown}.`);
  });
}

// ——— Completion and payment ———

/**
 * Marks the assignment complete, by the assigned agent or an operator, once the signing has
 * started (decision 015): before `startsAt` it is a 409 NOT_YET_STARTED saying from when.
 */
export async function completeAppointment(db: Db, actor: Actor, appointmentId: string, options: ClockOptions = {}) {
  return withLockedAppointment(db, actor, appointmentId, async ({ tx, appointment, access }) => {
    const byAgent = access === 'assigned-agent';
    if (!byAgent && access !== 'operator') throw notFound('This appointment');
    const now = options.now ?? new Date();
    assertTransitionAllowed('complete', actor, appointment, now);
    await setStatus(tx, appointment.id, { status: 'Completed', markedCompleted: true, markedCompletedAt: now, outcome: 'signed' });
    await record(tx, actor, appointment, 'appointment.completed', { by: byAgent ? 'agent' : 'operator' }, [
      {
        type: 'appointment.completed',
        to: byAgent ? [appointment.createdBy, ...(await operatorIds(tx))] : [appointment.createdBy, appointment.assignedAgentId],
        payload: { scanBackRequired: appointment.scanBackRequired, by: byAgent ? 'agent' : 'operator' },
      },
    ]);
    const message = byAgent
      ? completionMessage(appointment.scanBackRequired, appointment.hasScanBacks)
      : 'The appointment is marked complete.';
    return result(tx, actor, appointment.id, access, message, { now });
  });
}

/**
 * "Signer did not sign" (issue 33, item 2), by the assigned agent or an operator once the signing
 * has started: the order is Completed with that outcome, and the agent is paid, and the firm
 * invoiced, at the order's trip fee — the agreed fee becomes the trip fee and the firm fee keeps
 * the order's markup (decision 047), so every screen, CSV and invoice shows one amount. The
 * escrow officer and the operators are told, with the reason and any reschedule request.
 */
export async function recordNotSigned(db: Db, actor: Actor, appointmentId: string, input: NotSigned, options: ClockOptions = {}) {
  return withLockedAppointment(db, actor, appointmentId, async ({ tx, appointment, access }) => {
    const byAgent = access === 'assigned-agent';
    if (!byAgent && access !== 'operator') throw notFound('This appointment');
    const now = options.now ?? new Date();
    assertTransitionAllowed('notSigned', actor, appointment, now);
    const fees = await agreedFees(tx, appointment, appointment.tripFeeCents);
    await tx
      .update(offers)
      .set({ bidCents: fees.agentFeeCents })
      .where(
        and(eq(offers.appointmentId, appointment.id), eq(offers.agentId, appointment.assignedAgentId!), eq(offers.status, 'approved')),
      );
    await setStatus(tx, appointment.id, {
      status: 'Completed',
      markedCompleted: true,
      markedCompletedAt: now,
      outcome: 'not_signed',
      notSignedReason: input.reason,
      outcomeNote: input.note,
      rescheduleRequested: input.rescheduleRequested,
      rescheduleNote: input.rescheduleRequested ? input.rescheduleNote : null,
      ...fees,
    });
    const by = byAgent ? 'agent' : 'operator';
    await record(
      tx,
      actor,
      appointment,
      'appointment.not_signed',
      {
        by,
        reason: input.reason,
        note: input.note,
        rescheduleRequested: input.rescheduleRequested,
        feeFrom: appointment.agentFeeCents,
        feeTo: fees.agentFeeCents,
      },
      [
        {
          type: 'appointment.not_signed',
          to: byAgent ? [appointment.createdBy, ...(await operatorIds(tx))] : [appointment.createdBy, appointment.assignedAgentId],
          payload: {
            reason: NOT_SIGNED_REASONS[input.reason],
            note: input.note,
            reschedule: input.rescheduleRequested
              ? `The signer asked to reschedule${input.rescheduleNote ? `: ${input.rescheduleNote}` : '.'}`
              : null,
            fee: formatCents(fees.agentFeeCents),
            by,
          },
        },
      ],
    );
    const message = byAgent
      ? notSignedMessage(fees.agentFeeCents)
      : `Recorded: the signer did not sign. The agent is paid the trip fee of ${formatCents(fees.agentFeeCents)}.`;
    return result(tx, actor, appointment.id, access, message, { now });
  });
}

export async function markAgentPaid(db: Db, actor: Actor, appointmentId: string) {
  return withLockedAppointment(db, actor, appointmentId, async ({ tx, appointment, access }) => {
    // Paid once the signing's outcome is known: before it the pay may still change (decision 047).
    assertTransitionAllowed('markPaid', actor, appointment);
    const amount = formatCents(appointment.agentFeeCents);
    await setStatus(tx, appointment.id, { agentPaid: true, agentPaidAt: sql`now()` as unknown as Date });
    await record(
      tx,
      actor,
      appointment,
      'appointment.agent_paid',
      { agentId: appointment.assignedAgentId, amountCents: appointment.agentFeeCents },
      [{ type: 'agent.paid', to: [appointment.assignedAgentId], payload: { amount } }],
    );
    return result(tx, actor, appointment.id, access, `The agent is marked paid ${amount}.`);
  });
}
