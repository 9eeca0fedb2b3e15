// Runs npm scripts side by side — `node scripts/together.mjs typecheck lint` — and fails when any
// of them fails. Each one's output is printed whole when it ends, so two never interleave. npm
// test uses it for what reads the code and no database: the type-check, the three parts of lint
// and the builds (tsc and type-aware ESLint are single-threaded, and CI has two cores).
import { spawn } from 'node:child_process';

const names = process.argv.slice(2);
if (names.length === 0) {
  console.error('Usage: node scripts/together.mjs <npm script> [<npm script> …]');
  process.exit(2);
}

function run(name) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn('npm', ['run', name], { stdio: ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('error', (error) => output.push(Buffer.from(`${error.message}\n`)));
    child.on('close', (code, signal) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(0);
      const ok = code === 0;
      process.stdout.write(Buffer.concat(output));
      console.log(`npm run ${name}: ${ok ? 'passed' : `failed (${signal ?? `exit ${code}`})`} in ${seconds} s\n`);
      resolve(ok);
    });
  });
}

const passed = await Promise.all(names.map(run));
process.exit(passed.every(Boolean) ? 0 : 1);
