/**
 * The real server as a child process — `api/src/server.ts` through tsx, as `npm start` runs it —
 * for the tests and the load bench that try several API processes from outside.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

export interface ServerProcess {
  url: string;
  port: number;
  child: ChildProcess;
  /** Everything it printed so far, stdout and stderr. */
  output: string[];
}

export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => done(port));
    });
  });
}

/**
 * Starts the server with this environment (and PATH, HOME); resolves once it says it is serving.
 * `timeoutMs: null` waits as long as the server takes, failing only if it exits first (the load
 * bench: a start under load has no fair fixed limit), and then until its readiness check answers
 * 200.
 */
export async function startServerProcess(env: Record<string, string>, timeoutMs: number | null = 60_000): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'api/src/server.ts'], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', HOST: '127.0.0.1', ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  await new Promise<void>((done, fail) => {
    const timer =
      timeoutMs === null
        ? undefined
        : setTimeout(() => fail(new Error(`the server did not start in ${timeoutMs / 1000} s:\n${output.join('')}`)), timeoutMs);
    const read = (chunk: Buffer) => {
      output.push(chunk.toString());
      if (/SigningDesk is serving/.test(output.join(''))) {
        clearTimeout(timer);
        done();
      }
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.once('exit', (code) => {
      clearTimeout(timer);
      fail(new Error(`the server exited (${code}) before serving:\n${output.join('')}`));
    });
  });
  const url = `http://127.0.0.1:${port}`;
  if (timeoutMs === null) await untilReady(url, child);
  return { url, port, child, output };
}

/** Polls the readiness check (`GET /api/health`) until it answers 200; fails if the process exits. */
async function untilReady(url: string, child: ChildProcess): Promise<void> {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}) before it was ready`);
    const status = await fetch(`${url}/api/health`).then(
      (res) => res.status,
      () => 0,
    );
    if (status === 200) return;
    await new Promise((done) => setTimeout(done, 250));
  }
}

/** SIGTERM, then waits for the exit; answers the exit code. */
export async function stopServerProcess(server: ServerProcess | undefined): Promise<number | null> {
  if (!server) return null;
  if (server.child.exitCode !== null) return server.child.exitCode;
  const exited = new Promise<number | null>((done) => server.child.once('exit', (code) => done(code)));
  server.child.kill('SIGTERM');
  return exited;
}

/** The process and its cluster workers (Linux /proc): their pids. */
export function processTree(pid: number): number[] {
  const children = (() => {
    try {
      return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
    } catch {
      return [];
    }
  })();
  return [pid, ...children.flatMap(processTree)];
}

/** Resident memory of one process in bytes (Linux /proc), 0 when it is gone. */
export function residentBytes(pid: number): number {
  try {
    const line = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return line ? Number(line[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}
