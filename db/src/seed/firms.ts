/** The demo firms: the independent notaries' firm, two managing organizations and the title firms. */
import { randomUUID } from 'node:crypto';
import type { Tx } from '../index';
import * as schema from '../schema/index';
import { DEMO_FIRMS, type DemoFirmKey } from './data';

export async function insertFirms(tx: Tx): Promise<Record<DemoFirmKey, string>> {
  const ids = {} as Record<DemoFirmKey, string>;
  const rows = DEMO_FIRMS.map((firm) => {
    const id = randomUUID();
    ids[firm.key] = id;
    const { key: _key, ...values } = firm;
    return { id, ...values };
  });
  await tx.insert(schema.firms).values(rows);
  return ids;
}

const SERVICE_FEES = new Map(DEMO_FIRMS.map((f) => [f.key, 'serviceFeeCents' in f ? f.serviceFeeCents : 0]));

/** The firm's service fee on each order (none for the firms that order nothing). */
export function serviceFeeCentsOf(firm: DemoFirmKey): number {
  return SERVICE_FEES.get(firm) ?? 0;
}
