/**
 * A few hundred generated appointments in every status (APPOINTMENT_PLAN), with the offers,
 * bids, documents, scan-backs, notes and invoices that status implies; their bytes and inserts.
 */
import { randomUUID } from 'node:crypto';
import { feesWithAgentPay, newOrderFees } from '@signingdesk/domain/fee-rules';
import { milesBetween, OFFER_RADIUS_MILES } from '@signingdesk/domain/eligibility';
import type { Tx } from '../index';
import * as schema from '../schema/index';
import { type Agents, eligibleFor } from './agents';
import { FIRST_NAMES, LAST_NAMES, LENDERS, MESSAGES, STREET_NAMES, ZONE_OF_STATE, type DemoFirmKey } from './data';
import { serviceFeeCentsOf } from './firms';
import type { AppointmentStatus, SeedOptions, TimeZone } from './options';
import type { Accounts } from './people';
import type { Random } from './random';
import { addDays, insertChunked, weightedPick, type Place } from './support';

const APPOINTMENT_STATE_WEIGHTS: Record<string, number> = { CA: 30, TX: 25, FL: 10, NY: 10, IL: 5, AZ: 5, GA: 5, WA: 5, CO: 5 };
const APPOINTMENT_PLAN: [AppointmentStatus, number][] = [
  ['Open', 70],
  ['Pending', 50],
  ['Scheduled', 70],
  ['Paused', 15],
  ['Completed', 85],
  ['Canceled', 15],
];

/** What both kinds of appointment are placed with: the clock, the people, the agents, the places. */
export interface AppointmentContext {
  options: SeedOptions;
  now: Date;
  /** Today's date in a zone at `now`. */
  today: (zone: TimeZone) => string;
  places: Map<string, Place[]>;
  accounts: Accounts;
  agents: Agents;
  firmIds: Record<DemoFirmKey, string>;
}

/** The rows of every appointment, its offers, files, file log, notes and invoice, inserted at the end. */
export interface Work {
  appointments: (typeof schema.appointments.$inferInsert)[];
  offers: (typeof schema.offers.$inferInsert)[];
  files: (typeof schema.files.$inferInsert)[];
  fileEvents: (typeof schema.fileEvents.$inferInsert)[];
  notes: (typeof schema.notes.$inferInsert)[];
  invoices: (typeof schema.invoices.$inferInsert)[];
}

export function emptyWork(): Work {
  return { appointments: [], offers: [], files: [], fileEvents: [], notes: [], invoices: [] };
}

function dayOffsetRange(status: AppointmentStatus): [number, number] {
  switch (status) {
    case 'Open':
    case 'Pending':
      return [1, 30];
    case 'Scheduled':
      return [1, 21];
    case 'Paused':
      return [4, 25];
    case 'Completed':
      return [-60, -1];
    case 'Canceled':
      return [-20, 20];
  }
}

/**
 * Adds the generated appointments to `work`, numbering their file numbers from 1; answers the
 * last number used, which the demo agent's appointments go on from.
 */
export function addAppointments(work: Work, random: Random, context: AppointmentContext): number {
  const { options, now, today, places, accounts, agents, firmIds } = context;
  const {
    appointments: appointmentRows,
    offers: offerRows,
    files: fileRows,
    fileEvents: fileEventRows,
    notes: noteRows,
    invoices: invoiceRows,
  } = work;
  const firmWeights: Partial<Record<DemoFirmKey, number>> = { firmA: 40, firmB: 30, golden: 10, liberty: 10, sunshine: 10 };
  let sequence = 0;
  // Greater Los Angeles, where the demo agent lives and may take orders (decision 048): most
  // California orders are placed there, so the demo agent has offers, bids and history.
  const demoArea = places.get('CA')!.filter((p) => milesBetween(agents.demoAgent, p) <= OFFER_RADIUS_MILES);

  for (const [status, howMany] of APPOINTMENT_PLAN) {
    for (let n = 0; n < howMany; n++) {
      sequence++;
      const firm = weightedPick(random, firmWeights as Record<string, number>) as DemoFirmKey;
      const officer = random.pick(accounts.escrowByFirm.get(firm)!);
      const state = weightedPick(random, APPOINTMENT_STATE_WEIGHTS);
      const place = random.pick(state === 'CA' && random.chance(0.6) ? demoArea : places.get(state)!);
      const zone = ZONE_OF_STATE[state] ?? 'ET';
      const [from, to] = dayOffsetRange(status);
      let offset = random.int(from, to);
      // A few completed signings inside the 3-day window, where the agent's panels stay open.
      if (status === 'Completed' && n < 6) offset = -random.int(1, 2);
      const date = addDays(today(zone), offset);
      const timeTbd = status !== 'Completed' && random.chance(0.08);
      const time = timeTbd ? '00:00' : `${String(random.int(8, 19)).padStart(2, '0')}:${random.pick(['00', '30'])}`;
      const startsAt = options.instantOf(date, time, zone);
      const feeCents = random.int(4, 10) * 2500;
      const signerFirst = random.pick(FIRST_NAMES);
      const signerLast = random.pick(LAST_NAMES);
      const id = randomUUID();
      const fileNumber = `${firm === 'firmA' ? 'FA' : firm === 'firmB' ? 'FB' : 'ES'}-${26000 + sequence}`;
      // Offers only to agents the rule admits: commissioned in the state and within the radius.
      const localAgents = (agents.byState.get(state) ?? []).filter((a) => a.id !== agents.demoAgent.id && eligibleFor(a, place));
      const demoEligible = eligibleFor(agents.demoAgent, place);
      // Open orders near the demo agent mostly offer to them too: the journeys need a dozen live offers.
      const useDemoAgent = demoEligible && random.chance(status === 'Scheduled' ? 0.45 : status === 'Completed' ? 0.35 : 0.9);

      let assignedAgentId: string | null = null;
      // The agent fee is offered until an agent is assigned, then it is the accepted bid (decision 047).
      let agentPayCents = feeCents;
      const offerFor = (agentId: string, offerStatus: (typeof schema.offerStatus.enumValues)[number], bidCents: number | null) =>
        offerRows.push({
          appointmentId: id,
          agentId,
          status: offerStatus,
          bidCents,
          respondedAt: offerStatus === 'offered' ? null : new Date(now.getTime() - random.int(1, 72) * 3_600_000),
        });
      const candidates = random.sample(localAgents, 12);
      const sendsOffers = status !== 'Open' || random.chance(0.85);
      if (sendsOffers) {
        if (status === 'Open') {
          for (const agent of candidates) offerFor(agent.id, random.chance(0.15) ? 'declined' : 'offered', null);
          if (useDemoAgent) offerFor(agents.demoAgent.id, 'offered', null);
        } else if (status === 'Pending') {
          const bidders = candidates.slice(0, random.int(1, 3));
          for (const agent of candidates) {
            if (bidders.includes(agent)) {
              const counter = random.chance(0.4);
              offerFor(agent.id, counter ? 'countered' : 'claimed', counter ? feeCents + random.int(1, 3) * 2500 : feeCents);
            } else offerFor(agent.id, 'offered', null);
          }
          if (useDemoAgent) {
            const counter = random.chance(0.5);
            offerFor(agents.demoAgent.id, counter ? 'countered' : 'claimed', counter ? feeCents + 2500 : feeCents);
          }
        } else if (status === 'Scheduled' || status === 'Completed') {
          const winner = useDemoAgent ? agents.demoAgent : candidates[0];
          if (winner) {
            assignedAgentId = winner.id;
            const bidOfAssigned = random.chance(0.3) ? feeCents + 2500 : feeCents;
            offerFor(winner.id, 'approved', bidOfAssigned);
            agentPayCents = bidOfAssigned;
            for (const agent of candidates.slice(1, random.int(2, 4))) offerFor(agent.id, 'rejected', feeCents);
          }
        } else if (status === 'Canceled') {
          for (const agent of candidates.slice(0, 5)) offerFor(agent.id, 'removed', null);
        }
      }
      // Scheduled and Completed need an agent; without any local agent the order stays Open.
      const finalStatus: AppointmentStatus = (status === 'Scheduled' || status === 'Completed') && !assignedAgentId ? 'Open' : status;
      const completed = finalStatus === 'Completed';
      const paid = completed && random.chance(0.6);
      const hasDocuments = ['Pending', 'Scheduled', 'Completed', 'Paused'].includes(finalStatus) && random.chance(0.8);
      const scanBackRequired = random.chance(0.45);
      const serviceFeeCents = serviceFeeCentsOf(firm);
      const fees = feesWithAgentPay(newOrderFees(feeCents, serviceFeeCents), assignedAgentId ? agentPayCents : feeCents, serviceFeeCents);

      appointmentRows.push({
        id,
        firmId: firmIds[firm],
        createdBy: officer.id,
        escrowEmail: officer.email,
        name: `${signerLast} ${random.pick(['Refinance', 'Purchase', 'HELOC', 'Seller Signing', 'Closing'])}`,
        date,
        time,
        timeTbd,
        timeZone: zone,
        startsAt,
        street: `${random.int(10, 9999)} ${random.pick(STREET_NAMES)}`,
        city: place.city,
        state,
        zip: place.zip,
        latitude: place.latitude,
        longitude: place.longitude,
        lender: random.chance(0.9) ? random.pick(LENDERS) : null,
        ...fees,
        fileNumber,
        comments: random.chance(0.5) ? random.pick(MESSAGES) : null,
        contactName: `${signerFirst} ${signerLast}`,
        contactPhone1: `${random.int(201, 989)}555${String(random.int(0, 9999)).padStart(4, '0')}`,
        contactPhone2: random.chance(0.3) ? `${random.int(201, 989)}555${String(random.int(0, 9999)).padStart(4, '0')}` : null,
        contactEmail1: `${signerFirst}.${signerLast}${random.int(1, 99)}@example.com`.toLowerCase(),
        contactEmail2: null,
        scanBackRequired,
        transactionType: random.pick([1, 2, 2, 2, 3, 4]),
        financeType: random.chance(0.8) ? random.pick([11, 12, 12, 13, 14, 15, 16]) : null,
        status: finalStatus,
        assignedAgentId: finalStatus === 'Scheduled' || completed ? assignedAgentId : null,
        agentPaid: paid,
        agentPaidAt: paid ? new Date(now.getTime() - random.int(1, 20) * 86_400_000) : null,
        filesUploaded: hasDocuments && random.chance(0.7),
        agentUploadEnabled: completed && scanBackRequired,
        uploadsApproved: completed && scanBackRequired && random.chance(0.5),
        markedCompleted: completed,
        markedCompletedAt: completed ? new Date(Math.min((startsAt + 3 * 3600) * 1000, now.getTime())) : null,
        outcome: completed ? 'signed' : null,
      });

      if (hasDocuments) {
        const names = ['Loan Package.pdf', 'Closing Instructions.pdf', 'Signer ID Requirements.pdf'].slice(0, random.int(1, 3));
        addDocuments(work, random, { appointmentId: id, fileNumber, names, uploadedBy: officer.id }, () =>
          assignedAgentId && random.chance(0.7) ? assignedAgentId : null,
        );
      }
      if (completed && scanBackRequired && assignedAgentId) {
        const fileId = randomUUID();
        fileRows.push({
          id: fileId,
          appointmentId: id,
          kind: 'scan_back',
          fileName: `${fileNumber} Scan-backs.pdf`,
          storageKey: `seed/${id}/${fileId}`,
          contentType: 'application/pdf',
          sizeBytes: random.int(1_000_000, 6_000_000),
          uploadedBy: assignedAgentId,
          uploadConfirmed: random.chance(0.9),
        });
        fileEventRows.push({ fileId, action: 'write', userId: assignedAgentId, confirmed: true });
      }
      if (finalStatus !== 'Open') {
        for (let m = random.int(0, 3); m > 0; m--) {
          const fromAgent = assignedAgentId !== null && random.chance(0.4);
          const authorId = fromAgent ? assignedAgentId! : random.chance(0.7) ? officer.id : accounts.admin.id;
          const read = random.chance(0.6);
          noteRows.push({
            appointmentId: id,
            authorId,
            message: random.pick(MESSAGES),
            createdAt: new Date(now.getTime() - random.int(1, 240) * 3_600_000),
            escrowReadBy: read ? officer.id : null,
            escrowReadAt: read ? now : null,
            agentReadBy: read && assignedAgentId ? assignedAgentId : null,
            agentReadAt: read && assignedAgentId ? now : null,
            adminReadBy: read ? accounts.admin.id : null,
            adminReadAt: read ? now : null,
          });
        }
      }
      if (paid) {
        const fileId = randomUUID();
        fileRows.push({
          id: fileId,
          appointmentId: id,
          kind: 'invoice',
          fileName: `Invoice ${fileNumber}.pdf`,
          storageKey: `seed/${id}/${fileId}`,
          contentType: 'application/pdf',
          sizeBytes: 24_000,
          uploadedBy: accounts.admin.id,
          uploadConfirmed: true,
        });
        invoiceRows.push({
          appointmentId: id,
          firmId: firmIds[firm],
          fileId,
          amountCents: fees.firmFeeCents,
          sentTo: officer.email,
          sentBy: accounts.admin.id,
        });
      }
    }
  }

  return sequence;
}

export async function storeFiles(options: SeedOptions, work: Work): Promise<ReadonlyMap<string, number>> {
  if (!options.storeFiles) return new Map();
  const appointmentOf = new Map(work.appointments.map((a) => [a.id!, a]));
  return options.storeFiles(
    work.files.map((f) => {
      const appointment = appointmentOf.get(f.appointmentId!)!;
      return {
        id: f.id!,
        kind: f.kind!,
        fileName: f.fileName,
        storageKey: f.storageKey,
        contentType: f.contentType,
        fileNumber: appointment.fileNumber ?? '',
        appointmentName: appointment.name,
      };
    }),
  );
}

export async function insertAppointments(tx: Tx, work: Work) {
  await insertChunked(tx, schema.appointments, work.appointments, 500);
  await insertChunked(tx, schema.offers, work.offers);
  await insertChunked(tx, schema.files, work.files);
  await insertChunked(tx, schema.fileEvents, work.fileEvents);
  await insertChunked(tx, schema.notes, work.notes);
  await insertChunked(tx, schema.invoices, work.invoices);
  return {
    appointments: work.appointments.length,
    offers: work.offers.length,
    files: work.files.length,
    notes: work.notes.length,
  };
}

/**
 * An escrow officer's documents on an appointment, each with its upload in the file log and,
 * when `readBy` names someone, a download by them. `readBy` is asked after the file's size is
 * drawn, so callers that draw from `random` in it keep the PRNG sequence of the data.
 */
export function addDocuments(
  work: Pick<Work, 'files' | 'fileEvents'>,
  random: Random,
  documents: { appointmentId: string; fileNumber: string; names: string[]; uploadedBy: string },
  readBy: () => string | null,
) {
  for (const name of documents.names) {
    const fileId = randomUUID();
    work.files.push({
      id: fileId,
      appointmentId: documents.appointmentId,
      kind: 'document',
      fileName: `${documents.fileNumber} ${name}`,
      storageKey: `seed/${documents.appointmentId}/${fileId}`,
      contentType: 'application/pdf',
      // A placeholder until storeFiles answers the stored size; drawn either way so the rest of the data stays the same.
      sizeBytes: random.int(200_000, 4_000_000),
      uploadedBy: documents.uploadedBy,
      uploadConfirmed: true,
    });
    work.fileEvents.push({ fileId, action: 'write', userId: documents.uploadedBy, confirmed: true });
    const reader = readBy();
    if (reader) work.fileEvents.push({ fileId, action: 'read', userId: reader, confirmed: true });
  }
}
