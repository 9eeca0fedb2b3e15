/**
 * `npm run bench`, console part (scripts/bench.mjs runs it after the PWA part; `BENCH_ONLY=console
 * npm run bench` runs it alone): the JS + CSS (gzip -9 of each body) a browser downloads before
 * the first screen of two console pages, in Chromium against the real server with the demo seed
 * (own PGlite temp folder), at 1280×800 with an empty cache:
 *
 *   1. the landing page `/` as a visitor, until the hero's heading and its two schedule buttons
 *      show — budget 150 KiB (1 KiB = 1024 bytes), printed as PASS or OVER (reported, not a
 *      failure);
 *   2. `/originator` signed in as escrow@firm-a.demo.test, until the Create New Event form and
 *      its first field show — reported (the portal's code loads on demand, after the shell).
 *
 * Builds console/dist first when it is stale. BENCH_DEBUG=1 prints the server's output. The JSON
 * goes to the OS temp folder (signingdesk-bench-console-<time>.json).
 */
import { writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContextOptions } from '@playwright/test';
import { fillLogin } from '../support/accounts';
import {
  buildIfStale,
  runBench,
  errorLine,
  kib,
  launchChromium,
  measureFirstLoad,
  printTable,
  reportFirstLoad,
  seconds,
  startServer,
  stopServer,
  type Server,
} from './bench-support';

const SECRET = 'console-bench-secret-that-is-long-enough-0123456789';
const LANDING_BUDGET_KIB = 150;
const ESCROW_EMAIL = 'escrow@firm-a.demo.test';
const DESKTOP: BrowserContextOptions = { viewport: { width: 1280, height: 800 } };

let server: Server | undefined;
let browser: Browser | undefined;

async function main() {
  const started = performance.now();
  console.log(
    `Node ${process.version}, ${cpus().length} CPUs, load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  buildIfStale('console');
  const serverStarted = performance.now();
  server = await startServer('console-bench', SECRET, (spawned) => {
    server = spawned;
  });
  console.log(`Server: ${server.origin}, PGlite in ${server.dataDir} (demo seed), ready in ${seconds(serverStarted)} s`);
  browser = await launchChromium();
  console.log(`Browser: Chromium ${browser.version()}, viewport 1280×800`);
  const origin = server.origin;

  const landingLoad = await measureFirstLoad(browser, { ...DESKTOP, baseURL: origin }, '/', async (page) => {
    await page.getByRole('heading', { level: 1 }).waitFor({ timeout: 20_000 });
    await page.getByRole('button', { name: 'Schedule a Consultation' }).first().waitFor({ timeout: 20_000 });
  });
  const landing = reportFirstLoad(
    '1. Landing page / (visitor): JS + CSS before the hero with its schedule buttons shows',
    landingLoad,
    LANDING_BUDGET_KIB,
  );

  // The officer's session, made once through the login page.
  const signIn = await browser.newContext({ ...DESKTOP, baseURL: origin });
  const signInPage = await signIn.newPage();
  await signInPage.goto('/login?redirect=/originator');
  await fillLogin(signInPage, ESCROW_EMAIL);
  await signInPage.getByRole('heading', { name: 'Escrow Officer Portal' }).waitFor({ timeout: 20_000 });
  const storageState = await signIn.storageState();
  await signIn.close();

  const portalLoad = await measureFirstLoad(browser, { ...DESKTOP, baseURL: origin, storageState }, '/originator', async (page) => {
    await page.getByRole('heading', { name: 'Create New Event' }).waitFor({ timeout: 20_000 });
    await page.getByLabel('Appointment name').waitFor({ timeout: 20_000 });
  });
  const portal = reportFirstLoad(`2. /originator (${ESCROW_EMAIL}): JS + CSS before the Create New Event form shows`, portalLoad, null);

  console.log('\nSummary');
  printTable(
    ['page', 'first-load JS + CSS (gzip -9)', 'target'],
    [
      ['/ (landing, visitor)', kib(landing.totalGzip), `≤ ${LANDING_BUDGET_KIB} KiB → ${landing.verdict}`],
      ['/originator (escrow officer)', kib(portal.totalGzip), 'reported'],
    ],
  );
  const report = {
    kind: 'console',
    date: new Date().toISOString(),
    node: process.version,
    cpus: cpus().length,
    chromium: browser.version(),
    viewport: DESKTOP.viewport,
    compression: 'zlib gzip level 9 of each response body',
    landing: { budgetKiB: LANDING_BUDGET_KIB, ...landing },
    originator: portal,
    totalSeconds: Number(seconds(started)),
  };
  const file = join(tmpdir(), `signingdesk-bench-console-${Date.now()}.json`);
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  console.log(`\nResults (JSON): ${file}`);
}

async function cleanup() {
  await browser?.close().catch(() => {});
  browser = undefined;
  const running = server;
  server = undefined;
  await stopServer(running).catch((err: unknown) => console.error(`Console bench: stopping the server failed: ${errorLine(err)}`));
}

await runBench('Console bench', main, cleanup, () => server);
