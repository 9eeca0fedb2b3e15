// `npm run bench`: three parts, one after the other, each in its own child process (TypeScript
// through tsx, the env passed on); neither touches ./data.
//   api  api/bench/run.ts — API latency over a fresh database with 100,000 appointments and
//        10,000 agents: PostgreSQL when BENCH_DATABASE_URL or DATABASE_URL is set (a new
//        database on that server, dropped at the end), else PGlite in a temp folder. Also the
//        time from an agent's claim until its live-update event reaches an open /api/events stream.
//   pwa  e2e/bench/pwa-bench.ts — the agent app with 20 assigned appointments, in Chromium
//        against the real server (own PGlite temp folder, always): the JS + CSS (gzip) before
//        the first screen against the 120 KiB budget, and the time to the rendered Assigned
//        list offline versus online (ratio). Builds pwa/dist first when it is stale.
//   fanout   api/bench/fanout.ts — Send to Notaries for an order with 2,000 subscribed agents in
//        range: the real delivery worker's pushes to a local HTTPS push service, per push ÷ a
//        bare web-push send (target ≤ 1.3), and that the request returns before the fan-out
//        ends. Same database choice as the api part.
//   scores   api/bench/scores.ts — the scorecard (decision 064) over 50,000 agents and 100,000
//        appointments: scores for every agent at once, a ranked, filtered list for one order, and
//        automatic dispatch's ranked list from the stored scores (decision 067; target ≤ 50 ms
//        median), each median/p99. Same database choice as the api part.
//   console  e2e/bench/console-bench.ts — the console in Chromium against the real server (own
//        PGlite temp folder): the JS + CSS (gzip) before the first screen of the landing page
//        (150 KiB budget) and of /originator (reported). Builds console/dist when it is stale.
//   lighthouse  e2e/bench/lighthouse-bench.ts — Lighthouse performance (mobile preset, Debian
//        Chromium) of the agent app's login and Assigned list and of the landing page (≥ 0.95).
// BENCH_ONLY=api, fanout, scores, pwa, console or lighthouse runs one part alone. `npm run load` (api/bench/load.ts)
// is separate: the server under a mixed load and a 5-minute soak, on PostgreSQL. Each part runs even when an earlier one
// failed; the exit code is non-zero when any failed. Ctrl-C stops the running part
// (which cleans up) and skips the rest.
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(fileURLToPath(import.meta.url), '../..');
const url = (process.env.BENCH_DATABASE_URL ?? '').trim() || (process.env.DATABASE_URL ?? '').trim();
const only = (process.env.BENCH_ONLY ?? '').trim().toLowerCase();

if (only && !['api', 'fanout', 'scores', 'pwa', 'console', 'lighthouse'].includes(only)) {
  console.error(
    `Invalid BENCH_ONLY (${JSON.stringify(process.env.BENCH_ONLY)}): must be api, fanout, scores, pwa, console or lighthouse (or unset for all)`,
  );
  process.exit(1);
}

function describeDatabase() {
  if (!url) return 'PGlite (embedded) in a temp folder, removed at the end';
  const variable = (process.env.BENCH_DATABASE_URL ?? '').trim() ? 'BENCH_DATABASE_URL' : 'DATABASE_URL';
  try {
    const parsed = new URL(url);
    return `PostgreSQL at ${parsed.hostname}:${parsed.port || '5432'} (from ${variable}), in a new sd_bench_* database dropped at the end`;
  } catch {
    return `PostgreSQL (from ${variable}), in a new sd_bench_* database dropped at the end`;
  }
}

const parts = [
  {
    key: 'api',
    file: 'api/bench/run.ts',
    intro: () => [
      (process.env.BENCH_SCALE ?? '').trim().toLowerCase() === '1m'
        ? 'npm run bench [api]: API latency over 1,000,000 appointments and 50,000 agents (BENCH_SCALE=1m), and each list’s growth from 100,000'
        : 'npm run bench [api]: API latency over 100,000 appointments and 10,000 agents (BENCH_SCALE=1m: 1,000,000 and 50,000)',
      `Database kind: ${describeDatabase()}`,
    ],
    kind: () => (url ? 'PostgreSQL' : 'PGlite'),
  },
  {
    key: 'fanout',
    file: 'api/bench/fanout.ts',
    intro: () => [
      '',
      'npm run bench [fanout]: Send to Notaries for 2,000 subscribed agents in range — every push at a local HTTPS push service, per push ÷ a bare web-push send (target ≤ 1.3)',
      `Database kind: ${describeDatabase()}`,
    ],
    kind: () => (url ? 'PostgreSQL' : 'PGlite'),
  },
  {
    key: 'scores',
    file: 'api/bench/scores.ts',
    intro: () => [
      '',
      'npm run bench [scores]: the scorecard over 50,000 agents and 100,000 appointments — scores for every agent, a ranked, filtered list for one order, and dispatch’s ranked list from stored scores (median/p99)',
      `Database kind: ${describeDatabase()}`,
    ],
    kind: () => (url ? 'PostgreSQL' : 'PGlite'),
  },
  {
    key: 'pwa',
    file: 'e2e/bench/pwa-bench.ts',
    intro: () => [
      '',
      'npm run bench [pwa]: the agent app with 20 assigned appointments — first-load JS + CSS (gzip) vs the 120 KiB budget, render time offline vs online',
      'Database kind: PGlite (embedded) in a temp folder, removed at the end; Chromium at /usr/bin/chromium (or CHROMIUM_PATH)',
    ],
    kind: () => 'PGlite, Chromium',
  },
  {
    key: 'console',
    file: 'e2e/bench/console-bench.ts',
    intro: () => [
      '',
      'npm run bench [console]: first-load JS + CSS (gzip) of the landing page (150 KiB budget) and of /originator (reported)',
      'Database kind: PGlite (embedded) in a temp folder, removed at the end; Chromium at /usr/bin/chromium (or CHROMIUM_PATH)',
    ],
    kind: () => 'PGlite, Chromium',
  },
  {
    key: 'lighthouse',
    file: 'e2e/bench/lighthouse-bench.ts',
    intro: () => [
      '',
      'npm run bench [lighthouse]: Lighthouse performance, mobile preset — agent app login and Assigned list, public landing page (target ≥ 0.95)',
      'Database kind: PGlite (embedded) in a temp folder, removed at the end; Chromium at /usr/bin/chromium (or CHROMIUM_PATH)',
    ],
    kind: () => 'PGlite, Chromium',
  },
].filter((part) => !only || part.key === only);

let child = null;
let interrupted = false;

// Ctrl-C reaches the child too (same process group); it cleans up and exits.
// A signal sent to this process alone is passed on.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    interrupted = true;
    if (child && child.exitCode === null && child.signalCode === null) child.kill(signal);
  });
}

function runPart(part) {
  return new Promise((done) => {
    const started = Date.now();
    for (const line of part.intro()) console.log(line);
    child = spawn(process.execPath, ['--import', 'tsx', part.file], { cwd: root, stdio: 'inherit', env: process.env });
    child.on('error', (err) => {
      console.error(`npm run bench [${part.key}] failed: cannot start node (${err.message})`);
      done(false);
    });
    child.on('exit', (code, signal) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      if (code === 0) console.log(`npm run bench [${part.key}]: done in ${seconds} s (${part.kind()}).`);
      else console.error(`npm run bench [${part.key}]: stopped after ${seconds} s (${part.kind()}) with ${signal ?? `exit code ${code}`}.`);
      done(code === 0);
    });
  });
}

const failed = [];
for (const part of parts) {
  if (interrupted) break;
  if (!(await runPart(part))) failed.push(part.key);
}
if (interrupted) process.exit(130);
if (failed.length) {
  if (parts.length > 1) console.error(`npm run bench: ${failed.join(' and ')} failed.`);
  process.exit(1);
}
