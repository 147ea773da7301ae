import { defineConfig } from '@playwright/test';
import { launchOptions } from './support/browser.ts';

// Several agents may run suites at once on one machine: each run keeps its artifacts apart (workers inherit the id).
process.env.MW_E2E_RUN ??= process.env.CI ? 'ci' : String(process.pid);

export default defineConfig({
  testDir: '.',
  globalSetup: './global-setup.ts',
  testMatch: /.*\.spec\.ts$/,
  fullyParallel: false,
  // Two workers: a journey spends much of its time waiting on the network, timers and video frames, so a second
  // one fills those waits, even on two cores. MW_E2E_WORKERS sets another count (1 to watch one journey alone).
  workers: Number(process.env.MW_E2E_WORKERS ?? 2),
  // A failed journey runs once more, recording a trace, so the report shows whether it fails every time and
  // how; a journey that passes only on its retry is flaky, and the list reporter names it under "flaky" and
  // the run fails: the budget of flaky journeys is zero.
  retries: 1,
  failOnFlakyTests: true,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never', outputFolder: `playwright-report/${process.env.MW_E2E_RUN}` }]] : 'list',
  outputDir: `test-results/${process.env.MW_E2E_RUN}`,
  use: {
    // Only the retry records one: recording every journey's trace costs a quarter of the run's CPU.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    viewport: { width: 1280, height: 800 },
    // page.route cannot see what a service worker fetches; the offline spec turns workers back on.
    serviceWorkers: 'block',
    launchOptions: launchOptions(),
  },
});
