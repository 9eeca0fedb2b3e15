// `npm run bench`: the API benchmark (api/bench/run.ts) over a fresh database with 100,000
// appointments and 10,000 agents — PostgreSQL when BENCH_DATABASE_URL or DATABASE_URL is set
// (a new database on that server, dropped at the end), else PGlite in a temp folder. Never
// touches ./data. Runs the TypeScript through tsx in a child process and passes the env on.
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(fileURLToPath(import.meta.url), '../..');
const url = (process.env.BENCH_DATABASE_URL ?? '').trim() || (process.env.DATABASE_URL ?? '').trim();

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

console.log(`npm run bench: API latency over 100,000 appointments and 10,000 agents`);
console.log(`Database kind: ${describeDatabase()}`);
const started = Date.now();
const child = spawn(process.execPath, ['--import', 'tsx', 'api/bench/run.ts'], { cwd: root, stdio: 'inherit', env: process.env });

// Ctrl-C reaches the child too (same process group); it removes its database and exits.
// A signal sent to this process alone is passed on.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  });
}

child.on('error', (err) => {
  console.error(`npm run bench failed: cannot start node (${err.message})`);
  process.exit(1);
});
child.on('exit', (code, signal) => {
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const kind = url ? 'PostgreSQL' : 'PGlite';
  if (code === 0) console.log(`npm run bench: done in ${seconds} s (${kind}).`);
  else console.error(`npm run bench: stopped after ${seconds} s (${kind}) with ${signal ?? `exit code ${code}`}.`);
  process.exit(code ?? 1);
});
