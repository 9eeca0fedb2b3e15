import { defineConfig, devices } from '@playwright/test';
import { scaled } from './support/slowdown';

/**
 * Files whose journeys change what every server serves (the built pwa/dist): they run in a
 * project of their own, after all the others. Running one alone: `--no-deps`.
 */
const SHARED_FILES = ['**/pwa/update.spec.ts'];

const chromium = {
  ...devices['Desktop Chrome'],
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  },
};

// Browser journeys against the built product (npm run build first), in Debian's Chromium;
// browsers are never downloaded. Each worker has its own server on a fresh copy of the demo data
// seeded once by the global setup (support/fixtures.ts, support/global-setup.ts); a file's
// journeys run in order in one worker, files spread over the workers (E2E_WORKERS, default 2).
export default defineConfig({
  testDir: './tests',
  globalSetup: './support/global-setup.ts',
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  timeout: scaled(30_000),
  expect: { timeout: scaled(10_000) },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    // A trace (screencast and DOM snapshots of every step) is for reading a failure here with
    // `npx playwright show-trace`. CI keeps only its log, and recording them cost a quarter of the
    // journeys' CPU (decision 075), so CI records none; a failure still has its screenshot and
    // its server's log.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    { name: 'chromium', testIgnore: SHARED_FILES, use: chromium },
    { name: 'shared-files', testMatch: SHARED_FILES, dependencies: ['chromium'], use: chromium },
  ],
});
