import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from '../../scripts/site.ts';
import { QA_DIST, QA_MARKER, expect, test } from '../support/site.fixture';

test('deploying a new build of one remote is picked up on reload, without touching the host', async ({ page, site }) => {
  // The settings remote's origin serves a folder we redeploy into; remotes.json keeps its URL.
  const deployDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mw-redeploy-'));
  fs.cpSync(path.join(ROOT, 'remote-settings', 'dist'), deployDir, { recursive: true });
  await site.stopRemote('settings');
  await site.startRemote('settings', deployDir);
  const hostMain = async () => page.evaluate(() => [...document.scripts].map((s) => s.src).filter(Boolean));
  try {
    await page.goto(`${site.hostUrl}/settings`);
    await expect(page.getByTestId('settings-page')).toBeVisible();
    await expect(page.getByTestId('build-marker')).toHaveCount(0);
    const hostScriptsBefore = await hostMain();

    // Redeploy: the new build replaces the old files; the server restarts on the same port.
    await site.stopRemote('settings');
    fs.rmSync(deployDir, { recursive: true, force: true });
    fs.cpSync(QA_DIST, deployDir, { recursive: true });
    await site.startRemote('settings', deployDir);

    await page.reload();
    await expect(page.getByTestId('build-marker')).toHaveText(`Build ${QA_MARKER}`);
    expect(await hostMain()).toEqual(hostScriptsBefore);
  } finally {
    await site.stopRemote('settings');
    await site.startRemote('settings');
    fs.rmSync(deployDir, { recursive: true, force: true });
  }
});
