/**
 * One server of the built product as a child process (support/serve.mjs): started on a port with
 * a data folder and, when DATABASE_URL is set, a PostgreSQL database of its own; its output goes
 * to a log file. The worker fixture (support/fixtures.ts) runs one per Playwright worker; the
 * global setup (support/global-setup.ts) runs one first, to seed the demo data they copy.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, createWriteStream, openSync, readSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import postgres from 'postgres';

const SERVE = fileURLToPath(new URL('./serve.mjs', import.meta.url));
const E2E_DIR = fileURLToPath(new URL('..', import.meta.url));
export const START_TIMEOUT_MS = 120_000;
const STOP_TIMEOUT_MS = 15_000;

export interface ServerProcess {
  child: ChildProcess;
  /** Ends the log file once the server has stopped. */
  closeLog(): void;
}

export function readFrom(file: string, from: number, max: number): string {
  let fd: number | undefined;
  try {
    fd = openSync(file, 'r');
    const size = statSync(file).size;
    const start = Math.max(from, size - max);
    const buffer = Buffer.alloc(Math.max(0, size - start));
    readSync(fd, buffer, 0, buffer.length, start);
    return buffer.toString('utf8');
  } catch {
    return '';
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** A port nobody listens on now (a seeding server's, a bench's). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** A server left running by an earlier run would answer the health check in this one's place. */
export function assertPortFree(port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        new Error(
          error.code === 'EADDRINUSE'
            ? `Port ${port} is in use (another e2e run, or a server it left behind?): stop it, or set E2E_PORT to another base port`
            : `Cannot use port ${port}: ${error.message}`,
        ),
      ),
    );
    probe.listen(port, () => probe.close(() => resolve()));
  });
}

/** Starts serve.mjs with `env` added to this process's environment; its output goes to `logFile`. */
export function startServer(env: Record<string, string>, logFile: string): ServerProcess {
  const log = createWriteStream(logFile);
  const child = spawn(process.execPath, [SERVE], {
    cwd: E2E_DIR,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.pipe(log, { end: false });
  child.stderr!.pipe(log, { end: false });
  return { child, closeLog: () => log.end() };
}

export async function waitForHealth(port: number, child: ChildProcess, logFile: string): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(
        `The e2e server on port ${port} stopped while starting (${child.exitCode ?? child.signalCode}):\n${readFrom(logFile, 0, 8_000)}`,
      );
    }
    const healthy = await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(2_000) })
      .then((res) => res.status === 200)
      .catch(() => false);
    if (healthy) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(
    `The e2e server on port ${port} did not answer /api/health within ${START_TIMEOUT_MS / 1000} s:\n${readFrom(logFile, 0, 8_000)}`,
  );
}

/** SIGTERM, the server's graceful stop (its database closed); SIGKILL if it has not ended in 15 s. */
export async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
  await exited;
  clearTimeout(timer);
}

export async function dropDatabase(serverUrl: string, name: string): Promise<void> {
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`drop database if exists "${name}" with (force)`);
  } finally {
    await admin.end();
  }
}
