/**
 * The agent portal's four lists (spec 01 §2): open offers, pending bids, assignments, completed.
 * The open tab lists the live offers first, then the offers the agent declined on orders still
 * open for bids, which the agent may take back (decision 015). Only the assigned and completed
 * cards name the appointment and its file number: before assignment the name (often the
 * borrower's surname) stays with the escrow side and the operators, and after a completed
 * signing's 3-day window the card keeps the file number and loses the name (DESIGN.md "Data
 * lifecycle", `agentDetailWindowOpen`).
 */
import type { Db } from '@signingdesk/db';
import { schema } from '@signingdesk/db';
import { and, asc, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { AgentTab } from '@signingdesk/domain/agent-tabs';
import { agentDetailWindowOpen, completeButtonShown, scanBacksDueAt } from '@signingdesk/domain/appointment-rules';
import { LIVE_BID_STATUSES, UNBID_OFFER_STATUSES } from '@signingdesk/domain/offer-status';
import { agentPayOf } from '@signingdesk/domain/fee-rules';
import { offerTitle } from '@signingdesk/domain/offer-title';
import { isDispatchTier, reservedReason } from '@signingdesk/domain/dispatch';
import { roundMiles } from '@signingdesk/domain/eligibility';
import { signingTermsShort, termsOf } from '@signingdesk/domain/signing-terms';
import { greatCircleMilesSql } from '../../lib/geo';
import { prepared } from '../../lib/prepared';
import type { AgentListItem } from './agent-appointments.schemas';

const { appointments: a, offers: o } = schema;

const agentId = sql.placeholder('agentId');
const offerJoin = and(eq(o.appointmentId, a.id), eq(o.agentId, agentId));

/** The agent's home (for the offers' distance). */
const homeOf = (db: Db) =>
  prepared(db, 'agent-home', () =>
    db
      .select({ latitude: schema.agentProfiles.latitude, longitude: schema.agentProfiles.longitude })
      .from(schema.agentProfiles)
      .where(eq(schema.agentProfiles.userId, agentId)),
  );

/**
 * One tab's list, prepared once per tab and whether the agent has a home to measure from
 * (lib/prepared.ts). Placeholders: agentId, latitude and longitude (with a home), limit.
 */
function tabList(db: Db, tab: AgentTab, withHome: boolean) {
  return prepared(db, `agent-list:${tab}:${withHome ? 'home' : 'no-home'}`, () => {
    const offerTabs = tab === 'open' || tab === 'pending';
    // The assignment's documents the agent has not downloaded yet (each uploaded document without
    // a confirmed read of the agent's): what the card asks the agent to download (issue 33).
    const toDownload =
      tab === 'assigned'
        ? sql<number>`(select count(*)::int from ${schema.files} f where f.appointment_id = ${a.id} and f.kind = 'document'
          and f.upload_confirmed and not exists (select 1 from ${schema.fileEvents} fe
            where fe.file_id = f.id and fe.action = 'read' and fe.confirmed and fe.user_id = ${agentId}))`
        : sql<number>`0`;
    const distance =
      offerTabs && withHome
        ? greatCircleMilesSql({ latitude: sql.placeholder('latitude'), longitude: sql.placeholder('longitude') }, a)
        : sql<null>`null`;
    const where = {
      open: and(
        // Both statuses in one condition keep the lookup on offers_agent_status_idx.
        inArray(o.status, [...UNBID_OFFER_STATUSES]),
        or(
          // Offered while the order is open for bids (decision 015; decision 067: a bid waiting
          // for an operator leaves the order Pending while dispatch's waves go on).
          and(eq(o.status, 'offered'), inArray(a.status, ['Open', 'Pending']), isNull(a.assignedAgentId)),
          and(eq(o.status, 'declined'), inArray(a.status, ['Open', 'Pending']), isNull(a.assignedAgentId)),
        ),
      ),
      pending: and(inArray(a.status, ['Open', 'Pending']), inArray(o.status, [...LIVE_BID_STATUSES])),
      assigned: and(eq(a.assignedAgentId, agentId), inArray(a.status, ['Scheduled', 'Paused'])),
      completed: and(eq(a.assignedAgentId, agentId), eq(a.status, 'Completed')),
    }[tab];
    const order = {
      open: [sql`${o.status} = 'declined'`, asc(a.startsAt)],
      pending: [asc(a.startsAt)],
      assigned: [asc(a.startsAt)],
      completed: [desc(a.startsAt)],
    }[tab];
    // Offers and bids are the agent's offers only; assignments also show orders never offered.
    const offerJoinKind = offerTabs ? 'innerJoin' : 'leftJoin';
    const fromAppointments = db
      .select({
        id: a.id,
        name: a.name,
        status: a.status,
        fileNumber: a.fileNumber,
        city: a.city,
        state: a.state,
        date: a.date,
        time: a.time,
        timeTbd: a.timeTbd,
        timeZone: a.timeZone,
        startsAt: a.startsAt,
        feeCents: tab === 'open' ? a.agentFeeCents : sql<number>`coalesce(${o.bidCents}, ${a.agentFeeCents})`,
        offeredFeeCents: a.agentFeeCents,
        scanBackRequired: a.scanBackRequired,
        transactionType: a.transactionType,
        financeType: a.financeType,
        markedCompleted: a.markedCompleted,
        agentPaidAt: a.agentPaidAt,
        street: a.street,
        contactPhone1: a.contactPhone1,
        contactPhone2: a.contactPhone2,
        hasDocuments: a.hasDocuments,
        hasScanBacks: a.hasScanBacks,
        markedCompletedAt: a.markedCompletedAt,
        confirmationResult: a.confirmationResult,
        toDownload,
        offerStatus: o.status,
        distance,
        reservedUntil: o.reservedUntil,
        tier: o.tier,
        scanBackHours: a.scanBackHours,
        returnMethod: a.returnMethod,
        returnCarrier: a.returnCarrier,
        shipByDay: a.shipByDay,
        shipByTime: a.shipByTime,
        printedBy: a.printedBy,
        pageCount: a.pageCount,
        paymentTermsDays: a.paymentTermsDays,
        tripFeeCents: a.tripFeeCents,
        extraSignerFeeCents: a.extraSignerFeeCents,
      })
      .from(a);
    return fromAppointments[offerJoinKind](o, offerJoin)
      .where(where)
      .orderBy(...order)
      .limit(sql.placeholder('limit'));
  });
}

export async function listAgentAppointments(
  db: Db,
  options: { agentId: string; tab: AgentTab; limit: number; now?: Date },
): Promise<AgentListItem[]> {
  const { tab, limit } = options;
  const nowSeconds = Math.floor((options.now ?? new Date()).getTime() / 1000);
  const offerTabs = tab === 'open' || tab === 'pending';
  const [home] = offerTabs ? await homeOf(db).execute({ agentId: options.agentId }) : [];
  const withHome = home?.latitude != null && home.longitude != null;
  const assigned = tab === 'assigned' || tab === 'completed';
  const rows = await tabList(db, tab, withHome).execute({
    agentId: options.agentId,
    limit,
    ...(withHome ? { latitude: home.latitude, longitude: home.longitude } : {}),
  });
  return rows.map(
    ({
      name,
      fileNumber,
      transactionType,
      financeType,
      agentPaidAt,
      street,
      contactPhone1,
      contactPhone2,
      hasDocuments,
      hasScanBacks,
      markedCompletedAt,
      confirmationResult,
      toDownload: undownloaded,
      distance: miles,
      reservedUntil,
      tier,
      scanBackHours,
      returnMethod,
      returnCarrier,
      shipByDay,
      shipByTime,
      printedBy,
      pageCount,
      paymentTermsDays,
      tripFeeCents,
      extraSignerFeeCents,
      ...row
    }) => {
      const terms = termsOf({
        scanBackHours,
        returnMethod,
        returnCarrier,
        shipByDay,
        shipByTime,
        printedBy,
        pageCount,
        paymentTermsDays,
        tripFeeCents,
        extraSignerFeeCents,
      });
      const distanceMiles = miles === null || miles === undefined ? null : roundMiles(Number(miles));
      const detailShown = assigned && agentDetailWindowOpen({ status: row.status, startsAt: Number(row.startsAt) }, nowSeconds);
      const dueAt = scanBacksDueAt({
        scanBackRequired: row.scanBackRequired,
        hasScanBacks,
        markedCompletedAt: markedCompletedAt ? Math.floor(markedCompletedAt.getTime() / 1000) : null,
      });
      return {
        ...row,
        title: offerTitle({ city: row.city, state: row.state, transactionType, financeType }),
        ...(assigned ? { fileNumber } : {}),
        ...(detailShown
          ? {
              name,
              street,
              signerPhone: contactPhone1 ?? contactPhone2,
              documentsReady: hasDocuments,
              ...(tab === 'assigned' ? { documentsToDownload: Number(undownloaded), signerConfirmation: confirmationResult } : {}),
              scanBacksDueAt: dueAt === null ? null : new Date(dueAt * 1000).toISOString(),
            }
          : {}),
        ...(offerTabs ? { distanceMiles } : {}),
        ...(tab === 'open'
          ? {
              reservedUntil: reservedUntil?.toISOString() ?? null,
              reservedReason:
                reservedUntil && isDispatchTier(tier) && distanceMiles !== null ? reservedReason({ tier, distanceMiles }) : null,
            }
          : {}),
        ...(tab === 'completed'
          ? { payCents: agentPayOf({ agentFeeCents: Number(row.offeredFeeCents) }), paidAt: agentPaidAt?.toISOString() ?? null }
          : {}),
        termsShort: signingTermsShort({ ...row, startsAt: Number(row.startsAt) }, terms),
        startsAt: Number(row.startsAt),
        feeCents: Number(row.feeCents),
        offeredFeeCents: Number(row.offeredFeeCents),
        offerStatus: row.offerStatus ?? null,
        showCompleteButton: completeButtonShown(row, nowSeconds),
      };
    },
  );
}
