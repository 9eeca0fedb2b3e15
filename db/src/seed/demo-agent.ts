/**
 * The demo agent's own work around the day the seed runs, pinned to the clock: two started
 * signings waiting to be marked complete and three coming up, each assigned to the demo agent
 * with two rivals not chosen.
 */
import { randomUUID } from 'node:crypto';
import { newOrderFees } from '@signingdesk/domain/fee-rules';
import { milesBetween, OFFER_RADIUS_MILES } from '@signingdesk/domain/eligibility';
import { addDocuments, type AppointmentContext, type Work } from './appointments';
import { eligibleFor } from './agents';
import { FIRST_NAMES, LAST_NAMES, LENDERS, MESSAGES, STREET_NAMES, ZONE_OF_STATE, type DemoFirmKey } from './data';
import { serviceFeeCentsOf } from './firms';
import { createRandom } from './random';
import { addDays } from './support';

/**
 * The demo agent's own work around the day the seed runs, in local time of the appointment's
 * zone: two signings that have started and wait to be marked complete (one with scan-backs
 * required, one without) and three coming up. 'soon' is the first of LATER_TODAY at least an
 * hour away, or tomorrow morning once the day is over; 'TBD' is Time TBD on that day.
 */
// All in California within the offer radius of the demo agent's Beverly Hills address: a
// commission is bound to its state and offers stay within the radius (decision 048), so the
// agent's Texas commission alone never brings them a Texas signing from there.
const DEMO_AGENT_DAYS: { state: 'CA'; firm: 'firmA' | 'firmB'; day: number; time: string; scanBackRequired: boolean }[] = [
  { state: 'CA', firm: 'firmB', day: -2, time: '10:30', scanBackRequired: false },
  { state: 'CA', firm: 'firmA', day: -1, time: '16:00', scanBackRequired: true },
  { state: 'CA', firm: 'firmA', day: 0, time: 'soon', scanBackRequired: true },
  { state: 'CA', firm: 'firmA', day: 1, time: '11:00', scanBackRequired: false },
  { state: 'CA', firm: 'firmB', day: 2, time: 'TBD', scanBackRequired: true },
];
const LATER_TODAY = ['09:00', '10:30', '12:00', '13:30', '15:00', '16:30', '18:00', '19:30'];

/** Adds the demo agent's appointments to `work`, their file numbers going on after `sequence`. */
export function addDemoAgentDays(work: Work, context: AppointmentContext, sequence: number): void {
  const { options, now, today, places, accounts, agents, firmIds } = context;
  const nowSeconds = Math.floor(now.getTime() / 1000);
  const { appointments: appointmentRows, offers: offerRows } = work;
  // The demo agent's day, pinned to the clock. Its own PRNG leaves the orders above unchanged.
  const pinned = createRandom(20260523);
  for (const plan of DEMO_AGENT_DAYS) {
    sequence++;
    const firm: DemoFirmKey = plan.firm;
    const officer = accounts.escrowByFirm.get(firm)!.find((p) => p.role === 'creator')!;
    const zone = ZONE_OF_STATE[plan.state]!;
    const place = pinned.pick(places.get(plan.state)!.filter((p) => milesBetween(agents.demoAgent, p) <= OFFER_RADIUS_MILES));
    let date = addDays(today(zone), plan.day);
    let time = plan.time === 'TBD' ? '00:00' : plan.time;
    if (plan.time === 'soon') {
      const later = LATER_TODAY.find((t) => options.instantOf(date, t, zone) >= nowSeconds + 3600);
      [date, time] = later ? [date, later] : [addDays(date, 1), '08:30'];
    }
    const startsAt = options.instantOf(date, time, zone);
    const feeCents = pinned.int(5, 8) * 2500;
    const id = randomUUID();
    const fileNumber = `${firm === 'firmA' ? 'FA' : 'FB'}-${26000 + sequence}`;
    const signerFirst = pinned.pick(FIRST_NAMES);
    const signerLast = pinned.pick(LAST_NAMES);
    const answeredAt = new Date(Math.min(startsAt * 1000, now.getTime()) - pinned.int(24, 96) * 3_600_000);
    appointmentRows.push({
      id,
      firmId: firmIds[firm],
      createdBy: officer.id,
      escrowEmail: officer.email,
      name: `${signerLast} ${pinned.pick(['Refinance', 'Purchase', 'HELOC', 'Seller Signing'])}`,
      date,
      time,
      timeTbd: plan.time === 'TBD',
      timeZone: zone,
      startsAt,
      street: `${pinned.int(10, 9999)} ${pinned.pick(STREET_NAMES)}`,
      city: place.city,
      state: plan.state,
      zip: place.zip,
      latitude: place.latitude,
      longitude: place.longitude,
      lender: pinned.pick(LENDERS),
      ...newOrderFees(feeCents, serviceFeeCentsOf(firm)),
      fileNumber,
      comments: pinned.pick(MESSAGES),
      contactName: `${signerFirst} ${signerLast}`,
      contactPhone1: `${pinned.int(201, 989)}555${String(pinned.int(0, 9999)).padStart(4, '0')}`,
      contactPhone2: null,
      contactEmail1: `${signerFirst}.${signerLast}${pinned.int(1, 99)}@example.com`.toLowerCase(),
      contactEmail2: null,
      scanBackRequired: plan.scanBackRequired,
      transactionType: pinned.pick([1, 2, 2, 3]),
      financeType: pinned.pick([11, 12, 13]),
      status: 'Scheduled',
      assignedAgentId: agents.demoAgent.id,
      agentPaid: false,
      agentPaidAt: null,
      filesUploaded: true,
      agentUploadEnabled: false,
      uploadsApproved: false,
      markedCompleted: false,
      markedCompletedAt: null,
    });
    offerRows.push({ appointmentId: id, agentId: agents.demoAgent.id, status: 'approved', bidCents: feeCents, respondedAt: answeredAt });
    const rivals = (agents.byState.get(plan.state) ?? []).filter((a) => a.id !== agents.demoAgent.id && eligibleFor(a, place));
    for (const rival of pinned.sample(rivals, 2)) {
      offerRows.push({ appointmentId: id, agentId: rival.id, status: 'rejected', bidCents: feeCents + 2500, respondedAt: answeredAt });
    }
    addDocuments(
      work,
      pinned,
      { appointmentId: id, fileNumber, names: ['Loan Package.pdf', 'Closing Instructions.pdf'], uploadedBy: officer.id },
      () => (plan.day < 0 ? agents.demoAgent.id : null),
    );
  }
}
