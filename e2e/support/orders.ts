/**
 * Orders a journey makes for itself through the API, as an escrow officer would: each with a
 * file number of its own, so journeys sharing a server never meet each other's orders.
 */
import { SIGNING_GAP_MINUTES } from '@signingdesk/domain/availability';
import { randomBytes } from 'node:crypto';
import { agentList, signedInApi } from './agent-app';
import { expect } from './fixtures';

/** A Pacific date `days` from today, as the order form takes it. */
export const pacificDate = (days: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Los_Angeles' }).format(new Date(Date.now() + days * 86_400_000));

export interface OrderPlace {
  street: string;
  city: string;
  state: string;
  zip: string;
  timeZone: string;
}

/** Downtown Los Angeles: dozens of demo agents' travel radii reach it. */
export const LOS_ANGELES: OrderPlace = { street: '200 N Spring St', city: 'Los Angeles', state: 'CA', zip: '90012', timeZone: 'PT' };

/** A new order by `officer` at `where`, `inDays` from today at `time`, for $150; answers its id and name. */
export async function createOrderAs(
  officer: string,
  where: OrderPlace,
  options: { inDays: number; time: string; label: string; prefix: string },
): Promise<{ id: string; name: string }> {
  const escrow = await signedInApi(officer);
  const fileNumber = `${options.prefix}-${randomBytes(3).toString('hex').toUpperCase()}`;
  const created = await escrow.post('/api/appointments', {
    data: {
      name: `${options.label} ${fileNumber}`,
      date: pacificDate(options.inDays),
      time: options.time,
      ...where,
      agentFee: '$150',
      fileNumber,
      contactName: 'Ines Calloway',
      scanBackRequired: false,
      transactionType: 1,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { appointment: { id: string; name: string } }).appointment;
}

const pacificMinutes = (epochSeconds: number) => {
  const [h, m] = new Intl.DateTimeFormat('en-GB', { timeZone: 'America/Los_Angeles', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
    .format(new Date(epochSeconds * 1000))
    .split(':');
  return Number(h) * 60 + Number(m);
};

/**
 * The first Pacific date from `fromDays` on when the demo agent (agent@demo.test) has no signing
 * within 90 minutes of `time` (HH:MM, Pacific), so an order sent then reaches them: the
 * availability rule keeps that gap free (SIGNING_GAP_MINUTES), and the seed's signings of the
 * demo agent move with the clock, so a fixed day would meet one at some hours of the day.
 */
export async function dayTheDemoAgentIsFree(time: string, fromDays: number): Promise<string> {
  const agent = await signedInApi('agent@demo.test');
  const assigned = await agentList(agent, 'assigned');
  await agent.dispose();
  const [h, m] = time.split(':').map(Number);
  const minutes = h! * 60 + m!;
  for (let days = fromDays; days < fromDays + 30; days++) {
    const date = pacificDate(days);
    const clash = assigned.some((item) => item.date === date && Math.abs(pacificMinutes(item.startsAt) - minutes) < SIGNING_GAP_MINUTES);
    if (!clash) return date;
  }
  throw new Error(`The demo agent has a signing near ${time} on each of 30 days from ${pacificDate(fromDays)}`);
}
