/**
 * What the browser benches share (pwa-bench.ts, console-bench.ts): building a front end when
 * it is stale, the real server on a free port over a fresh PGlite folder, Chromium, the
 * first-load measure (every JS and CSS response before the first screen, gzip -9 of each
 * body) and the number formatting of the reports.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type BrowserContextOptions, type Page } from '@playwright/test';
import { freePort } from '../support/server-process';

export const root = resolve(fileURLToPath(import.meta.url), '../../..');
export const KIB = 1024;
export const debug = process.env.BENCH_DEBUG === '1';

export interface Server {
  origin: string;
  child: ChildProcess;
  dataDir: string;
  output: string[];
}

export interface LoadedFile {
  url: string;
  kind: 'js' | 'css';
  raw: number;
  gzip: number;
  encoding: string | null;
  /** Body bytes as they came over the network (compressed when the server compressed). */
  wire: number;
}

export interface Stats {
  median: number;
  p90: number;
  min: number;
  max: number;
}

// ---- Build

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

/** scripts/start.mjs's rule, for one front end: build when dist is missing or older than its sources. */
export function buildIfStale(workspace: 'pwa' | 'console') {
  const dir = join(root, workspace);
  const built = join(dir, 'dist/index.html');
  const sources = Math.max(
    ...['src', 'public', 'index.html', 'vite.config.ts', 'package.json'].map((p) => newestMtime(join(dir, p))),
    ...[join(root, 'domain/src'), join(root, 'package-lock.json')].map(newestMtime),
  );
  if (existsSync(built) && statSync(built).mtimeMs >= sources) {
    console.log(`${workspace}/dist is up to date.`);
    return;
  }
  console.log(`Building ${workspace} (npm run build -w ${workspace})…`);
  const run = spawnSync('npm', ['run', 'build', '-w', workspace], {
    cwd: root,
    stdio: debug ? 'inherit' : ['ignore', 'pipe', 'pipe'],
    encoding: 'utf8',
  });
  if (run.status !== 0) {
    if (!debug) process.stderr.write(`${run.stdout ?? ''}${run.stderr ?? ''}`);
    throw new Error(`the ${workspace} build failed; see above`);
  }
}

// ---- Server

/**
 * `api/src/server.ts` on a free port of 127.0.0.1 over a new PGlite folder with the demo seed,
 * in a minimal environment (nothing of the shell's delivery, storage or database settings;
 * RUN_WORKER=0 so delivery does not run during the timings). `track` receives the server as
 * soon as it is spawned, so that an interrupted start still cleans up.
 */
export async function startServer(name: string, secret: string, track: (server: Server) => void): Promise<Server> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), `sd-${name}-`));
  const output: string[] = [];
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    TMPDIR: process.env.TMPDIR,
    LANG: process.env.LANG,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_ORIGIN: origin,
    DATA_DIR: dataDir,
    SEED_DEMO: '1',
    BETTER_AUTH_SECRET: secret,
    RUN_WORKER: '0',
  };
  const child = spawn(process.execPath, ['--import', 'tsx', 'api/src/server.ts'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const started: Server = { origin, child, dataDir, output };
  track(started);
  const keep = (chunk: Buffer) => {
    const text = chunk.toString();
    if (debug) process.stdout.write(`[server] ${text}`);
    output.push(text);
    if (output.length > 200) output.shift();
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);

  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`the server stopped during start (${child.signalCode ?? `exit code ${child.exitCode}`}):\n${output.join('').trim()}`);
    }
    try {
      const res = await fetch(`${origin}/api/health`);
      if (res.ok) return started;
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  throw new Error(`the server did not answer /api/health within 90 s:\n${output.join('').trim()}`);
}

export async function stopServer(s: Server | undefined) {
  if (!s) return;
  const { child } = s;
  if (child.exitCode === null && child.signalCode === null) {
    const exited = new Promise<void>((done) => child.once('exit', () => done()));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 12_000);
    await exited;
    clearTimeout(timer);
  }
  rmSync(s.dataDir, { recursive: true, force: true });
}

// ---- Browser

export async function launchChromium(): Promise<Browser> {
  const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(executablePath)) throw new Error(`no Chromium at ${executablePath} (set CHROMIUM_PATH; browsers are never downloaded)`);
  return chromium.launch({
    executablePath,
    handleSIGINT: false,
    handleSIGTERM: false,
    handleSIGHUP: false,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
}

/**
 * The JS and CSS a page downloads before its first screen: a new context (empty HTTP cache,
 * cache also disabled over CDP), `path` opened, and every JS or CSS response requested before
 * the first screen is counted (gzip -9 of its body); what the page asks for right after is
 * listed apart, as are HTML, images and API answers (`others`).
 *
 * When the first screen is shown is `ready(page)`'s answer, in the page's own clock
 * (performance.now(), as recorded by `initScript` from before the page's scripts ran): a file
 * counts when its Resource Timing startTime is not later. Without an answer, what was requested
 * before `ready` resolved counts (a few CDP round trips late: work the page starts right after
 * its first screen would be counted too).
 */
export async function measureFirstLoad(
  b: Browser,
  options: BrowserContextOptions,
  path: string,
  ready: (page: Page) => Promise<number | void>,
  initScript?: string,
) {
  const context = await b.newContext(options);
  try {
    if (initScript) await context.addInitScript(initScript);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });

    let firstScreen = false;
    const before = new Set<string>();
    const pending: Promise<{ file: LoadedFile | null; other: { url: string; type: string; raw: number } | null; url: string }>[] = [];
    page.on('request', (request) => {
      if (!firstScreen) before.add(request.url());
    });
    page.on('response', (response) => {
      const request = response.request();
      const type = request.resourceType();
      const contentType = response.headers()['content-type'] ?? '';
      const kind =
        type === 'stylesheet' || /text\/css/.test(contentType) ? 'css' : type === 'script' || /javascript/.test(contentType) ? 'js' : null;
      const url = request.url();
      // A live-update stream (the console's /api/events) has no end to read: its body would
      // hold the bench until the server closes the stream, minutes later.
      if (/text\/event-stream/.test(contentType)) {
        pending.push(Promise.resolve({ file: null, other: { url: response.url(), type, raw: 0 }, url }));
        return;
      }
      pending.push(
        Promise.all([response.body(), request.sizes().catch(() => null)])
          .then(([body, sizes]) => {
            if (!kind) return { file: null, other: { url: response.url(), type, raw: body.length }, url };
            const file: LoadedFile = {
              url: response.url(),
              kind,
              raw: body.length,
              gzip: gzipSync(body, { level: 9 }).length,
              encoding: response.headers()['content-encoding'] ?? null,
              wire: sizes?.responseBodySize ?? body.length,
            };
            return { file, other: null, url };
          })
          .catch(() => ({ file: null, other: null, url })),
      );
    });

    await page.goto(path, { waitUntil: 'commit' });
    const shownAt = await ready(page);
    firstScreen = true;
    // What the page still asks for right after the first screen is listed apart.
    await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => {});
    const startedAt = new Map<string, number>();
    if (typeof shownAt === 'number') {
      const entries = await page.evaluate(() => performance.getEntriesByType('resource').map((e) => [e.name, e.startTime] as const));
      for (const [url, start] of entries) if (!startedAt.has(url)) startedAt.set(url, start);
    }
    const early = (url: string) => (typeof shownAt === 'number' ? (startedAt.get(url) ?? Infinity) <= shownAt : before.has(url));

    const results = await Promise.all(pending);
    const counted = results.filter((r) => r.file && early(r.url)).map((r) => r.file!);
    const later = results.filter((r) => r.file && !early(r.url)).map((r) => r.file!);
    const others = results.filter((r) => r.other).map((r) => r.other!);
    if (!counted.some((f) => f.kind === 'js')) throw new Error(`first load of ${path}: no JavaScript response was recorded`);
    const order = (f: LoadedFile) => (f.kind === 'css' ? 0 : 1);
    counted.sort((x, y) => order(x) - order(y) || y.gzip - x.gzip);
    return { counted, later, others };
  } finally {
    await context.close();
  }
}

// ---- Report helpers

/** "document ×1 1.2 KiB, fetch ×63 (API) 20.1 KiB, …", grouped by resource type. */
export function describeOthers(others: { url: string; type: string; raw: number }[]): string {
  const groups = new Map<string, { count: number; bytes: number }>();
  for (const o of others) {
    const key = new URL(o.url).pathname.startsWith('/api/') ? `${o.type} (API)` : o.type;
    const group = groups.get(key) ?? { count: 0, bytes: 0 };
    group.count++;
    group.bytes += o.raw;
    groups.set(key, group);
  }
  return [...groups].map(([key, g]) => `${key} ×${g.count} ${kib(g.bytes)}`).join(', ') || 'nothing';
}

export function stats(samples: number[]): Stats {
  const sorted = [...samples].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  const median = sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  const p90 = sorted[Math.max(0, Math.ceil(sorted.length * 0.9) - 1)]!;
  return { median: round(median), p90: round(p90), min: round(sorted[0]!), max: round(sorted[sorted.length - 1]!) };
}

export function sum(values: number[]): number {
  return values.reduce((total, v) => total + v, 0);
}

export function round(n: number): number {
  return Math.round(n * 100) / 100;
}

export function ms(n: number): string {
  return n.toFixed(1);
}

export function kib(bytes: number): string {
  return `${(bytes / KIB).toFixed(2)} KiB`;
}

export function fmt(n: number): string {
  return n.toLocaleString('en-US');
}

export function seconds(since: number): string {
  return ((performance.now() - since) / 1000).toFixed(1);
}

export function shortUrl(url: string): string {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
}

export function sleep(msDelay: number) {
  return new Promise((done) => setTimeout(done, msDelay));
}

export function printTable(head: string[], rows: string[][]) {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => cells.map((cell, i) => (i < 2 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ');
  console.log(`  ${line(head)}`);
  console.log(`  ${widths.map((w) => '-'.repeat(w)).join('  ')}`);
  for (const r of rows) console.log(`  ${line(r)}`);
}

export function errorLine(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  return err.message.split('\n')[0]!.trim();
}

export type FirstLoad = Awaited<ReturnType<typeof measureFirstLoad>>;

/**
 * Prints one first load: each counted file, the total, the budget's verdict (OVER is reported,
 * it does not fail the bench), what came after the first screen and what else loaded.
 */
export function reportFirstLoad(title: string, firstLoad: FirstLoad, budgetKiB: number | null) {
  const totalGzip = sum(firstLoad.counted.map((f) => f.gzip));
  const totalRaw = sum(firstLoad.counted.map((f) => f.raw));
  console.log(`\n${title}`);
  printTable(
    ['file', 'kind', 'raw', 'gzip -9'],
    [
      ...firstLoad.counted.map((f) => [shortUrl(f.url), f.kind, kib(f.raw), kib(f.gzip)]),
      ['total', `${firstLoad.counted.length} files`, kib(totalRaw), kib(totalGzip)],
    ],
  );
  let verdict: 'PASS' | 'OVER' | 'reported' = 'reported';
  if (budgetKiB !== null) {
    const budgetBytes = budgetKiB * KIB;
    verdict = totalGzip <= budgetBytes ? 'PASS' : 'OVER';
    console.log(
      `  Budget: ${kib(totalGzip)} gzip of ${budgetKiB} KiB (1 KiB = 1024 bytes; ${fmt(totalGzip)} of ${fmt(budgetBytes)} bytes, ` +
        `${((totalGzip / budgetBytes) * 100).toFixed(1)}%) → ${verdict}`,
    );
  }
  if (firstLoad.later.length) {
    console.log(
      `  Requested after the first screen (not counted): ${firstLoad.later.map((f) => `${shortUrl(f.url)} ${kib(f.gzip)} gzip`).join(', ')}`,
    );
  }
  console.log(`  Also loaded, not counted (raw bytes): ${describeOthers(firstLoad.others)}`);
  console.log(
    `  As sent by the server: ${kib(sum(firstLoad.counted.map((f) => f.wire)))} over the wire (Content-Encoding: ${[...new Set(firstLoad.counted.map((f) => f.encoding ?? 'none'))].join(', ')})`,
  );
  return {
    totalRaw,
    totalGzip,
    verdict,
    files: firstLoad.counted.map((f) => ({
      path: shortUrl(f.url),
      kind: f.kind,
      rawBytes: f.raw,
      gzipBytes: f.gzip,
      wireBytes: f.wire,
      encoding: f.encoding,
    })),
    afterFirstScreen: firstLoad.later.map((f) => ({ path: shortUrl(f.url), kind: f.kind, rawBytes: f.raw, gzipBytes: f.gzip })),
  };
}

// ---- Entry

/**
 * Runs a bench's `main` to its end: on Ctrl-C or SIGTERM, or on an error (reported with the
 * server's last lines), `cleanup` stops the browser and the server and removes its data
 * folder before the process exits (130 when interrupted, 1 on an error, 0 otherwise).
 */
export async function runBench(name: string, main: () => Promise<void>, cleanup: () => Promise<void>, server: () => Server | undefined) {
  let interrupted = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (interrupted) return;
    interrupted = true;
    console.error(`\n${name}: interrupted (${signal}); stopping the server and removing its data folder…`);
    void cleanup().finally(() => process.exit(130));
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);

  try {
    await main();
  } catch (err) {
    if (!interrupted) {
      console.error(`${name} failed: ${err instanceof Error ? err.message : String(err)}`);
      if (debug && err instanceof Error && err.stack) console.error(err.stack);
      const running = server();
      if (running && !debug) {
        const tail = running.output.join('').trim().split('\n').slice(-15).join('\n');
        if (tail) console.error(`Server output (last lines):\n${tail}`);
      }
    }
    await cleanup();
    process.exit(interrupted ? 130 : 1);
  }
  await cleanup();
  process.exit(0);
}
