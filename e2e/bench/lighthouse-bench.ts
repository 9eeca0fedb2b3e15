/**
 * `npm run bench`, lighthouse part (`BENCH_ONLY=lighthouse npm run bench` runs it alone):
 * Lighthouse's performance score, mobile preset (its default: a mid-range phone, simulated slow
 * 4G and a 4× slower CPU), in Debian's Chromium against the real server with the demo seed (own
 * PGlite temp folder), for three pages — target ≥ 0.95 each:
 *   1. the agent app's login, /notary/login;
 *   2. the agent app's Assigned list, /notary/, signed in as agent@demo.test;
 *   3. the public landing page, /.
 * Each page is measured LIGHTHOUSE_RUNS times (default 3) and the median score is kept, with
 * its First and Largest Contentful Paint and Total Blocking Time. (Lighthouse 13 names the LCP
 * element only among its performance insights, which are not read here; the pwa part names it.)
 * Builds console/dist and pwa/dist first when stale. The JSON goes to the OS temp folder.
 */
import { writeFileSync } from 'node:fs';
import { cpus, hostname, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { DEMO_PASSWORD } from '@signingdesk/db/seed';
import { buildIfStale, printTable, runBench, seconds, startServer, stopServer, type Server } from './bench-support';

const SECRET = 'lighthouse-bench-secret-that-is-long-enough-0123456789';
const TARGET = 0.95;
const RUNS = Number(process.env.LIGHTHOUSE_RUNS) > 0 ? Math.floor(Number(process.env.LIGHTHOUSE_RUNS)) : 3;

let server: Server | undefined;
let chrome: chromeLauncher.LaunchedChrome | undefined;

interface Measure {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  /**
   * Lighthouse's `benchmarkIndex` of this host (its quick CPU test): simulated throttling scales
   * with it, so a score is only compared with one measured at a like index.
   */
  benchmarkIndex: number;
  /** Lighthouse's long main-thread tasks (simulated ms, longest first), where the TBT comes from. */
  longTasks: { url: string; startTime: number; duration: number }[];
}

async function signIn(origin: string, email: string): Promise<string> {
  const res = await fetch(`${origin}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { origin, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`sign-in of ${email} answered ${res.status}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

async function measure(url: string, cookie?: string): Promise<Measure> {
  const result = await lighthouse(url, {
    port: chrome!.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
    ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse could not load ${url}: ${lhr.runtimeError.message}`);
  const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    score: lhr.categories.performance?.score ?? 0,
    fcp: audit('first-contentful-paint'),
    lcp: audit('largest-contentful-paint'),
    tbt: audit('total-blocking-time'),
    benchmarkIndex: lhr.environment.benchmarkIndex,
    longTasks: (
      (lhr.audits['long-tasks']?.details as { items?: { url: string; startTime: number; duration: number }[] } | undefined)?.items ?? []
    )
      .map(({ url, startTime, duration }) => ({ url, startTime, duration }))
      .sort((a, b) => b.duration - a.duration),
  };
}

async function median(url: string, cookie?: string): Promise<Measure & { scores: number[] }> {
  const runs: Measure[] = [];
  for (let i = 0; i < RUNS; i++) {
    // Lighthouse sometimes fails to record a trace on a busy machine (NO_NAVSTART, "please run
    // Lighthouse again"): a failed run is tried once more before the page counts as failed.
    runs.push(
      await measure(url, cookie).catch(async (error: unknown) => {
        console.log(`  (${url}: ${error instanceof Error ? error.message : String(error)} — running it once more)`);
        return measure(url, cookie);
      }),
    );
  }
  const sorted = [...runs].sort((a, b) => a.score - b.score);
  return { ...sorted[Math.floor(sorted.length / 2)]!, scores: runs.map((r) => r.score) };
}

async function main() {
  const started = performance.now();
  console.log(
    // The host: Lighthouse's simulated throttling scales with its CPU (see benchmarkIndex below).
    `Host ${hostname()}: ${cpus().length} × ${cpus()[0]?.model ?? 'unknown CPU'}; Node ${process.version}; load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  buildIfStale('pwa');
  buildIfStale('console');
  server = await startServer('lighthouse-bench', SECRET, (spawned) => {
    server = spawned;
  });
  const origin = server.origin;
  chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
  console.log(`Server: ${origin} (demo seed); Chromium on port ${chrome.port}; ${RUNS} Lighthouse runs per page, mobile preset`);
  const agentCookie = await signIn(origin, 'agent@demo.test');
  const pages = [
    { label: 'agent app: login (/notary/login)', url: `${origin}/notary/login` },
    { label: 'agent app: Assigned list (/notary/)', url: `${origin}/notary/`, cookie: agentCookie },
    { label: 'public landing page (/)', url: `${origin}/` },
  ];
  const results = [];
  for (const page of pages) results.push({ ...page, ...(await median(page.url, page.cookie)) });

  console.log('\nLighthouse performance, mobile preset (median of the runs):');
  printTable(
    ['page', 'score', 'runs', 'FCP ms', 'LCP ms', 'TBT ms', 'benchmarkIndex', `≥ ${TARGET}`],
    results.map((r) => [
      r.label,
      r.score.toFixed(2),
      r.scores.map((s) => s.toFixed(2)).join(' '),
      r.fcp.toFixed(0),
      r.lcp.toFixed(0),
      r.tbt.toFixed(0),
      r.benchmarkIndex.toFixed(0),
      r.score >= TARGET ? 'PASS' : 'UNDER',
    ]),
  );
  for (const r of results.filter((page) => page.score < TARGET && page.longTasks.length > 0)) {
    console.log(`\nLong main-thread tasks of the median run, ${r.label} (simulated ms: start, duration, script):`);
    for (const task of r.longTasks.slice(0, 8)) {
      console.log(`  ${task.startTime.toFixed(0).padStart(6)}  ${task.duration.toFixed(0).padStart(5)}  ${task.url.replace(origin, '')}`);
    }
  }
  const file = join(tmpdir(), `signingdesk-bench-lighthouse-${Date.now()}.json`);
  writeFileSync(
    file,
    `${JSON.stringify({ when: new Date().toISOString(), target: TARGET, runs: RUNS, pages: results.map(({ cookie: _cookie, ...rest }) => rest) }, null, 2)}\n`,
  );
  console.log(`\nResults (JSON): ${file}`);
  console.log(
    `Lighthouse bench done in ${seconds(started)} s; load average at the end ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
}

await runBench(
  'Lighthouse bench',
  main,
  async () => {
    chrome?.kill();
    await stopServer(server);
  },
  () => server,
);
