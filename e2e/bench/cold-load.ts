/**
 * The set-up the profiling tools share: the composed site from the last production build on free
 * ports, and a fresh page at 1280 px with the CPU slowed to the reference machine's 4× (cpu-rate.ts; service
 * workers blocked: a cold load).
 */
import { chromium, type Browser, type BrowserContext, type CDPSession, type Page } from '@playwright/test';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePorts, startSite, type Site } from '../../scripts/site.ts';
import { launchOptions } from '../support/browser.ts';
import { calibrateCpuRate, cpuRate } from './cpu-rate.ts';

export interface ColdLoad {
  site: Site;
  browser: Browser;
  context: BrowserContext;
  page: Page;
  cdp: CDPSession;
}

export async function withColdLoadAt4x(run: (load: ColdLoad) => Promise<void>): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mw-profile-'));
  const site = await startSite({ ports: freePorts().apps, services: { ports: freePorts().services, dataDir } });
  const browser = await chromium.launch(launchOptions());
  try {
    await calibrateCpuRate(browser);
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuRate() });
    await run({ site, browser, context, page, cdp });
    await context.close();
  } finally {
    await browser.close();
    await site.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
