import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns';
import { firmKind } from './enums';

/**
 * Title and escrow firms, the 'Independent notary' firm every agent belongs to (org number 0)
 * and the two managing organisations (3000, 3001) of spec 02 §3. `orgNumber` is the firm's
 * number as the spec and operators know it; the UUID is what URLs carry.
 */
export const firms = pgTable(
  'firms',
  {
    id: id(),
    orgNumber: integer('org_number').notNull().unique(),
    kind: firmKind('kind').notNull().default('title_firm'),
    name: text('name').notNull(),
    contactName: text('contact_name'),
    contactEmail: text('contact_email'),
    address: text('address'),
    city: text('city'),
    state: varchar('state', { length: 2 }),
    zip: varchar('zip', { length: 5 }),
    serviceFeeCents: integer('service_fee_cents').notNull().default(0),
    managingOrgNumber: integer('managing_org_number'),
    // What the firm requires of the agents who sign its orders (issue 31); null: no requirement.
    minEoCoverageCents: bigint('min_eo_coverage_cents', { mode: 'number' }),
    maxBackgroundCheckAgeDays: integer('max_background_check_age_days'),
    nnaRequired: boolean('nna_required').notNull().default(false),
    // Set while an admin has disabled the firm (decision 071): none of its users can sign in, its
    // API keys are refused and its webhooks are not sent. Its orders and users are kept as they are.
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('firms_name_lower_idx').on(sql`lower(${t.name})`),
    index('firms_managing_org_idx').on(t.managingOrgNumber),
    check('firms_service_fee_nonnegative', sql`${t.serviceFeeCents} >= 0`),
    check('firms_min_eo_nonnegative', sql`${t.minEoCoverageCents} is null or ${t.minEoCoverageCents} >= 0`),
    check('firms_background_age_positive', sql`${t.maxBackgroundCheckAgeDays} is null or ${t.maxBackgroundCheckAgeDays} > 0`),
    check('firms_zip_digits', sql`${t.zip} is null or ${t.zip} ~ '^[0-9]{5}$'`),
  ],
);
