/**
 * The benchmark's database: a FRESH one, never the user's ./data. PostgreSQL when
 * BENCH_DATABASE_URL or DATABASE_URL names a server (a new database `sd_bench_<ts>` is created
 * there and dropped by close()), else PGlite in a new temp folder (removed by close()).
 *
 * seedLarge() fills it with set-based SQL (INSERT … SELECT over generate_series) in one
 * transaction: a handful of firms, escrow officers, 10,000 active agents at real zip codes,
 * 100,000 appointments over every status (≈15% Open), ≈300k offers, files, file events and
 * notes, then VACUUM ANALYZE. BENCH_SCALE=1m: 1,000,000 appointments and 50,000 agents, with
 * the bench agent's own offers and assignments as many as at 100k (an agent's work does not
 * grow with the marketplace; the firms' and the operators' lists do). Values come from a hash of the row number, so every run gets
 * the same data (but for the firm and staff ids). One admin, one escrow officer and one bench agent sign in with BENCH_PASSWORD.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDb, schema, type Database, type Db } from '@signingdesk/db';
import { withDatabase } from '@signingdesk/db/testing';
import { STATE_WEIGHTS, ZONE_OF_STATE } from '@signingdesk/db/seed';
import { hashPassword } from 'better-auth/crypto';
import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import zipcodes from 'zipcodes';
import { TIME_ZONES } from '@signingdesk/domain/time-zones';

export const BENCH_PASSWORD = 'bench-password-2026';
export const BENCH_ACCOUNTS = {
  admin: 'admin@bench.test',
  escrow: 'escrow@bench.test',
  agent: 'agent@bench.test',
} as const;

export type BenchScale = '100k' | '1m';

/** BENCH_SCALE: `100k` (default) or `1m`. */
export const BENCH_SCALE: BenchScale = (() => {
  const value = (process.env.BENCH_SCALE ?? '').trim().toLowerCase();
  if (value === '' || value === '100k') return '100k' as const;
  if (value === '1m') return '1m' as const;
  throw new Error(`Invalid BENCH_SCALE (${JSON.stringify(process.env.BENCH_SCALE)}): must be 100k or 1m`);
})();

/** Appointments, and agents in all (the bench agent included), at each scale. */
const SIZES: Record<BenchScale, { appointments: number; agents: number }> = {
  '100k': { appointments: 100_000, agents: 10_000 },
  '1m': { appointments: 1_000_000, agents: 50_000 },
};
const count = (n: number) => n.toLocaleString('en-US');

// ---------------------------------------------------------------------------------------------
// The database

export interface BenchDatabase {
  database: Database;
  kind: Database['kind'];
  /** Where the data lives, without credentials. */
  description: string;
  /** The connection string of the bench database (PostgreSQL only), for server processes of its own. */
  url?: string;
  /** Closes the connection and removes the database or folder; safe to call twice. */
  close(): Promise<void>;
}

export function benchServerUrl(): string | undefined {
  const url = (process.env.BENCH_DATABASE_URL ?? '').trim() || (process.env.DATABASE_URL ?? '').trim();
  return url || undefined;
}

export async function openBenchDatabase(): Promise<BenchDatabase> {
  const serverUrl = benchServerUrl();
  return serverUrl ? openPostgres(serverUrl) : openPglite();
}

async function openPglite(): Promise<BenchDatabase> {
  const dir = mkdtempSync(join(tmpdir(), 'sd-bench-'));
  let database: Database | undefined;
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    try {
      await database?.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
  try {
    database = await createDb({ dataDir: dir });
    await database.migrate();
  } catch (err) {
    await close();
    throw err;
  }
  return { database, kind: 'pglite', description: `PGlite in ${dir} (removed at the end)`, close };
}

async function openPostgres(serverUrl: string): Promise<BenchDatabase> {
  const parsed = new URL(serverUrl);
  const server = `${parsed.hostname}:${parsed.port || '5432'}`;
  const name = `sd_bench_${Date.now().toString(36)}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {}, connect_timeout: 10 });
  try {
    await admin.unsafe(`create database ${name}`);
  } catch (err) {
    throw new Error(`cannot create database ${name} on PostgreSQL ${server}: ${err instanceof Error ? err.message : err}`, { cause: err });
  } finally {
    await admin.end({ timeout: 5 });
  }
  let database: Database | undefined;
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    try {
      await database?.close();
    } finally {
      const dropper = postgres(serverUrl, { max: 1, onnotice: () => {}, connect_timeout: 10 });
      try {
        await dropper.unsafe(`drop database if exists ${name} with (force)`);
      } finally {
        await dropper.end({ timeout: 5 });
      }
    }
  };
  try {
    // The same pool size as the server's (createDb's default).
    database = await createDb({ url: withDatabase(serverUrl, name) });
    await database.migrate();
  } catch (err) {
    await close();
    throw err;
  }
  return {
    database,
    kind: 'postgres',
    description: `PostgreSQL ${server}, database ${name} (dropped at the end)`,
    url: withDatabase(serverUrl, name),
    close,
  };
}

// ---------------------------------------------------------------------------------------------
// SQL helpers

/** A quoted SQL string literal. */
const lit = (value: string) => `'${value.replace(/'/g, "''")}'`;
const textArray = (values: readonly string[]) => `array[${values.map(lit).join(',')}]::text[]`;
/** A deterministic pseudo-random integer in [0, m) from an integer expression and a salt. */
const rnd = (expr: string, salt: number, m: number) => `mod(hashint8((${expr})::bigint * 1009 + ${salt}) + 2147483648, ${m})::int`;
/** A deterministic, random-looking v4 UUID from a prefix and an integer expression. */
const uid = (prefix: string, expr: string) =>
  `overlay(overlay(md5(${lit(prefix)} || (${expr})::text) placing '4' from 13) placing '8' from 17)::uuid`;
/** 1..9999: the generic agents; 0 is the bench agent. */
const genericAgent = (agentCount: number, n: string, slot: string) =>
  `(1 + mod((${n})::bigint * 131 + (${slot}) * 7907, ${agentCount - 1}))`;

const FIRST_NAMES = [
  'James',
  'Mary',
  'Robert',
  'Patricia',
  'John',
  'Jennifer',
  'Michael',
  'Linda',
  'David',
  'Elizabeth',
  'William',
  'Barbara',
  'Richard',
  'Susan',
  'Joseph',
  'Jessica',
  'Thomas',
  'Sarah',
  'Carlos',
  'Maria',
  'Wei',
  'Aisha',
  'Daniel',
  'Karen',
  'Matthew',
  'Nancy',
  'Anthony',
  'Lisa',
  'Mark',
  'Betty',
  'Luis',
  'Priya',
];
const LAST_NAMES = [
  'Smith',
  'Johnson',
  'Williams',
  'Brown',
  'Jones',
  'Garcia',
  'Miller',
  'Davis',
  'Rodriguez',
  'Martinez',
  'Hernandez',
  'Lopez',
  'Gonzalez',
  'Wilson',
  'Anderson',
  'Thomas',
  'Taylor',
  'Moore',
  'Jackson',
  'Martin',
  'Lee',
  'Perez',
  'Thompson',
  'White',
  'Harris',
  'Sanchez',
  'Clark',
  'Ramirez',
  'Lewis',
  'Robinson',
  'Nguyen',
  "O'Brien",
];
const STREETS = [
  'Main St',
  'Oak Ave',
  'Maple Dr',
  'Cedar Ln',
  'Park Blvd',
  'Elm St',
  'Lakeview Dr',
  'Sunset Blvd',
  'Washington Ave',
  'Highland Rd',
  'Pine St',
  'River Rd',
];
const LENDERS = ['Wells Fargo', 'Chase', 'Rocket Mortgage', 'Bank of America', 'US Bank', 'Guild Mortgage', 'loanDepot'];
const KINDS = ['Refinance', 'Purchase', 'HELOC', 'Seller Signing', 'Closing'];
const MESSAGES = [
  'Signer asked for an evening time.',
  'Please bring two extra copies of the deed.',
  'Docs uploaded, please confirm receipt.',
  'Borrower will have a witness present.',
  'Gate code is 4411.',
  'Scan-backs are due by noon.',
  'Running 10 minutes late.',
  'Lender updated the closing disclosure.',
];

interface Place {
  zip: string;
  city: string;
  state: string;
  latitude: number;
  longitude: number;
}

/** ≈10 real zips per weight unit, evenly spread over each state's zips. */
function benchPlaces(): Place[] {
  const places: Place[] = [];
  for (const [state, weight] of Object.entries(STATE_WEIGHTS)) {
    const zips = zipcodes
      .lookupByState(state)
      .filter((z) => Number.isFinite(z.latitude) && Number.isFinite(z.longitude) && /^\d{5}$/.test(String(z.zip)));
    if (zips.length === 0) continue;
    const wanted = Math.max(1, Math.round(weight * 10));
    for (let i = 0; i < wanted; i++) {
      const z = zips[Math.floor((i * zips.length) / wanted)]!;
      places.push({ zip: String(z.zip), city: z.city, state, latitude: z.latitude, longitude: z.longitude });
    }
  }
  return places;
}

// ---------------------------------------------------------------------------------------------
// The seed

export interface SeedResult {
  benchAgentId: string;
  adminId: string;
  escrowId: string;
  firms: { id: string; name: string; share: number }[];
  counts: Record<string, number>;
}

const TITLE_FIRMS = [
  { name: 'Bench Title West', share: 40, fee: 4500, prefix: 'BW' },
  { name: 'Bench Escrow Services', share: 30, fee: 3900, prefix: 'BE' },
  { name: 'Golden Bench Title', share: 10, fee: 5000, prefix: 'GB' },
  { name: 'Liberty Bench Closing', share: 10, fee: 5500, prefix: 'LB' },
  { name: 'Sunshine Bench Settlement', share: 10, fee: 4200, prefix: 'SB' },
];
const OFFICERS_PER_FIRM = 5;

export async function seedLarge(
  database: Database,
  options: { scale?: BenchScale; agents?: number; onStep?: (step: string, ms: number) => void } = {},
): Promise<SeedResult> {
  const { db } = database;
  // `agents`: more agents over the same appointments (the scores bench's 50,000).
  const size = { ...SIZES[options.scale ?? BENCH_SCALE], ...(options.agents ? { agents: options.agents } : {}) };
  let last = performance.now();
  const step = (name: string) => {
    const now = performance.now();
    options.onStep?.(name, now - last);
    last = now;
  };
  const passwordHash = await hashPassword(BENCH_PASSWORD);
  const places = benchPlaces();
  const independentId = randomUUID();
  const operationsId = randomUUID();
  const firms = TITLE_FIRMS.map((f, i) => ({ ...f, id: randomUUID(), k: i + 1 }));
  const adminId = randomUUID();
  const officers = firms.flatMap((firm) =>
    Array.from({ length: OFFICERS_PER_FIRM }, (_, j) => ({
      id: randomUUID(),
      firmK: firm.k,
      firmId: firm.id,
      j,
      email: firm.k === 1 && j === 0 ? BENCH_ACCOUNTS.escrow : `officer${j + 1}@${firm.prefix.toLowerCase()}.bench.test`,
      name: `${FIRST_NAMES[(firm.k * 7 + j) % FIRST_NAMES.length]} ${LAST_NAMES[(firm.k * 11 + j * 3) % LAST_NAMES.length]}`,
      role: j === 0 ? 'creator_admin' : 'creator',
    })),
  );
  const benchAgentId = await scalarUuid(db, `select ${uid('agent', '0')} as id`);

  await db.transaction(async (tx) => {
    const run = (text: string) => tx.execute(sql.raw(text));
    // Bulk load: the rows are consistent by construction, so a superuser (PGlite always is)
    // skips the per-row foreign-key triggers for this transaction.
    const superuser = await scalar(tx as unknown as Db, `select rolsuper from pg_roles where rolname = current_user`);
    if (superuser === true) await run(`set local session_replication_role = replica`);

    // Firms, the admin and the escrow officers (few rows: plain inserts).
    await tx.insert(schema.firms).values([
      { id: independentId, orgNumber: 0, kind: 'independent', name: 'Independent notary' },
      { id: operationsId, orgNumber: 3000, kind: 'managing_organization', name: 'SigningDesk Operations Bench' },
      ...firms.map((f) => ({
        id: f.id,
        orgNumber: f.k,
        kind: 'title_firm' as const,
        name: f.name,
        serviceFeeCents: f.fee,
        managingOrgNumber: 3000,
      })),
    ]);
    const staff = [
      { id: adminId, name: 'Bench Admin', email: BENCH_ACCOUNTS.admin, role: 'admin', firmId: operationsId },
      ...officers.map((o) => ({ id: o.id, name: o.name, email: o.email, role: o.role, firmId: o.firmId })),
    ];
    await tx.insert(schema.user).values(staff.map((p) => ({ id: p.id, name: p.name, email: p.email, emailVerified: true, role: p.role })));
    await tx
      .insert(schema.account)
      .values(staff.map((p) => ({ id: randomUUID(), accountId: p.id, providerId: 'credential', userId: p.id, password: passwordHash })));
    await tx
      .insert(schema.profiles)
      .values(staff.map((p) => ({ userId: p.id, firmId: p.firmId, phone: '3105550100', status: 'active' as const })));

    // Lookup tables for the set-based inserts, dropped at commit.
    await run(
      `create temp table bench_places (k int primary key, zip text, city text, state text, lat float8, lng float8, zone text, iana text) on commit drop`,
    );
    await run(
      `insert into bench_places values ${places
        .map((p, k) => {
          const zone = ZONE_OF_STATE[p.state] ?? 'ET';
          return `(${k}, ${lit(p.zip)}, ${lit(p.city)}, ${lit(p.state)}, ${p.latitude}, ${p.longitude}, ${lit(zone)}, ${lit(TIME_ZONES[zone].iana)})`;
        })
        .join(',')}`,
    );
    await run(`create temp table bench_firms (k int primary key, id uuid, fee int, prefix text) on commit drop`);
    await run(`insert into bench_firms values ${firms.map((f) => `(${f.k}, ${lit(f.id)}, ${f.fee}, ${lit(f.prefix)})`).join(',')}`);
    await run(`create temp table bench_officers (firm_k int, j int, id uuid, email text, primary key (firm_k, j)) on commit drop`);
    await run(`insert into bench_officers values ${officers.map((o) => `(${o.firmK}, ${o.j}, ${lit(o.id)}, ${lit(o.email)})`).join(',')}`);

    // size.agents agents (g = 0 is the bench agent), with credentials, profiles and one session each.
    const P = places.length;
    await run(`
      insert into "user" (id, name, email, email_verified, role)
      select ${uid('agent', 'g')},
             (${textArray(FIRST_NAMES)})[1 + ${rnd('g', 1, FIRST_NAMES.length)}] || ' ' || (${textArray(LAST_NAMES)})[1 + ${rnd('g', 2, LAST_NAMES.length)}],
             case when g = 0 then ${lit(BENCH_ACCOUNTS.agent)} else 'agent' || lpad(g::text, 5, '0') || '@agents.bench.test' end,
             true, 'notary'
      from generate_series(0, ${size.agents - 1}) g`);
    await run(`
      insert into account (account_id, provider_id, user_id, password, updated_at)
      select ${uid('agent', 'g')}::text, 'credential', ${uid('agent', 'g')}, ${lit(passwordHash)}, now()
      from generate_series(0, ${size.agents - 1}) g`);
    await run(`
      insert into profiles (user_id, firm_id, phone, status)
      select ${uid('agent', 'g')}, ${lit(independentId)}, (201 + ${rnd('g', 3, 700)})::text || '555' || lpad(${rnd('g', 4, 10000)}::text, 4, '0'), 'active'
      from generate_series(0, ${size.agents - 1}) g`);
    await run(`
      insert into agent_profiles (user_id, first_name, last_name, city, state, zip, latitude, longitude, laser_printer,
        dual_tray_printer, sms_opt_in, certified_states, years_experience, registration_status, reviewed_at, preferred)
      select ${uid('agent', 'g')},
             (${textArray(FIRST_NAMES)})[1 + ${rnd('g', 1, FIRST_NAMES.length)}], (${textArray(LAST_NAMES)})[1 + ${rnd('g', 2, LAST_NAMES.length)}],
             p.city, p.state, p.zip, p.lat, p.lng, ${rnd('g', 5, 100)} < 85, ${rnd('g', 6, 100)} < 55, ${rnd('g', 7, 100)} < 70,
             array[p.state]::varchar(2)[], 1 + ${rnd('g', 8, 25)}, 'approved', now() - interval '200 days', ${rnd('g', 9, 100)} < 8
      from generate_series(0, ${size.agents - 1}) g
      join bench_places p on p.k = case when g = 0 then 0 else ${rnd('g', 10, P)} end`);
    await run(`
      insert into "session" (expires_at, token, updated_at, user_id)
      select now() + interval '7 days', md5('bench-session' || g), now(), ${uid('agent', 'g')}
      from generate_series(1, ${size.agents - 1}) g`);
    // The triggers are off for the bulk load: each agent's stored score row (decision 067) is
    // made here, stale until the background refresh counts it, as for a new agent.
    await run(`insert into agent_scores (agent_id) select user_id from agent_profiles`);
    step(`${count(size.agents)} agents with accounts, profiles and sessions`);

    // Bulk load: secondary indexes of the big tables are built once after the load (same
    // definitions, read back from the catalog) instead of row by row.
    const indexes = rowsOfResult<{ name: string; def: string }>(
      await run(`
        select indexname as name, indexdef as def from pg_indexes i
        where schemaname = 'public' and tablename in ('appointments', 'offers', 'files', 'file_events', 'notes')
          and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`),
    );
    for (const index of indexes) await run(`drop index "${index.name}"`);
    step('drop secondary indexes');

    // size.appointments appointments. The CTE derives every column from the row number n.
    const appts = appointmentCte(P, size);
    await run(`
      ${appts}
      insert into appointments (id, firm_id, created_by, escrow_email, name, date, time, time_tbd, time_zone, starts_at,
        street, city, state, zip, latitude, longitude, lender, agent_fee_cents, firm_fee_cents, file_number, comments,
        contact_name, contact_phone1, contact_email1, scan_back_required, transaction_type, finance_type, status,
        assigned_agent_id, agent_paid, agent_paid_at, files_uploaded, agent_upload_enabled, uploads_approved,
        marked_completed, marked_completed_at, created_at, updated_at)
      select ${uid('appt', 'a.n')}, f.id, o.id, o.email,
             (${textArray(LAST_NAMES)})[1 + ${rnd('a.n', 20, LAST_NAMES.length)}] || ' ' || (${textArray(KINDS)})[1 + ${rnd('a.n', 21, KINDS.length)}],
             a.day, a.hhmm, a.tbd, p.zone::time_zone_code,
             extract(epoch from ((a.day + a.hhmm::time) at time zone p.iana))::bigint,
             (10 + ${rnd('a.n', 22, 9990)})::text || ' ' || (${textArray(STREETS)})[1 + ${rnd('a.n', 23, STREETS.length)}],
             p.city, p.state, p.zip, p.lat, p.lng,
             case when ${rnd('a.n', 24, 10)} < 9 then (${textArray(LENDERS)})[1 + ${rnd('a.n', 25, LENDERS.length)}] end,
             a.fee, a.fee + f.fee, f.prefix || '-' || lpad((26000 + a.n)::text, 7, '0'),
             case when ${rnd('a.n', 26, 2)} = 0 then (${textArray(MESSAGES)})[1 + ${rnd('a.n', 27, MESSAGES.length)}] end,
             (${textArray(FIRST_NAMES)})[1 + ${rnd('a.n', 28, FIRST_NAMES.length)}] || ' ' || (${textArray(LAST_NAMES)})[1 + ${rnd('a.n', 20, LAST_NAMES.length)}],
             (201 + ${rnd('a.n', 29, 700)})::text || '555' || lpad(${rnd('a.n', 30, 10000)}::text, 4, '0'),
             'signer' || a.n || '@example.com',
             a.scan_back, (array[1,2,2,2,3,4])[1 + ${rnd('a.n', 31, 6)}],
             case when ${rnd('a.n', 32, 10)} < 8 then 11 + ${rnd('a.n', 33, 6)} end,
             a.status, a.assigned, a.paid, case when a.paid then (a.day + 5)::timestamptz end,
             a.nfiles > 0 and a.status <> 'Open', a.status = 'Completed' and a.scan_back,
             a.status = 'Completed' and a.scan_back and ${rnd('a.n', 34, 2)} = 0,
             a.status = 'Completed', case when a.status = 'Completed' then (a.day + 1)::timestamptz end,
             now() - make_interval(days => 30 + ${rnd('a.n', 35, 300)}), now()
      from a
      join bench_firms f on f.k = a.firm_k
      join bench_officers o on o.firm_k = a.firm_k and o.j = a.officer_j
      join bench_places p on p.k = a.place_k`);
    step(`${count(size.appointments)} appointments`);

    // Offers: slot 0 is the bench agent's, slots 1..k go to generic agents.
    await run(`
      ${appts},
      slots as (
        select a.*, s from a
        cross join lateral generate_series(case when a.bench and a.status in ('Open', 'Pending') then 0 else 1 end, a.k) s
      ),
      x as (
        select slots.*,
          case
            when status = 'Open' and s = 0 then case when bench_r < 3 then 'offered' else 'declined' end
            when status = 'Open' then case when ${rnd('n * 16 + s', 40, 100)} < 15 then 'declined' else 'offered' end
            when status = 'Pending' and s = 0 then case when ${rnd('n', 41, 2)} = 0 then 'claimed' else 'countered' end
            when status = 'Pending' and s <= nb then case when ${rnd('n * 16 + s', 42, 5)} < 2 then 'countered' else 'claimed' end
            when status = 'Pending' then 'offered'
            when status = 'Canceled' then 'removed'
            when s = 1 then 'approved'
            else 'rejected'
          end::offer_status as st
        from slots
      )
      insert into offers (appointment_id, agent_id, status, bid_cents, responded_at, created_at, updated_at)
      select ${uid('appt', 'n')},
             case when s = 0 or (s = 1 and assigned is not null) then coalesce(assigned, ${lit(benchAgentId)}::uuid)
                  else ${uid('agent', genericAgent(size.agents, 'n', 's'))} end,
             st,
             case st when 'claimed' then fee when 'countered' then fee + 2500 when 'rejected' then fee
                     -- The accepted bid is the order's agent fee, its agreed pay (decision 047).
                     when 'approved' then fee end,
             case when st <> 'offered' then now() - make_interval(hours => 1 + ${rnd('n * 16 + s', 44, 72)}) end,
             now() - make_interval(hours => 80), now()
      from x`);
    step('offers');

    // Documents (and an invoice for paid orders), their write/read events, and notes.
    await run(`
      ${appts},
      fs as (
        select a.*, j, (a.paid and j = a.nfiles + 1) as invoice
        from a cross join lateral generate_series(1, a.nfiles + case when a.paid then 1 else 0 end) j
      )
      insert into files (id, appointment_id, kind, file_name, storage_key, content_type, size_bytes, uploaded_by, upload_confirmed, created_at)
      select ${uid('file', 'fs.n * 4 + fs.j')}, ${uid('appt', 'fs.n')},
             case when invoice then 'invoice' else 'document' end::file_kind,
             case when invoice then 'Invoice ' else 'Document ' || fs.j || ' ' end || (26000 + fs.n)::text || '.pdf',
             'bench/' || fs.n || '/' || fs.j, 'application/pdf', 200000 + ${rnd('fs.n * 4 + fs.j', 50, 3800000)},
             o.id, true, now() - make_interval(days => 1 + ${rnd('fs.n', 51, 20)})
      from fs join bench_officers o on o.firm_k = fs.firm_k and o.j = fs.officer_j`);
    step('files');
    await run(`
      ${appts},
      fs as (select a.*, j from a cross join lateral generate_series(1, a.nfiles) j)
      insert into file_events (file_id, action, user_id, confirmed)
      select ${uid('file', 'fs.n * 4 + fs.j')}, 'write'::file_action, o.id, true
      from fs join bench_officers o on o.firm_k = fs.firm_k and o.j = fs.officer_j
      union all
      select ${uid('file', 'fs.n * 4 + fs.j')}, 'read'::file_action, fs.assigned, true
      from fs where fs.assigned is not null and ${rnd('fs.n * 4 + fs.j', 52, 10)} < 7`);
    step('file events');
    await run(`
      ${appts},
      ns as (select a.*, m from a cross join lateral generate_series(1, a.nnotes) m),
      y as (select ns.*, ${rnd('n * 8 + m', 60, 10)} < 6 as seen, ${rnd('n * 8 + m', 61, 10)} as who from ns)
      insert into notes (appointment_id, author_id, message, created_at, escrow_read_by, escrow_read_at,
        agent_read_by, agent_read_at, admin_read_by, admin_read_at)
      select ${uid('appt', 'y.n')},
             case when y.who < 4 and y.assigned is not null then y.assigned when y.who < 8 then o.id else ${lit(adminId)}::uuid end,
             (${textArray(MESSAGES)})[1 + ${rnd('y.n * 8 + y.m', 62, MESSAGES.length)}],
             now() - make_interval(hours => 1 + ${rnd('y.n * 8 + y.m', 63, 240)}),
             case when y.seen then o.id end, case when y.seen then now() end,
             case when y.seen then y.assigned end, case when y.seen and y.assigned is not null then now() end,
             case when y.seen then ${lit(adminId)}::uuid end, case when y.seen then now() end
      from y join bench_officers o on o.firm_k = y.firm_k and o.j = y.officer_j`);
    step('notes');
    for (const index of indexes) await run(index.def);
    step(`rebuild ${indexes.length} secondary indexes`);
  });

  // Fresh statistics and visibility map, as autovacuum would leave them on a live server
  // (PGlite has no autovacuum: a bulk-loaded PGlite keeps stale statistics until ANALYZE).
  step('commit');
  await db.execute(sql.raw('vacuum analyze'));
  step('vacuum analyze');

  const counts: Record<string, number> = {};
  for (const table of ['user', 'agent_profiles', 'appointments', 'offers', 'files', 'file_events', 'notes', 'session']) {
    counts[table] = Number(await scalar(db, `select count(*)::int as n from "${table}"`));
  }
  counts.openAppointments = Number(await scalar(db, `select count(*)::int as n from appointments where status = 'Open'`));
  counts.benchAgentOffers = Number(await scalar(db, `select count(*)::int as n from offers where agent_id = ${lit(benchAgentId)}`));
  return {
    benchAgentId,
    adminId,
    escrowId: officers[0]!.id,
    firms: firms.map((f) => ({ id: f.id, name: f.name, share: f.share })),
    counts,
  };
}

/**
 * `with base as (…), a as (…)`: one row per appointment n with its derived fields. The
 * shares: Open 15%, Pending 10%, Scheduled 20%, Paused 5%, Completed 40%, Canceled 10%; firms
 * 40/30/10/10/10. `bench` marks the orders the bench agent has an offer on (54 open offers,
 * ≈30 declined, ≈30 bids) or is assigned to (≈130).
 */
function appointmentCte(placeCount: number, size: { appointments: number; agents: number }): string {
  const slot1 = uid('agent', genericAgent(size.agents, 'n', '1'));
  // The bench agent's share of the orders shrinks as they grow, so that its own lists stay the same size.
  const benchAgentShare = 1000 * (size.appointments / 100_000);
  return `
    with base as (
      select n,
        ${rnd('n', 1, 100)} as sb,
        ${rnd('n', 2, benchAgentShare)} as bench_r,
        ${rnd('n', 3, 100)} as fr,
        ${rnd('n', 4, OFFICERS_PER_FIRM)} as officer_j,
        ${rnd('n', 5, placeCount)} as place_k,
        ${rnd('n', 6, 1000)} as r6,
        ${rnd('n', 7, 100)} as r7,
        ${rnd('n', 8, 100)} as r8,
        ${rnd('n', 9, 100)} as r9
      from generate_series(1, ${size.appointments}) n
    ),
    derived as (
      select base.*,
        case when sb < 15 then 'Open' when sb < 25 then 'Pending' when sb < 45 then 'Scheduled'
             when sb < 50 then 'Paused' when sb < 90 then 'Completed' else 'Canceled' end::appointment_status as status,
        case when fr < 40 then 1 when fr < 70 then 2 when fr < 80 then 3 when fr < 90 then 4 else 5 end as firm_k,
        (4 + mod(r6, 7)) * 2500 as fee,
        r7 < 45 as scan_back
      from base
    ),
    a as (
      select derived.*,
        current_date + case status
          when 'Open' then 1 + mod(r6, 30) when 'Pending' then 1 + mod(r6, 30) when 'Scheduled' then mod(r6, 22)
          when 'Paused' then 4 + mod(r6, 22) when 'Completed' then -1 - mod(r6 * 7, 365) else -60 + mod(r6, 91) end as day,
        (status <> 'Completed' and r8 < 8) as tbd,
        case when status <> 'Completed' and r8 < 8 then '00:00'
             else lpad((8 + mod(r9, 12))::text, 2, '0') || case when mod(r9, 2) = 0 then ':00' else ':30' end end as hhmm,
        case status when 'Open' then bench_r < 5 when 'Pending' then bench_r < 3 when 'Canceled' then false else bench_r < 2 end as bench,
        case status
          when 'Open' then case when r7 < 10 then 0 else 4 + mod(r6, 9) end
          when 'Pending' then 3 + mod(r6, 7)
          when 'Canceled' then mod(r6, 4)
          else 1 + mod(r6, 3) end as k,
        1 + mod(r8, 2) as nb,
        case when status in ('Scheduled', 'Paused', 'Completed')
             then case when bench_r < 2 then ${uid('agent', '0')} else ${slot1} end end as assigned,
        status = 'Completed' and r9 < 60 as paid,
        case when status = 'Open' then case when r8 < 30 then 1 + mod(r9, 2) else 0 end
             when status = 'Canceled' then 0
             when r8 < 55 then 1 + mod(r9, 3) else 0 end as nfiles,
        case when status = 'Open' then case when r9 < 20 then 1 + mod(r8, 2) else 0 end
             when r9 < 40 then 1 + mod(r8, 3) else 0 end as nnotes
      from derived
    )`;
}

function rowsOfResult<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : ((result as { rows?: unknown[] }).rows ?? [])) as T[];
}

async function scalar(db: Db, text: string): Promise<unknown> {
  const row = rowsOfResult<Record<string, unknown>>(await db.execute(sql.raw(text)))[0];
  return row ? Object.values(row)[0] : undefined;
}

async function scalarUuid(db: Db, text: string): Promise<string> {
  return String(await scalar(db, text));
}
