import { chromium } from '@playwright/test';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startSite } from '../../scripts/site.ts';
import { launchOptions } from '../support/browser.ts';
const route = process.argv[2] ?? '/';
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mw-profile-'));
const site = await startSite({
  ports: { host: 0, 'remote-discover': 0, 'remote-player': 0, 'remote-account': 0, 'remote-settings': 0 },
  services: { ports: { catalog: 0, media: 0, proxy: 0, skips: 0, geo: 0, backend: 0, scraper: 0, jellyfin: 0, archive: 0 }, dataDir },
});
const browser = await chromium.launch(launchOptions());
try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  await page.goto(`${site.hostUrl}${route}`);
  await page.waitForTimeout(4000);
  const { profile } = (await cdp.send('Profiler.stop')) as any;
  fs.writeFileSync('/tmp/prof.cpuprofile', JSON.stringify(profile));
  const byId = new Map<number, any>(profile.nodes.map((n: any) => [n.id, n]));
  const self = new Map<number, number>();
  const dts = profile.timeDeltas as number[];
  profile.samples.forEach((id: number, i: number) => self.set(id, (self.get(id) ?? 0) + (dts[i + 1] ?? 0)));
  const agg = new Map<string, number>();
  const byFile = new Map<string, number>();
  for (const [id, us] of self) {
    const n = byId.get(id);
    const f = n.callFrame;
    const file = String(f.url).split('/').pop() || f.functionName;
    const key = `${f.functionName || '(anon)'} ${file}:${f.lineNumber}:${f.columnNumber}`;
    agg.set(key, (agg.get(key) ?? 0) + us);
    byFile.set(file, (byFile.get(file) ?? 0) + us);
  }
  console.log('by file'); for (const [k, v] of [...byFile].sort((a, b) => b[1] - a[1]).slice(0, 15)) console.log(String(Math.round(v / 1000)).padStart(6), k);
  console.log('by fn'); for (const [k, v] of [...agg].sort((a, b) => b[1] - a[1]).slice(0, 40)) console.log(String(Math.round(v / 1000)).padStart(6), k);
  await context.close();
} finally {
  await browser.close();
  await site.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
