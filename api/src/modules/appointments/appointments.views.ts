/**
 * What each role may see of one appointment (DESIGN.md "Access"): operators everything, the
 * escrow side its order with its two fees but without the bids (decision 061), the assigned agent the full order
 * without firm data — and once the 3-day window after the signing has closed, only the record
 * of what they are paid for (DESIGN.md "Data lifecycle") —, an offered agent only the preview
 * fields.
 */
import { agentPayOf, escrowMayChangeOfferedFee, firmFeeOf } from '@signingdesk/domain/fee-rules';
import type { Db, Tx } from '@signingdesk/db';
import { schema } from '@signingdesk/db';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { agentDetailWindowOpen, completeButtonShown, panelsEnabled } from '@signingdesk/domain/appointment-rules';
import { roundMiles } from '@signingdesk/domain/eligibility';
import { DISPATCH_STATE_LABELS, escrowAgentSearch, isDispatchTier, reservedReason } from '@signingdesk/domain/dispatch';
import { BID_STATUSES, CLOSED_OFFER_STATUSES, LIVE_BID_STATUSES, offerStatusIn } from '@signingdesk/domain/offer-status';
import { offerTitle } from '@signingdesk/domain/offer-title';
import { orderFilled } from '@signingdesk/domain/order-transitions';
import { termsView } from '@signingdesk/domain/signing-terms';
import { outcomeView } from '@signingdesk/domain/signing-outcome';
import { confirmationView, shipmentView } from '@signingdesk/domain/signing-day';
import type { AppointmentAccess } from '../../lib/access';
import type { Actor } from '../../lib/actor';
import { completedSigningsSql } from '../../lib/completed-signings';
import { distanceMiles } from '../../lib/geo';
import { prepared } from '../../lib/prepared';
import { agentScoreSql } from '../../lib/scorecard';
import { invoiceOf } from '../files/invoices.service';
import { agentPreferenceOf } from '../dispatch/preferred-agents';
import { verifiedAgentIds } from '../credentials/credentials.verified';

type Appointment = typeof schema.appointments.$inferSelect;
const { user, profiles, offers, agentProfiles, appointments } = schema;

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const epochSeconds = (now: Date) => Math.floor(now.getTime() / 1000);

/** The clock a view is computed at; tests pass a fixed one to check time boundaries. */
export interface ViewOptions {
  now?: Date;
}

async function person(db: Db | Tx, userId: string | null) {
  if (!userId) return null;
  const query = prepared(db, 'view-person', () =>
    db
      .select({ id: user.id, name: user.name, email: user.email, phone: profiles.phone })
      .from(user)
      .leftJoin(profiles, eq(profiles.userId, user.id))
      .where(eq(user.id, sql.placeholder('userId'))),
  );
  const [row] = await query.execute({ userId });
  return row ?? null;
}

export async function bidsOf(db: Db | Tx, appointmentId: string, statuses?: (typeof schema.offerStatus.enumValues)[number][]) {
  const shown = statuses ?? [...BID_STATUSES];
  const query = prepared(db, `view-bids:${shown.join(',')}`, () => bidsQuery(db, shown));
  const rows = await query.execute({ appointmentId });
  const verified = await verifiedAgentIds(
    db,
    rows.map((r) => r.agentId),
  );
  return rows.map((r) => ({
    offerId: r.offerId,
    agent: { id: r.agentId, name: r.name, email: r.email, phone: r.phone },
    status: r.status,
    bidCents: r.bidCents,
    notes: r.notes,
    respondedAt: iso(r.respondedAt),
    completedCount: r.completedCount,
    verified: verified.has(r.agentId),
    score: r.score,
    // Miles from the agent's address to the signing (decision 048); null where either is not on the map.
    distanceMiles:
      r.agentLatitude === null || r.agentLongitude === null || r.orderLatitude === null || r.orderLongitude === null
        ? null
        : roundMiles(
            distanceMiles(
              { latitude: r.agentLatitude, longitude: r.agentLongitude },
              { latitude: r.orderLatitude, longitude: r.orderLongitude },
            ),
          ),
  }));
}

/** An order's offers in `statuses`, cheapest bid first; the order is the placeholder `appointmentId`. */
function bidsQuery(db: Db | Tx, statuses: (typeof schema.offerStatus.enumValues)[number][]) {
  const agent = alias(user, 'agent');
  return db
    .select({
      offerId: offers.id,
      status: offers.status,
      bidCents: offers.bidCents,
      notes: offers.notes,
      // The agent's own answer: an operator's decision on the bid later does not move it.
      respondedAt: sql<Date | null>`coalesce(${offers.agentRespondedAt}, ${offers.respondedAt})`.mapWith(offers.respondedAt),
      agentId: agent.id,
      name: agent.name,
      email: agent.email,
      phone: profiles.phone,
      agentLatitude: agentProfiles.latitude,
      agentLongitude: agentProfiles.longitude,
      orderLatitude: appointments.latitude,
      orderLongitude: appointments.longitude,
      completedCount: completedSigningsSql(agent.id),
      score: agentScoreSql(sql`${agent.id}`),
    })
    .from(offers)
    .innerJoin(agent, eq(agent.id, offers.agentId))
    .innerJoin(appointments, eq(appointments.id, offers.appointmentId))
    .leftJoin(profiles, eq(profiles.userId, agent.id))
    .leftJoin(agentProfiles, eq(agentProfiles.userId, agent.id))
    .where(and(eq(offers.appointmentId, sql.placeholder('appointmentId')), inArray(offers.status, statuses)))
    .orderBy(asc(offers.bidCents));
}

/** When the signing is: in every view, the agent's record included. */
function when(a: Appointment) {
  return { date: a.date, time: a.time, timeTbd: a.timeTbd, timeZone: a.timeZone, startsAt: a.startsAt };
}

/** What every view shows. Not the name: it often carries the borrower's surname (DESIGN.md "Access"). */
function common(a: Appointment) {
  return {
    id: a.id,
    status: a.status,
    ...when(a),
    scanBackRequired: a.scanBackRequired,
    terms: termsView(a),
    outcome: outcomeView(a),
    confirmation: confirmationView(a),
    shipment: shipmentView(a),
    transactionType: a.transactionType,
    financeType: a.financeType,
    lender: a.lender,
  };
}

/** Where the signing is and who signs: for those who may see the whole order. */
function orderDetails(a: Appointment) {
  return {
    street: a.street,
    city: a.city,
    state: a.state,
    zip: a.zip,
    fileNumber: a.fileNumber,
    comments: a.comments,
    ...contactsOf(a),
  };
}

function contactsOf(a: Appointment) {
  return {
    contactName: a.contactName,
    contactPhone1: a.contactPhone1,
    contactPhone2: a.contactPhone2,
    contactEmail1: a.contactEmail1,
    contactEmail2: a.contactEmail2,
  };
}

export async function operatorView(db: Db | Tx, a: Appointment) {
  const [firm] = await prepared(db, 'view-firm', () =>
    db
      .select({ id: schema.firms.id, name: schema.firms.name })
      .from(schema.firms)
      .where(eq(schema.firms.id, sql.placeholder('firmId'))),
  ).execute({ firmId: a.firmId });
  const [offerCount] = await prepared(db, 'view-offer-count', () =>
    db
      .select({ n: count() })
      .from(offers)
      .where(eq(offers.appointmentId, sql.placeholder('appointmentId'))),
  ).execute({ appointmentId: a.id });
  return {
    view: 'operator' as const,
    name: a.name,
    ...common(a),
    ...orderDetails(a),
    agentFeeCents: a.agentFeeCents,
    firmFeeCents: a.firmFeeCents,
    firm: firm!,
    escrowOfficer: (await person(db, a.createdBy))!,
    escrowEmail: a.escrowEmail,
    assignedAgent: await person(db, a.assignedAgentId),
    agentPaid: a.agentPaid,
    agentPaidAt: iso(a.agentPaidAt),
    filesUploaded: a.filesUploaded,
    agentUploadEnabled: a.agentUploadEnabled,
    uploadsApproved: a.uploadsApproved,
    markedCompleted: a.markedCompleted,
    offerCount: Number(offerCount?.n ?? 0),
    dispatch: await dispatchSummary(db, a.id),
    bids: await bidsOf(db, a.id),
    createdAt: a.createdAt.toISOString(),
    updatedAt: a.updatedAt.toISOString(),
  };
}

/**
 * The escrow side's order (decision 061): besides the details it entered, the signing agent fee
 * — the fee it offered until an agent is assigned, the agreed fee from then on — and what its
 * firm is charged; never who bid what.
 */
export async function escrowView(db: Db | Tx, a: Appointment, viewer: { userId: string; firmId: string }) {
  const [firm] = await db.select({ serviceFeeCents: schema.firms.serviceFeeCents }).from(schema.firms).where(eq(schema.firms.id, a.firmId));
  const [sent] = await db.select({ id: offers.id }).from(offers).where(eq(offers.appointmentId, a.id)).limit(1);
  return {
    view: 'escrow' as const,
    name: a.name,
    ...common(a),
    ...orderDetails(a),
    agentFeeCents: a.agentFeeCents,
    firmFeeCents: firmFeeOf(a, firm?.serviceFeeCents ?? 0),
    agentFeeChangeable: escrowMayChangeOfferedFee({ sentToAgents: sent !== undefined }),
    escrowOfficer: (await person(db, a.createdBy))!,
    escrowEmail: a.escrowEmail,
    assignedAgent: await person(db, a.assignedAgentId),
    agentPreference: a.assignedAgentId ? await agentPreferenceOf(db, viewer, a.assignedAgentId) : null,
    agentSearch: a.assignedAgentId ? null : escrowAgentSearch(await dispatchSummary(db, a.id)),
    filesUploaded: a.filesUploaded,
    agentUploadEnabled: a.agentUploadEnabled,
    uploadsApproved: a.uploadsApproved,
    markedCompleted: a.markedCompleted,
    invoice: await invoiceOf(db, a.id),
    updatedAt: a.updatedAt.toISOString(),
  };
}

/** The order's dispatch as its views show it (decision 067), null when it never ran. */
async function dispatchSummary(db: Db | Tx, appointmentId: string) {
  const query = prepared(db, 'view-dispatch', () =>
    db
      .select({ state: schema.dispatches.state, reason: schema.dispatches.reason })
      .from(schema.dispatches)
      .where(eq(schema.dispatches.appointmentId, sql.placeholder('appointmentId'))),
  );
  const [row] = await query.execute({ appointmentId });
  return row ? { state: row.state, label: DISPATCH_STATE_LABELS[row.state], reason: row.reason } : null;
}

async function ownOffer(db: Db | Tx, appointmentId: string, agentId: string) {
  const query = prepared(db, 'view-own-offer', () =>
    db
      .select()
      .from(offers)
      .where(and(eq(offers.appointmentId, sql.placeholder('appointmentId')), eq(offers.agentId, sql.placeholder('agentId')))),
  );
  const [offer] = await query.execute({ appointmentId, agentId });
  return offer ?? null;
}

/**
 * The assigned agent's record once the window has closed: when and in which city, the fee,
 * the file number (for their invoices), the status and whether they were paid. Titled like an
 * offer: the appointment's name often carries the borrower's surname. No street, zip, signer,
 * notes, lender or escrow contact; the documents and messages answer 404.
 */
export async function agentRecordView(db: Db | Tx, a: Appointment, agentId: string) {
  const offer = await ownOffer(db, a.id, agentId);
  return {
    view: 'agent_record' as const,
    id: a.id,
    title: offerTitle(a),
    status: a.status,
    ...when(a),
    city: a.city,
    state: a.state,
    feeCents: offer?.bidCents ?? a.agentFeeCents,
    payCents: agentPayOf(a),
    fileNumber: a.fileNumber,
    paid: a.agentPaid,
    paidAt: iso(a.agentPaidAt),
  };
}

export async function agentView(db: Db | Tx, a: Appointment, agentId: string, options: ViewOptions = {}) {
  const nowSeconds = epochSeconds(options.now ?? new Date());
  const offer = await ownOffer(db, a.id, agentId);
  const escrow = (await person(db, a.createdBy))!;
  return {
    view: 'agent' as const,
    name: a.name,
    ...common(a),
    street: a.street,
    city: a.city,
    state: a.state,
    zip: a.zip,
    comments: a.comments,
    fileNumber: a.fileNumber,
    feeCents: offer?.bidCents ?? a.agentFeeCents,
    offerStatus: offer?.status ?? ('approved' as const),
    escrowName: escrow.name,
    escrowEmail: a.escrowEmail,
    escrowPhone: escrow.phone ?? null,
    ...contactsOf(a),
    showCompleteButton: completeButtonShown(a, nowSeconds),
    markedCompleted: a.markedCompleted,
    payCents: agentPayOf(a),
    paidAt: iso(a.agentPaidAt),
    panelsEnabled: panelsEnabled(a.status, a.startsAt, nowSeconds),
    agentUploadEnabled: a.agentUploadEnabled,
  };
}

const TAKEN_MESSAGE =
  'This order has already been assigned. Thank you for your interest — new offers near you will arrive as notifications.';
const DECLINED_MESSAGE = 'You declined this offer.';

/**
 * The offer preview of spec 02 §2, for the agent the appointment was offered to. Titled by
 * order type and place, never by the appointment's name or file number — also once the agent
 * is assigned, since the preview is what a notification opens and is kept on the phone; the
 * assigned agent reads the name in the agent view.
 */
export async function previewView(db: Db | Tx, a: Appointment, agentId: string) {
  const offer = await ownOffer(db, a.id, agentId);
  const offerStatus = offer?.status ?? ('offered' as const);
  let stage: 'offer' | 'pending' | 'declined' | 'assigned' | 'taken' | 'unavailable';
  let message: string | null = null;
  if (a.assignedAgentId === agentId) {
    stage = 'assigned';
    message = 'You have been approved and assigned to this signing.';
  } else if (orderFilled({ status: a.status, assigned: a.assignedAgentId !== null })) {
    stage = 'taken';
    message = TAKEN_MESSAGE;
  } else if (a.status === 'Paused' || a.status === 'Canceled' || offerStatusIn(offerStatus, CLOSED_OFFER_STATUSES)) {
    stage = 'unavailable';
    message = 'This order is no longer open for offers.';
  } else if (offerStatusIn(offerStatus, LIVE_BID_STATUSES)) {
    stage = 'pending';
    message = 'Your offer is pending approval. You will be notified when it is accepted or declined.';
  } else if (offerStatus === 'declined') {
    // Still open for bids: the agent may take the decline back (decision 015).
    stage = 'declined';
    message = DECLINED_MESSAGE;
  } else {
    stage = 'offer';
  }
  // How far, from the agent's address; a dispatch wave's reservation while the offer is theirs to answer (decision 067).
  const [home] = await db
    .select({ latitude: agentProfiles.latitude, longitude: agentProfiles.longitude })
    .from(agentProfiles)
    .where(eq(agentProfiles.userId, agentId));
  const miles =
    home?.latitude != null && home.longitude != null && a.latitude !== null && a.longitude !== null
      ? roundMiles(distanceMiles({ latitude: home.latitude, longitude: home.longitude }, { latitude: a.latitude, longitude: a.longitude }))
      : null;
  const reservedUntil = stage === 'offer' && offer?.reservedUntil ? offer.reservedUntil : null;
  return {
    view: 'preview' as const,
    stage,
    message,
    ...common(a),
    // How the signing ended is the assigned agent's and the escrow side's to know, not another agent's.
    outcome: a.assignedAgentId === agentId ? outcomeView(a) : null,
    confirmation: a.assignedAgentId === agentId ? confirmationView(a) : null,
    shipment: a.assignedAgentId === agentId ? shipmentView(a) : null,
    title: offerTitle(a),
    city: a.city,
    state: a.state,
    zip: a.zip,
    feeCents: a.agentFeeCents,
    offerStatus,
    bidCents: offer && offerStatusIn(offer.status, BID_STATUSES) ? offer.bidCents : null,
    distanceMiles: miles,
    reservedUntil: reservedUntil?.toISOString() ?? null,
    reservedReason:
      reservedUntil && isDispatchTier(offer?.tier) && miles !== null ? reservedReason({ tier: offer.tier, distanceMiles: miles }) : null,
  };
}

/** The view of one appointment the actor may see. */
export async function viewFor(db: Db | Tx, actor: Actor, a: Appointment, access: AppointmentAccess, options: ViewOptions = {}) {
  switch (access) {
    case 'operator':
      return operatorView(db, a);
    case 'firm':
    case 'owner':
      return escrowView(db, a, actor);
    case 'assigned-agent':
    case 'agent-record':
      // Judged again at the view's clock: an action's answer (a late completion) may close the window.
      return agentDetailWindowOpen(a, epochSeconds(options.now ?? new Date()))
        ? agentView(db, a, actor.userId, options)
        : agentRecordView(db, a, actor.userId);
    case 'offered-agent':
      return previewView(db, a, actor.userId);
  }
}
