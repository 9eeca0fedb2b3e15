// Type-checks every workspace against the strict root tsconfig.json, one after the other.
import { spawnSync } from 'node:child_process';

const workspaces = ['domain', 'db', 'api', 'api/bench', 'console', 'pwa', 'e2e'];
let failed = false;
for (const ws of workspaces) {
  const run = spawnSync('npx', ['tsc', '-p', ws], { stdio: 'inherit' });
  if (run.status !== 0) failed = true;
}
if (failed) process.exit(1);
