import os from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // The player's worker module, as its rspack config and tsconfig resolve it (component tests render the player).
  resolve: { alias: { 'cross-origin-worker': path.join(import.meta.dirname, 'remote-player/src/worker/cross-origin-worker.ts') } },
  test: {
    include: ['*/src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts', 'services/scripts/**/*.test.ts', 'e2e/bench/**/*.test.ts'],
    // Playwright's journeys are *.spec.ts and run under Playwright, never here.
    exclude: ['**/node_modules/**', '**/dist/**', 'e2e/**/*.spec.ts'],
    environment: 'node',
    // Vitest's default is one worker fewer than the cores, one alone on two. Many of the services' tests wait
    // on real servers, child processes and timers rather than compute, so a second worker fills those waits.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
