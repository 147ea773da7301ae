import { defineConfig } from '@playwright/test';
import { launchOptions } from './support/browser.ts';

// Several agents may run suites at once on one machine: each run keeps its artifacts apart (workers inherit the id).
process.env.MW_E2E_RUN ??= process.env.CI ? 'ci' : String(process.pid);

export default defineConfig({
  testDir: '.',
  globalSetup: './global-setup.ts',
  testMatch: /.*\.spec\.ts$/,
  fullyParallel: false,
  // Two workers, each with its own composed site and services: most of a journey is waiting on media and
  // timers, so two share a 2-core machine well. MW_E2E_WORKERS=1 runs them one after another.
  workers: Number(process.env.MW_E2E_WORKERS ?? 2),
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never', outputFolder: `playwright-report/${process.env.MW_E2E_RUN}` }]] : 'list',
  outputDir: `test-results/${process.env.MW_E2E_RUN}`,
  use: {
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    viewport: { width: 1280, height: 800 },
    // page.route cannot see what a service worker fetches; the offline spec turns workers back on.
    serviceWorkers: 'block',
    launchOptions: launchOptions(),
  },
});
