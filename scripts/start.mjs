// `npm start`: builds the console and the agent PWA when their build is missing or older
// than their sources, then runs the server (API + both front ends) in this Node process, or
// in WEB_CONCURRENCY worker processes (api/src/server.ts; they run this file too, minus the build).
import { spawnSync } from 'node:child_process';
import cluster from 'node:cluster';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(fileURLToPath(import.meta.url), '../..');

function newestMtime(path) {
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

const sharedSources = [join(root, 'domain/src'), join(root, 'package-lock.json')];
for (const app of cluster.isPrimary ? ['console', 'pwa'] : []) {
  const dir = join(root, app);
  const built = join(dir, 'dist/index.html');
  const sources = Math.max(
    ...['src', 'public', 'index.html', 'vite.config.ts', 'package.json'].map((p) => newestMtime(join(dir, p))),
    ...sharedSources.map(newestMtime),
  );
  if (existsSync(built) && statSync(built).mtimeMs >= sources) continue;
  console.log(`Building ${app}…`);
  const run = spawnSync('npm', ['run', 'build', '-w', app], { cwd: root, stdio: 'inherit' });
  if (run.status !== 0) {
    console.error(`The ${app} build failed; see above.`);
    process.exit(1);
  }
}

const { register } = await import('tsx/esm/api');
register();
await import('../api/src/server.ts');
