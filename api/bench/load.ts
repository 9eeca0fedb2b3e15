/**
 * `npm run load`: the real server under a mixed load over loopback sockets, on PostgreSQL.
 *
 * Seeds a fresh database (seed-large.ts: 100,000 appointments, 10,000 agents, a session each),
 * then drives `npm start`'s server (api/src/server.ts as a child process) with autocannon, one
 * instance per kind of request, all at once for LOAD_SECONDS:
 *   agents listing their open offers and opening an appointment, operators searching, agents
 *   claiming and countering (each followed by a withdraw, so the offer is open again and the
 *   next claim is real work), agents uploading a scan-back (tus: grant, then the bytes) and
 *   posting a message.
 * Every request is signed in as a different agent or the operator; each connection of a
 * writing kind keeps its own agent and appointment, so no two connections fight over one row.
 * Runs against 1 process and against LOAD_PROCESSES (default: the CPU count) processes
 * (WEB_CONCURRENCY), then soaks the N processes for SOAK_SECONDS (default 300) with half the
 * connections, reading their resident memory at the start and the end. Last, two separate
 * server processes race: the same order's two bids accepted through both at once, RACE_ROUNDS
 * (default 50) times; exactly one must win each time.
 *
 * Reports requests/s, p50/p99 per kind, unexpected answers (anything but the kind's success
 * status; must be 0) and RSS growth (target < 10 %). JSON goes to the OS temp folder.
 * LOAD_CPU_PROFILE=1: the one-process run is CPU-profiled (node --cpu-prof) and the busy time's
 * shares are printed by part — drizzle-orm (the ORM), postgres.js (the driver), Hono, … (cpu-profile.ts).
 * Needs PostgreSQL: BENCH_DATABASE_URL or DATABASE_URL (a new database on that server, dropped
 * at the end). The load client shares the machine with the servers and PostgreSQL.
 */
// First: the domain's zod schemas the eligibility rule reaches need .openapi() (zod-openapi-first.ts).
import '../src/testing/zod-openapi-first';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon, { type Request, type Result } from 'autocannon';
import { sql } from 'drizzle-orm';
import { pdfBytes } from '../src/modules/files/files.testing';
import { processTree, residentBytes, startServerProcess, stopServerProcess, type ServerProcess } from '../src/testing/server-process';
import { cpuShares } from './cpu-profile';
import { claimableOffers, sessionCookie, type ClaimableOffer } from './claimable-offers';
import { BENCH_ACCOUNTS, BENCH_PASSWORD, benchServerUrl, openBenchDatabase, seedLarge, type BenchDatabase } from './seed-large';

const ORIGIN = 'http://localhost:3000';
const SECRET = 'load-bench-secret-that-is-long-enough-0123456789';
const whole = (name: string, fallback: number) => {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value > 0 ? Math.floor(value) : fallback;
};
const LOAD_SECONDS = whole('LOAD_SECONDS', 30);
const SOAK_SECONDS = whole('SOAK_SECONDS', 300);
const PROCESSES = whole('LOAD_PROCESSES', Math.max(2, cpus().length));
const RACE_ROUNDS = whole('RACE_ROUNDS', 50);
const CPU_PROFILE = process.env.LOAD_CPU_PROFILE === '1';
const SCAN_BACK = pdfBytes(32 * 1024);

const cookieOf = (token: string) => sessionCookie(SECRET, token);

interface Pair {
  cookie: string;
  appointmentId: string;
}

interface Fixtures {
  agentCookies: string[];
  /** Agents with an offer on an Open order (each pair used by one connection at a time). */
  offered: Pair[];
  /** Agents assigned to a Scheduled order: they may upload and write. */
  assigned: Pair[];
  /** Open orders with two offered agents, kept out of the mix for the race. */
  race: { appointmentId: string; bidders: [Pair, Pair] }[];
}

const rowsOf = <T>(result: unknown): T[] => (Array.isArray(result) ? result : ((result as { rows: T[] }).rows ?? [])) as T[];

async function loadFixtures(bench: BenchDatabase): Promise<Fixtures> {
  const db = bench.database.db;
  const claimable = await claimableOffers(db, { raceRounds: RACE_ROUNDS, pairs: 2000 });
  const pair = (offer: ClaimableOffer): Pair => ({ cookie: cookieOf(offer.token), appointmentId: offer.appointmentId });
  const race = claimable.race.map(([a, b]) => ({ appointmentId: a.appointmentId, bidders: [pair(a), pair(b)] as [Pair, Pair] }));
  const offered = claimable.offered.map(pair);
  const assigned = rowsOf<{ id: string; token: string }>(
    await db.execute(sql`
      select distinct on (a.assigned_agent_id) a.id, s.token
      from appointments a join "session" s on s.user_id = a.assigned_agent_id
      where a.status = 'Scheduled'
      order by a.assigned_agent_id, a.id limit 2000`),
  ).map((row) => ({ cookie: cookieOf(row.token), appointmentId: row.id }));
  const agentCookies = rowsOf<{ token: string }>(await db.execute(sql`select token from "session" order by token limit 5000`)).map((row) =>
    cookieOf(row.token),
  );
  return { agentCookies, offered, assigned, race };
}

/** Round-robin over a list. */
function cycle<T>(items: readonly T[]): () => T {
  let i = 0;
  return () => items[i++ % items.length]!;
}

interface Kind {
  key: string;
  label: string;
  connections: number;
  /** Success statuses, in the order of the requests. */
  expected: number[];
  requests: Request[];
}

type Context = { pair?: Pair; uploadUrl?: string };

/** Each connection of a writing kind takes its own pair, kept for the whole run. */
function pairOf(pairs: readonly Pair[]) {
  let next = 0;
  return (context: Context): Pair => (context.pair ??= pairs[next++ % pairs.length]!);
}

const withHeaders = (req: Request, headers: Record<string, string>): Request => ({ ...req, headers: { ...req.headers, ...headers } });

function workload(f: Fixtures, adminCookie: string, scale: number): Kind[] {
  const n = (connections: number) => Math.max(1, Math.round(connections * scale));
  const agent = cycle(f.agentCookies);
  const detail = cycle(f.offered);
  const claimPair = pairOf(f.offered.slice(0, f.offered.length / 2));
  const counterPair = pairOf(f.offered.slice(f.offered.length / 2));
  const uploadPair = pairOf(f.assigned.slice(0, f.assigned.length / 2));
  const notePair = pairOf(f.assigned.slice(f.assigned.length / 2));
  const json = { 'content-type': 'application/json' };
  let page = 0;
  return [
    {
      key: 'agent-list',
      label: 'agent: open-offer list',
      connections: n(16),
      expected: [200],
      requests: [{ method: 'GET', path: '/api/agent/appointments?tab=open', setupRequest: (req) => withHeaders(req, { cookie: agent() }) }],
    },
    {
      key: 'agent-detail',
      label: 'agent: open an offered appointment',
      connections: n(8),
      expected: [200],
      requests: [
        {
          method: 'GET',
          setupRequest: (req) => {
            const pair = detail();
            return withHeaders({ ...req, path: `/api/appointments/${pair.appointmentId}` }, { cookie: pair.cookie });
          },
        },
      ],
    },
    {
      key: 'operator-search',
      label: 'operator: assignment search',
      connections: n(4),
      expected: [200],
      requests: [
        {
          method: 'GET',
          setupRequest: (req) =>
            withHeaders({ ...req, path: `/api/appointments?status=Open&page=${1 + (page++ % 40)}` }, { cookie: adminCookie }),
        },
      ],
    },
    {
      key: 'claim',
      label: 'agent: claim, then withdraw',
      connections: n(4),
      expected: [200, 200],
      requests: ['claim', 'withdraw'].map((action): Request => ({
        method: 'POST',
        body: '{}',
        setupRequest: (req, context) => {
          const pair = claimPair(context as Context);
          return withHeaders({ ...req, path: `/api/appointments/${pair.appointmentId}/${action}` }, { ...json, cookie: pair.cookie });
        },
      })),
    },
    {
      key: 'counter',
      label: 'agent: counter, then withdraw',
      connections: n(2),
      expected: [200, 200],
      requests: [
        ['counter', JSON.stringify({ bid: '$185' })],
        ['withdraw', '{}'],
      ].map(([action, body]): Request => ({
        method: 'POST',
        body,
        setupRequest: (req, context) => {
          const pair = counterPair(context as Context);
          return withHeaders({ ...req, path: `/api/appointments/${pair.appointmentId}/${action}` }, { ...json, cookie: pair.cookie });
        },
      })),
    },
    {
      key: 'upload',
      label: 'agent: upload a 32 KB scan-back (tus)',
      connections: n(2),
      expected: [201, 204],
      requests: [
        {
          method: 'POST',
          body: JSON.stringify({ files: [{ fileName: 'Scan-backs.pdf', size: SCAN_BACK.length, contentType: 'application/pdf' }] }),
          setupRequest: (req, context) => {
            const pair = uploadPair(context as Context);
            return withHeaders({ ...req, path: `/api/appointments/${pair.appointmentId}/files/uploads` }, { ...json, cookie: pair.cookie });
          },
          onResponse: (status, body, context) => {
            if (status === 201)
              (context as Context).uploadUrl = (JSON.parse(body) as { items: { uploadUrl: string }[] }).items[0]!.uploadUrl;
          },
        },
        {
          method: 'PATCH',
          body: SCAN_BACK,
          setupRequest: (req, context) => {
            const ctx = context as Context;
            return withHeaders(
              { ...req, path: ctx.uploadUrl ?? '/api/uploads/missing' },
              {
                cookie: ctx.pair!.cookie,
                'tus-resumable': '1.0.0',
                'upload-offset': '0',
                'content-type': 'application/offset+octet-stream',
              },
            );
          },
        },
      ],
    },
    {
      key: 'note',
      label: 'agent: post a message',
      connections: n(2),
      expected: [201],
      requests: [
        {
          method: 'POST',
          body: JSON.stringify({ message: 'On my way; I will be there ten minutes early.' }),
          setupRequest: (req, context) => {
            const pair = notePair(context as Context);
            return withHeaders({ ...req, path: `/api/appointments/${pair.appointmentId}/notes` }, { ...json, cookie: pair.cookie });
          },
        },
      ],
    },
  ];
}

interface KindResult {
  key: string;
  label: string;
  connections: number;
  requests: number;
  perSecond: number;
  p50: number;
  p99: number;
  unexpected: number;
  statuses: Record<string, number>;
}

type OnResponse = Extract<Request['onResponse'], (...args: never[]) => void>;

async function runKind(url: string, kind: Kind, seconds: number): Promise<KindResult> {
  const statuses: Record<string, number> = {};
  let unexpected = 0;
  const requests = kind.requests.map((req, index) => ({
    ...req,
    onResponse: (status: number, body: string, context: object, headers: Parameters<OnResponse>[3]) => {
      statuses[status] = (statuses[status] ?? 0) + 1;
      if (status !== kind.expected[index]) {
        unexpected++;
        if (unexpected <= 3) console.warn(`  unexpected ${status} for ${kind.label} (request ${index + 1}): ${body.slice(0, 200)}`);
      }
      if (typeof req.onResponse === 'function') req.onResponse(status, body, context, headers);
    },
  }));
  const result: Result = await autocannon({
    url,
    connections: kind.connections,
    duration: seconds,
    headers: { origin: ORIGIN },
    requests,
    timeout: 30,
  });
  return {
    key: kind.key,
    label: kind.label,
    connections: kind.connections,
    requests: result.requests.total,
    perSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    unexpected: unexpected + result.errors + result.timeouts,
    statuses,
  };
}

/** Every kind at once against one server for `seconds`. */
async function runMix(url: string, kinds: Kind[], seconds: number) {
  const started = performance.now();
  const results = await Promise.all(kinds.map((kind) => runKind(url, kind, seconds)));
  const elapsed = (performance.now() - started) / 1000;
  const total = results.reduce((sum, r) => sum + r.requests, 0);
  return { seconds: elapsed, perSecond: total / elapsed, kinds: results };
}

function serverEnv(bench: BenchDatabase, filesDir: string, processes: number): Record<string, string> {
  return {
    NODE_ENV: 'production',
    DATABASE_URL: bench.url!,
    PUBLIC_ORIGIN: ORIGIN,
    BETTER_AUTH_SECRET: SECRET,
    FILES_DIR: filesDir,
    WEB_CONCURRENCY: String(processes),
    // The load comes from one address; the limits have their own tests.
    SIGN_IN_ATTEMPTS_PER_MINUTE: '100000',
    FORM_RATE_LIMIT_PER_HOUR: '100000',
  };
}

const rssOf = (server: ServerProcess) => processTree(server.child.pid!).reduce((sum, pid) => sum + residentBytes(pid), 0);
const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

async function signInAdmin(server: ServerProcess): Promise<string> {
  const res = await fetch(`${server.url}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { origin: ORIGIN, 'content-type': 'application/json' },
    body: JSON.stringify({ email: BENCH_ACCOUNTS.admin, password: BENCH_PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`the admin's sign-in answered ${res.status}: ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

async function post(server: ServerProcess, path: string, cookie: string): Promise<{ status: number; body: any }> {
  const res = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { origin: ORIGIN, cookie, 'content-type': 'application/json' },
    body: '{}',
  });
  return { status: res.status, body: await res.json().catch(() => null) };
}

/** The same order's two bids accepted through two processes at once: one winner each round. */
async function race(a: ServerProcess, b: ServerProcess, adminCookie: string, rounds: Fixtures['race']) {
  let oneWinner = 0;
  const outcomes: string[] = [];
  for (const round of rounds) {
    const bids: string[] = [];
    for (const [i, bidder] of round.bidders.entries()) {
      const claim = await post(i === 0 ? a : b, `/api/appointments/${round.appointmentId}/claim`, bidder.cookie);
      if (claim.status !== 200) throw new Error(`race: a claim answered ${claim.status}: ${JSON.stringify(claim.body)}`);
      bids.push(claim.body.offer.id as string);
    }
    const answers = await Promise.all([
      post(a, `/api/appointments/${round.appointmentId}/bids/${bids[0]}/accept`, adminCookie),
      post(b, `/api/appointments/${round.appointmentId}/bids/${bids[1]}/accept`, adminCookie),
    ]);
    const statuses = answers.map((r) => r.status).sort();
    outcomes.push(statuses.join('/'));
    if (statuses[0] === 200 && statuses[1] === 409) oneWinner++;
  }
  return { rounds: rounds.length, oneWinner, outcomes: [...new Set(outcomes)] };
}

function printMix(title: string, mix: Awaited<ReturnType<typeof runMix>>) {
  console.log(`\n${title}: ${mix.perSecond.toFixed(0)} requests/s over ${mix.seconds.toFixed(0)} s`);
  console.log('  kind                                     conns   requests     req/s   p50 ms   p99 ms  unexpected');
  for (const k of mix.kinds) {
    console.log(
      `  ${k.label.padEnd(40)} ${String(k.connections).padStart(5)} ${String(k.requests).padStart(10)} ${k.perSecond.toFixed(1).padStart(9)} ` +
        `${k.p50.toFixed(0).padStart(8)} ${k.p99.toFixed(0).padStart(8)} ${String(k.unexpected).padStart(11)}`,
    );
  }
}

let bench: BenchDatabase | undefined;
let running: ServerProcess[] = [];

async function main() {
  const started = performance.now();
  if (!benchServerUrl()) {
    console.error(
      'npm run load needs PostgreSQL: set BENCH_DATABASE_URL or DATABASE_URL (a new database is made on that server and dropped at the end).',
    );
    process.exit(1);
  }
  console.log(
    `Node ${process.version}, ${cpus().length} CPUs, load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  bench = await openBenchDatabase();
  console.log(`Database: ${bench.description}`);
  const seedStarted = performance.now();
  const seeded = await seedLarge(bench.database);
  console.log(
    `Seeded in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s: ${seeded.counts.appointments} appointments, ${seeded.counts.agent_profiles} agents.`,
  );
  const fixtures = await loadFixtures(bench);
  console.log(
    `Load: ${fixtures.agentCookies.length} agent sessions, ${fixtures.offered.length} offered and ${fixtures.assigned.length} assigned (agent, order) pairs; ` +
      `${LOAD_SECONDS} s per run, soak ${SOAK_SECONDS} s, ${PROCESSES} processes; race ${fixtures.race.length} rounds.`,
  );
  const filesDir = mkdtempSync(join(tmpdir(), 'sd-load-files-'));
  const report: Record<string, unknown> = {
    when: new Date().toISOString(),
    node: process.version,
    cpus: cpus().length,
    database: bench.description,
  };
  try {
    // ---- One process
    const profileDir = CPU_PROFILE ? mkdtempSync(join(tmpdir(), 'sd-load-profile-')) : undefined;
    const profiling: Record<string, string> = profileDir ? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${profileDir}` } : {};
    const one = await startServerProcess({ ...serverEnv(bench, filesDir, 1), ...profiling }, null);
    running = [one];
    const adminCookie = await signInAdmin(one);
    const single = await runMix(one.url, workload(fixtures, adminCookie, 1), LOAD_SECONDS);
    printMix('1 API process', single);
    await stopServerProcess(one);
    if (profileDir) {
      const files = readdirSync(profileDir).map((name) => join(profileDir, name));
      const profile = cpuShares(files);
      report.cpuProfile = profile;
      console.log(
        `\nCPU profile of the 1-process run (${files.length} profile(s), ${(profile.busyMs / 1000).toFixed(1)} s busy): share of busy time`,
      );
      for (const [part, share] of profile.shares) console.log(`  ${(share * 100).toFixed(1).padStart(5)} %  ${part}`);
      rmSync(profileDir, { recursive: true, force: true });
    }

    // ---- N processes, then the soak
    const many = await startServerProcess(serverEnv(bench, filesDir, PROCESSES), null);
    running = [many];
    const multi = await runMix(many.url, workload(fixtures, adminCookie, 1), LOAD_SECONDS);
    printMix(`${PROCESSES} API processes (WEB_CONCURRENCY=${PROCESSES})`, multi);
    const rssStart = rssOf(many);
    const samples: { second: number; rss: number }[] = [{ second: 0, rss: rssStart }];
    const sampler = setInterval(() => samples.push({ second: Math.round(samples.length * 30), rss: rssOf(many) }), 30_000);
    const soak = await runMix(many.url, workload(fixtures, adminCookie, 0.5), SOAK_SECONDS);
    clearInterval(sampler);
    const rssEnd = rssOf(many);
    printMix(`Soak, ${PROCESSES} API processes, half the connections`, soak);
    const growth = (rssEnd - rssStart) / rssStart;
    console.log(
      `  resident memory of the ${PROCESSES + 1} processes (primary + workers): ${mib(rssStart)} at the start, ${mib(rssEnd)} at the end → ` +
        `${(growth * 100).toFixed(1)} % (target < 10 %) ${growth < 0.1 ? 'PASS' : 'OVER'}`,
    );
    console.log(`  samples every 30 s: ${samples.map((s) => mib(s.rss)).join(', ')}`);
    await stopServerProcess(many);

    // ---- The race across two processes
    const [a, b] = await Promise.all([
      startServerProcess(serverEnv(bench, filesDir, 1), null),
      startServerProcess(serverEnv(bench, filesDir, 1), null),
    ]);
    running = [a, b];
    const raced = await race(a, b, adminCookie, fixtures.race);
    console.log(
      `\nRace: two bids of one order accepted through two processes at once, ${raced.rounds} rounds → exactly one winner ${raced.oneWinner} of ${raced.rounds} ` +
        `(answers: ${raced.outcomes.join(', ')}) ${raced.oneWinner === raced.rounds ? 'PASS' : 'FAIL'}`,
    );
    await Promise.all([stopServerProcess(a), stopServerProcess(b)]);
    running = [];

    const unexpected = [single, multi, soak].flatMap((m) => m.kinds).reduce((sum, k) => sum + k.unexpected, 0);
    console.log(`\nUnexpected answers over all runs: ${unexpected} (target 0) ${unexpected === 0 ? 'PASS' : 'FAIL'}`);
    Object.assign(report, {
      processes: PROCESSES,
      loadSeconds: LOAD_SECONDS,
      soakSeconds: SOAK_SECONDS,
      single,
      multi,
      soak: { ...soak, rssStart, rssEnd, growth, samples },
      race: raced,
      unexpected,
    });
    const file = join(tmpdir(), `signingdesk-load-${Date.now()}.json`);
    writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
    console.log(`Results (JSON): ${file}`);
    console.log(
      `npm run load: done in ${((performance.now() - started) / 1000).toFixed(0)} s; load average at the end ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
    if (unexpected > 0 || raced.oneWinner !== raced.rounds || growth >= 0.1) process.exitCode = 1;
  } finally {
    await Promise.all(running.map(stopServerProcess));
    rmSync(filesDir, { recursive: true, force: true });
    await bench.close();
  }
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    void Promise.all(running.map(stopServerProcess))
      .then(() => bench?.close())
      .finally(() => process.exit(130));
  });
}

main().catch(async (err: unknown) => {
  console.error(err instanceof Error ? (err.stack ?? err.message) : err);
  await Promise.all(running.map(stopServerProcess)).catch(() => undefined);
  await bench?.close().catch(() => undefined);
  process.exit(1);
});
