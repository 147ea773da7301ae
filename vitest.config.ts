import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

const INCLUDE = ['*/src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts', 'services/scripts/**/*.test.ts', 'e2e/bench/**/*.test.ts'];
// Playwright's journeys are *.spec.ts and run under Playwright, never here.
const EXCLUDE = ['**/node_modules/**', '**/dist/**', 'e2e/**/*.spec.ts'];
/** The test files (repository-relative) that replace one of our modules with vi.mock. */
function mockingTestFiles(dir = '.'): string[] {
  return fs.readdirSync(path.join(import.meta.dirname, dir), { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return ['node_modules', 'dist', '.git', '.skew'].includes(entry.name) ? [] : mockingTestFiles(file);
    return /\.test\.tsx?$/.test(entry.name) && fs.readFileSync(path.join(import.meta.dirname, file), 'utf8').includes('vi.mock(')
      ? [file]
      : [];
  });
}
const MOCKING = mockingTestFiles();

export default defineConfig({
  // The player's worker module, as its rspack config and tsconfig resolve it (component tests render the player).
  resolve: { alias: { 'cross-origin-worker': path.join(import.meta.dirname, 'remote-player/src/worker/cross-origin-worker.ts') } },
  test: {
    environment: 'node',
    // Vitest's default is one worker fewer than the cores, one alone on two. Many of the services' tests wait
    // on real servers, child processes and timers rather than compute, so a second worker fills those waits.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    testTimeout: 20_000,
    hookTimeout: 30_000,
    projects: [
      // A file that replaces one of our modules with vi.mock runs on its own, so the stand-in reaches no other file.
      { extends: true, test: { name: 'modules-apart', include: MOCKING } },
      // The rest share a worker's loaded modules (React, the stores, i18n) instead of loading them again for each
      // file, which was a third of the run's time. Each file sets up what it reads: its stores, storage, timers.
      { extends: true, test: { name: 'modules-shared', include: INCLUDE, exclude: [...EXCLUDE, ...MOCKING], isolate: false } },
    ],
  },
});
