import { chromium } from '@playwright/test';
import fs from 'node:fs'; import os from 'node:os'; import path from 'node:path';
import { startSite } from '../../scripts/site.ts';
import { launchOptions } from '../support/browser.ts';
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mw-profile-'));
const site = await startSite({
  ports: { host: 0, 'remote-discover': 0, 'remote-player': 0, 'remote-account': 0, 'remote-settings': 0 },
  services: { ports: { catalog: 0, media: 0, proxy: 0, skips: 0, geo: 0, backend: 0, scraper: 0, jellyfin: 0, archive: 0 }, dataDir },
});
const browser = await chromium.launch(launchOptions());
const page = await browser.newPage();
const rows: Promise<string>[] = [];
page.on('requestfinished', (r) => rows.push(r.sizes().then((s) => `${String(s.responseBodySize).padStart(8)} ${r.resourceType().padEnd(6)} ${r.url().replace(/http:\/\/[^/]+/, '')}`)));
await page.goto(`${site.hostUrl}${process.argv[2] ?? '/'}`);
await page.waitForLoadState('networkidle');
await page.waitForTimeout(1500);
console.log((await Promise.all(rows)).join('\n'));
await browser.close(); await site.close();
