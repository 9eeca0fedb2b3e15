/**
 * Orders a journey makes for itself through the API, as an escrow officer would: each with a
 * file number of its own, so journeys sharing a server never meet each other's orders.
 */
import { randomBytes } from 'node:crypto';
import { signedInApi } from './agent-app';
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
