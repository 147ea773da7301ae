/**
 * The journeys' flaky budget is zero: with the e2e config's retry and flaky settings, a journey that fails
 * once and passes on its retry is named as flaky and fails the run (CI would otherwise pass it unseen).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { ROOT } from './site.ts';

// Inside the repository, so the specs resolve @playwright/test from its node_modules.
fs.mkdirSync(path.join(ROOT, 'test-results'), { recursive: true });
const dir = fs.mkdtempSync(path.join(ROOT, 'test-results', 'flaky-budget-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function runPlaywright(spec: string) {
  fs.writeFileSync(path.join(dir, 'journey.spec.ts'), spec);
  // The e2e config's own retries and flaky rule; the rest (site, global setup, HTML report) is not needed here.
  fs.writeFileSync(
    path.join(dir, 'playwright.config.ts'),
    `import e2e from ${JSON.stringify(path.join(ROOT, 'e2e', 'playwright.config.ts'))};
export default { testDir: '.', retries: e2e.retries, failOnFlakyTests: e2e.failOnFlakyTests, reporter: 'list', outputDir: 'results' };
`,
  );
  const result = spawnSync(process.execPath, [path.join(ROOT, 'node_modules', '@playwright', 'test', 'cli.js'), 'test', '-c', dir], {
    cwd: ROOT,
    env: { ...process.env, CI: '1', FORCE_COLOR: '0' },
    encoding: 'utf8',
  });
  return { status: result.status, output: result.stdout + result.stderr };
}

it('a journey that passes only on its retry is reported as flaky and fails the run', () => {
  const { status, output } = runPlaywright(`import { test, expect } from '@playwright/test';
test('passes the second time', ({}, info) => expect(info.retry).toBe(1));
test('passes every time', () => expect(1).toBe(1));
`);
  expect(output).toMatch(/1 flaky\s+\S*journey\.spec\.ts:2:\d+ › passes the second time/);
  expect(output).toContain('1 passed');
  expect(output).not.toContain('failed');
  expect(status).toBe(1);
});
