import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startStaticServer } from '../../scripts/serve.ts';
import { ROOT } from '../../scripts/site.ts';
import { QA_DIST, QA_MARKER, expect, test } from '../support/site.fixture';

test('deploying a new build of one remote is picked up on reload, without touching the host', async ({ page, site }) => {
  const deployDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mw-redeploy-'));
  fs.cpSync(path.join(ROOT, 'remote-settings', 'dist'), deployDir, { recursive: true });
  let server = await startStaticServer({ dir: deployDir, port: 0 });
  const port = server.port;
  // This deploy's remotes.json points settings at the folder we redeploy into.
  await page.route('**/remotes.json', async (route) => {
    const original = (await (await route.fetch()).json()) as Record<string, string>;
    await route.fulfill({ json: { ...original, settings: `http://localhost:${port}/mf-manifest.json` } });
  });
  const hostMain = async () => page.evaluate(() => [...document.scripts].map((s) => s.src).filter(Boolean));
  try {
    await page.goto(`${site.hostUrl}/settings`);
    await expect(page.getByTestId('settings-page')).toBeVisible();
    await expect(page.getByTestId('build-marker')).toHaveCount(0);
    const hostScriptsBefore = await hostMain();

    // Redeploy: the new build replaces the old files; the server restarts on the same port.
    await server.close();
    fs.rmSync(deployDir, { recursive: true, force: true });
    fs.cpSync(QA_DIST, deployDir, { recursive: true });
    server = await startStaticServer({ dir: deployDir, port });

    await page.reload();
    await expect(page.getByTestId('build-marker')).toHaveText(`Build ${QA_MARKER}`);
    expect(await hostMain()).toEqual(hostScriptsBefore);
  } finally {
    await server.close();
    fs.rmSync(deployDir, { recursive: true, force: true });
  }
});
