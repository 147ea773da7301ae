/**
 * Budgets of the Discover page, measured in headless Chromium at 1× CPU against the
 * local catalog. Register in run.ts: `import { discoverBenches } from './discover.bench.ts'` and
 * `benches.push(...discoverBenches)`. Figures are reported; `withinBudget` says whether each budget held.
 */
import type { Browser, Page } from '@playwright/test';
import type { Site } from '../../scripts/site.ts';

type Figures = Record<string, unknown>;
export interface DiscoverBench {
  name: string;
  budget: string;
  run(context: { site: Site; browser: Browser }): Promise<Figures>;
}

/** Collects layout shifts and long tasks from the first byte on (observers installed before any script). */
const OBSERVE = `
  window.__bench = { shifts: [], longTasks: [], pageAt: null };
  new MutationObserver((_, observer) => {
    if (document.querySelector('[data-testid=discover-page]')) { window.__bench.pageAt = performance.now(); observer.disconnect(); }
  }).observe(document, { subtree: true, childList: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      if (e.hadRecentInput) continue;
      const nodes = e.sources.map((src) => src.node).filter(Boolean);
      const inside = nodes.some((n) => n.closest && n.closest('[data-remote=discover]'));
      window.__bench.shifts.push({ value: e.value, at: e.startTime, inside, nodes: nodes.map((n) => n.nodeName + (n.id ? '#' + n.id : '')) });
    }
  }).observe({ type: 'layout-shift', buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__bench.longTasks.push({ duration: e.duration, at: e.startTime });
  }).observe({ type: 'longtask', buffered: true });
`;

/** In-page script (a string: the test runner's transpiler would add helpers the page does not have). */
const FIRST_ROW_PAINTED = `new Promise((resolve) => {
  const firstRow = document.querySelector('[data-testid=carousel]');
  const visible = [...(firstRow ? firstRow.querySelectorAll('img[elementtiming=poster]') : [])].filter((img) => {
    const r = img.getBoundingClientRect();
    return r.right > 0 && r.left < innerWidth && r.top < innerHeight;
  });
  const painted = new Map();
  const result = () => ({ ms: painted.size ? Math.round(Math.max(...painted.values())) : null, posters: painted.size });
  const observer = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (e.element && visible.includes(e.element)) painted.set(e.element, e.renderTime || e.loadTime);
    if (painted.size >= visible.length) { observer.disconnect(); resolve(result()); }
  });
  observer.observe({ type: 'element', buffered: true });
  setTimeout(() => { observer.disconnect(); resolve(result()); }, 10000);
})`;

async function freshPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  await page.addInitScript(OBSERVE);
  return page;
}

/** ms after navigation start when every poster of the first row that is in the viewport has painted (Element Timing). */
async function firstRowPainted(page: Page): Promise<{ ms: number | null; posters: number }> {
  await page.waitForSelector('[data-testid=carousel][data-status=ready] img[elementtiming=poster]');
  return page.evaluate<{ ms: number | null; posters: number }>(FIRST_ROW_PAINTED);
}

/** Scrolls to the bottom in viewport-sized steps (rows load as they come near), then back to the top. */
async function scrollThrough(page: Page): Promise<number> {
  let steps = 0;
  for (;;) {
    const atEnd = await page.evaluate<boolean>('(() => { const y = scrollY; scrollBy(0, innerHeight * 0.8); return scrollY === y; })()');
    if (atEnd || steps > 200) break;
    steps++;
    await page.waitForTimeout(250);
  }
  await page.waitForLoadState('networkidle');
  return steps;
}

export const discoverBenches: DiscoverBench[] = [
  {
    name: 'discover-first-row',
    budget: 'first row of posters painted within 1 s of navigation at 1× CPU; no player code on /discover',
    async run({ site, browser }) {
      const runs: number[] = [];
      let posters = 0;
      let playerCodeLoaded = false;
      let discoverKB = 0;
      for (let i = 0; i < 5; i++) {
        const page = await freshPage(browser);
        const urls: string[] = [];
        let compressed = 0;
        page.on('requestfinished', async (r) => {
          urls.push(r.url());
          if (r.url().startsWith(site.remoteUrls.discover) && r.url().endsWith('.js')) compressed += (await r.sizes()).responseBodySize;
        });
        await page.goto(`${site.hostUrl}/discover`);
        const painted = await firstRowPainted(page);
        if (painted.ms !== null) runs.push(painted.ms);
        posters = painted.posters;
        await page.waitForLoadState('networkidle');
        playerCodeLoaded ||= urls.some((u) => u.startsWith(site.remoteUrls.player));
        discoverKB = +(compressed / 1024).toFixed(1);
        await page.context().close();
      }
      runs.sort((a, b) => a - b);
      const median = runs[Math.floor(runs.length / 2)] ?? null;
      return {
        firstRowPaintMs: { median, min: runs[0] ?? null, max: runs.at(-1) ?? null, runs },
        postersInFirstRow: posters,
        budgetMs: 1000,
        playerCodeLoaded,
        discoverRemoteJsKB: discoverKB,
        withinBudget: median !== null && median <= 1000 && !playerCodeLoaded,
      };
    },
  },
  {
    name: 'discover-scroll',
    budget: 'scrolling through all carousels: no long task over 50 ms at 1× CPU; CLS ≤ 0.05 while rows load',
    async run({ site, browser }) {
      const page = await freshPage(browser);
      await page.goto(`${site.hostUrl}/discover`);
      await page.waitForSelector('[data-testid=carousel][data-status=ready]');
      await page.waitForLoadState('networkidle');
      const before = await page.evaluate<number>('window.__bench.longTasks.length');
      const steps = await scrollThrough(page);
      const figures = await page.evaluate<{
        shifts: { value: number; at: number; inside: boolean; nodes: string[] }[];
        longTasks: { duration: number; at: number }[];
        pageAt: number;
      }>('window.__bench');
      const rows = await page.locator('[data-testid=carousel][data-status=ready]').count();
      await page.context().close();
      const duringScroll = figures.longTasks.slice(before);
      const cls = figures.shifts.reduce((sum, s) => sum + s.value, 0);
      // Shifts of elements inside the Discover slot (rows loading, posters arriving): what this remote controls.
      const clsRows = figures.shifts.filter((s) => s.inside).reduce((sum, s) => sum + s.value, 0);
      return {
        scrollSteps: steps,
        rowsLoaded: rows,
        longTasksDuringScroll: duringScroll.length,
        longestTaskDuringScrollMs: Math.round(Math.max(0, ...duringScroll.map((t) => t.duration))),
        longTasksDuringLoad: before,
        clsWhileRowsLoad: +clsRows.toFixed(4),
        clsWholeNavigation: +cls.toFixed(4),
        shiftsOutsideDiscover: figures.shifts
          .filter((s) => !s.inside)
          .map((s) => ({
            value: +s.value.toFixed(4),
            atMs: Math.round(s.at),
            nodes: s.nodes,
            pageOnScreenAtMs: Math.round(figures.pageAt),
          })),
        budgetCls: 0.05,
        withinBudget: duringScroll.length === 0 && clsRows <= 0.05,
      };
    },
  },
];
