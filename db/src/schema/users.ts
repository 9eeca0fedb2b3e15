import { sql } from 'drizzle-orm';
import { boolean, check, doublePrecision, index, integer, jsonb, pgTable, text, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { user } from './auth';
import { timestamps } from './columns';
import { registrationStatus, userStatus } from './enums';
import { firms } from './firms';

/**
 * What the product knows about a user beyond sign-in: the firm they belong to, their phone
 * and their account status. better-auth owns `user` (name, email, role) and its credentials;
 * this table is ours. `disabled` users cannot sign in (checked when a session is created and
 * on every request).
 */
export const profiles = pgTable(
  'profiles',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    firmId: uuid('firm_id')
      .notNull()
      .references(() => firms.id),
    phone: varchar('phone', { length: 20 }),
    status: userStatus('status').notNull().default('active'),
    ...timestamps(),
  },
  (t) => [index('profiles_firm_idx').on(t.firmId, t.status)],
);

/**
 * A signing agent's registration and profile (spec 02 §3 "Notary"). Coordinates come from the
 * zip so radius searches can prefilter with a bounding box in SQL. Completed and scheduled
 * counts are derived from appointments when read, not stored.
 */
export const agentProfiles = pgTable(
  'agent_profiles',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    companyName: text('company_name'),
    address1: text('address1'),
    address2: text('address2'),
    city: text('city').notNull(),
    state: varchar('state', { length: 2 }).notNull(),
    zip: varchar('zip', { length: 5 }).notNull(),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    laserPrinter: boolean('laser_printer').notNull().default(false),
    dualTrayPrinter: boolean('dual_tray_printer').notNull().default(false),
    smsOptIn: boolean('sms_opt_in').notNull().default(false),
    certifiedStates: varchar('certified_states', { length: 2 })
      .array()
      .notNull()
      .default(sql`'{}'::varchar(2)[]`),
    yearsExperience: integer('years_experience'),
    registrationStatus: registrationStatus('registration_status').notNull().default('pending'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    preferred: boolean('preferred').notNull().default(false),
    // Availability (issue 31), read by automatic dispatch (issue 32): how far they travel from
    // their address, how many signings a day they take (null: no limit of their own), and offers
    // paused until a time ("pause offers for N hours"). Days away are agent_time_off.
    travelRadiusMiles: integer('travel_radius_miles').notNull().default(50),
    maxSigningsPerDay: integer('max_signings_per_day'),
    offersPausedUntil: timestamp('offers_paused_until', { withTimezone: true }),
    /** Per notification type, the channels the agent wants ({ "offer": ["push", "sms"] }); a type not listed keeps the defaults. */
    channelPreferences: jsonb('channel_preferences').$type<Record<string, string[]>>().notNull().default({}),
    ...timestamps(),
  },
  (t) => [
    index('agent_profiles_state_idx').on(t.state),
    index('agent_profiles_zip_idx').on(t.zip),
    index('agent_profiles_last_name_idx').on(sql`lower(${t.lastName})`),
    index('agent_profiles_certified_states_idx').using('gin', t.certifiedStates),
    index('agent_profiles_lat_lng_idx').on(t.latitude, t.longitude),
    // The box around each agent's own travel radius (decision 067; the function is migration
    // 0018's): finds the agents whose radius may reach a point without scanning a 250-mile box.
    index('agent_profiles_reach_idx').using('gist', sql`agent_reach_box(${t.latitude}, ${t.longitude}, ${t.travelRadiusMiles})`),
    index('agent_profiles_registration_idx').on(t.registrationStatus),
    index('agent_profiles_preferred_idx')
      .on(t.preferred)
      .where(sql`${t.preferred}`),
    check('agent_profiles_max_five_states', sql`cardinality(${t.certifiedStates}) <= 5`),
    check('agent_profiles_zip_digits', sql`${t.zip} ~ '^[0-9]{5}$'`),
    check('agent_profiles_travel_radius', sql`${t.travelRadiusMiles} between 10 and 250`),
    check('agent_profiles_max_per_day', sql`${t.maxSigningsPerDay} is null or ${t.maxSigningsPerDay} between 1 and 20`),
  ],
);
