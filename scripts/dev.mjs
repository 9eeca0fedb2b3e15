// `npm run dev`: the API restarting on change (port 3000) and both Vite dev servers with hot
// reload, proxying /api to it: console on http://localhost:5173, agent PWA on
// http://localhost:5174/notary/.
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(fileURLToPath(import.meta.url), '../..');
const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'api/src/server.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: { NODE_ENV: 'development', ...process.env },
  }),
  spawn('npx', ['vite', '--port', '5173', '--strictPort'], { cwd: resolve(root, 'console'), stdio: 'inherit' }),
  spawn('npx', ['vite', '--port', '5174', '--strictPort'], { cwd: resolve(root, 'pwa'), stdio: 'inherit' }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => code && code !== 0 && stop());
