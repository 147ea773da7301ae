/**
 * The main-thread budgets at the reference machine's 4× CPU (cpu-rate.ts): long tasks while `/` and
 * `/discover` load (first 5 s), when the home is usable, requests and JS bytes on `/`, long tasks while
 * the watch page plays, and play → first frame. Cold loads (a fresh browser context each), served
 * compressed from loopback. Figures are medians of MW_BENCH_LOAD_RUNS loads (7 for the cold loads,
 * which alternate with the baseline's, 5 for the rest); the machine may be shared, so read them with
 * the samples.
 */
import type { Browser, CDPSession, Page } from '@playwright/test';
import type { Site } from '../../scripts/site.ts';
import { cpuRate } from './cpu-rate.ts';
import { figure, type SampledBench } from './page-load.bench.ts';

type Figures = Record<string, unknown>;
interface PlainBench {
  name: string;
  budget: string;
  run(context: { site: Site; browser: Browser }): Promise<Figures>;
}
export type MainThreadBench = PlainBench | SampledBench<Load>;

const NOSFERATU = '/media/tmdb-movie-653';
const runsOf = (name: string, fallback: number) => {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
};
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
};

/**
 * Installed before any script: long tasks, first contentful paint, and when the home is usable, that is
 * "search box interactive, lists painted": the search box there and enabled, the header painted, no
 * slot still showing its loading status, and every row in view showing its titles (not its placeholders).
 */
const OBSERVE = `
  window.__bench = { longTasks: [], fcp: null, homeReadyAt: null };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__bench.longTasks.push({ at: Math.round(e.startTime), duration: Math.round(e.duration) });
  }).observe({ type: 'longtask', buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (e.name === 'first-contentful-paint') window.__bench.fcp = Math.round(e.startTime);
  }).observe({ type: 'paint', buffered: true });
  const check = () => {
    if (window.__bench.homeReadyAt !== null) return;
    const box = document.querySelector('[role=search] input');
    const busy = document.querySelector('main [role=status]');
    const rows = [...document.querySelectorAll('main [data-testid=carousel]')].filter((row) => row.getBoundingClientRect().top < innerHeight);
    const painted = rows.length > 0 && rows.every((row) => row.getAttribute('aria-busy') !== 'true');
    if (box && !box.disabled && document.querySelector('header') && !busy && painted) {
      // The frame after the DOM is complete: when it is painted.
      requestAnimationFrame(() => setTimeout(() => { if (window.__bench.homeReadyAt === null) window.__bench.homeReadyAt = Math.round(performance.now()); }, 0));
    }
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true, attributes: true });
`;

interface Load {
  longTasks: { at: number; duration: number }[];
  fcp: number | null;
  homeReadyAt: number | null;
  requests: number;
  jsBytes: number;
}

/** One cold load at 4× CPU, observed for `windowMs` from navigation start. */
async function coldLoad(browser: Browser, url: string, windowMs: number): Promise<Load> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuRate() });
  await page.addInitScript(OBSERVE);
  let requests = 0;
  const js: Promise<number>[] = [];
  page.on('request', () => requests++);
  page.on('response', (r) => {
    if (r.url().endsWith('.js'))
      js.push(
        r
          .request()
          .sizes()
          .then(
            (s) => s.responseBodySize,
            () => 0,
          ),
      );
  });
  await page.goto(url);
  const elapsed = await page.evaluate<number>('performance.now()');
  await page.waitForTimeout(Math.max(0, windowMs - elapsed));
  const bench = await page.evaluate<Omit<Load, 'requests' | 'jsBytes'>>('window.__bench');
  const jsBytes = (await Promise.all(js)).reduce((a, b) => a + b, 0);
  await context.close();
  return { ...bench, longTasks: bench.longTasks.filter((t) => t.at < windowMs), requests, jsBytes };
}

const totalOf = (l: Load) => l.longTasks.reduce((sum, t) => sum + t.duration, 0);
const longestOf = (l: Load) => Math.max(0, ...l.longTasks.map((t) => t.duration));
const overAfterPaint = (l: Load) => l.longTasks.filter((t) => l.fcp !== null && t.at >= l.fcp && t.duration > 50).length;
/** The median load's tasks (when and how long), to see which step they belong to. */
const medianLoadTasks = (loads: Load[]) => {
  const totals = loads.map(totalOf);
  return loads[totals.indexOf(median(totals))]?.longTasks;
};

/** The watch page at 4× CPU with a found source; the big play button shown. */
async function watchPage(browser: Browser, site: Site): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await page.addInitScript(OBSERVE);
  await page.goto(`${site.hostUrl}${NOSFERATU}`);
  await page.waitForSelector('[data-testid=big-play]', { timeout: 60_000 });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuRate() });
  return page;
}

/** A fresh page on `/` with its row shown and the network quiet, observed from before any script (not throttled yet). */
async function settledHome(browser: Browser, site: Site): Promise<{ page: Page; cdp: CDPSession }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await page.addInitScript(OBSERVE);
  await page.goto(`${site.hostUrl}/`);
  await page.waitForSelector('[data-testid=carousel][data-status=ready]');
  await page.waitForLoadState('networkidle');
  return { page, cdp };
}

export const mainThreadBenches: MainThreadBench[] = [
  {
    name: 'home-main-thread-4x-cpu',
    budget:
      '/ at 4× CPU (reference machine): long tasks in the first 5 s ≤ 150 ms in total, none over 50 ms after first paint; home usable by 600 ms; JS ≤ 200 KB compressed; ≤ 30 requests',
    runs: runsOf('MW_BENCH_LOAD_RUNS', 7),
    sample: ({ site, browser }) => coldLoad(browser, `${site.hostUrl}/`, 5000),
    summarise: (loads) => ({
      figures: {
        longTasksTotalMs: figure(loads.map(totalOf), 150),
        tasksOver50msAfterFirstPaint: figure(loads.map(overAfterPaint), 0),
        homeReadyMs: figure(
          loads.map((l) => l.homeReadyAt),
          600,
        ),
        jsKB: figure(
          loads.map((l) => +(l.jsBytes / 1024).toFixed(1)),
          200,
        ),
        requests: figure(
          loads.map((l) => l.requests),
          30,
        ),
        longestTaskMs: figure(loads.map(longestOf)),
        fcpMs: figure(loads.map((l) => l.fcp)),
      },
      details: { medianLoadTasks: medianLoadTasks(loads) },
    }),
  },
  {
    name: 'discover-main-thread-4x-cpu',
    budget: '/discover at 4× CPU (reference machine): long tasks in the first 5 s ≤ 250 ms in total',
    runs: runsOf('MW_BENCH_LOAD_RUNS', 7),
    sample: ({ site, browser }) => coldLoad(browser, `${site.hostUrl}/discover`, 5000),
    summarise: (loads) => ({
      figures: {
        longTasksTotalMs: figure(loads.map(totalOf), 250),
        longestTaskMs: figure(loads.map(longestOf)),
        tasksOver50msAfterFirstPaint: figure(loads.map(overAfterPaint)),
        fcpMs: figure(loads.map((l) => l.fcp)),
        requests: figure(loads.map((l) => l.requests)),
      },
      details: { medianLoadTasks: medianLoadTasks(loads) },
    }),
  },
  {
    name: 'discover-scroll-4x-cpu',
    budget: '/discover at 4× CPU: scrolling down through every row, and along each row to its end: no task over 50 ms',
    async run({ site, browser }) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await page.addInitScript(OBSERVE);
      await page.goto(`${site.hostUrl}/discover`);
      await page.waitForSelector('[data-testid=carousel][data-status=ready]');
      await page.waitForLoadState('networkidle');
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuRate() });
      const from = await page.evaluate<number>('performance.now()');
      let steps = 0;
      // Down the page a screen at a time (rows load as they come near), then each row along to its end.
      for (; steps < 200; steps++) {
        const atEnd = await page.evaluate<boolean>(
          '(() => { const y = scrollY; scrollBy(0, innerHeight * 0.8); return scrollY === y; })()',
        );
        if (atEnd) break;
        await page.waitForTimeout(300);
      }
      const rows = await page.locator('[data-testid=carousel] ul').count();
      for (let row = 0; row < rows; row++) {
        for (let step = 0; step < 20; step++) {
          const atEnd = await page.evaluate<boolean>(`(() => {
            const track = document.querySelectorAll('[data-testid=carousel] ul')[${row}];
            track.scrollIntoView({ block: 'center' });
            const x = track.scrollLeft;
            track.scrollBy({ left: track.clientWidth * 0.8 });
            return track.scrollLeft === x;
          })()`);
          if (atEnd) break;
          steps++;
          await page.waitForTimeout(300);
        }
      }
      await page.waitForTimeout(500);
      const tasks = (await page.evaluate<Load['longTasks']>('window.__bench.longTasks')).filter((t) => t.at >= from);
      await context.close();
      return {
        cpuRate: cpuRate(),
        scrollSteps: steps,
        rows,
        longTasks: tasks.length,
        longestTaskMs: Math.max(0, ...tasks.map((t) => t.duration)),
        longTasksTotalMs: tasks.reduce((sum, t) => sum + t.duration, 0),
        tasks: tasks.map((t) => `${t.at}:${t.duration}`).join(' '),
        budget: 'no task over 50 ms',
        withinBudget: tasks.length === 0,
      };
    },
  },
  {
    name: 'details-open-4x-cpu',
    budget: "a title's details opened from the home's row at 4× CPU (the page's first): no task over 50 ms",
    async run({ site, browser }) {
      const longest: number[] = [];
      for (let i = 0; i < runsOf('MW_BENCH_LOAD_RUNS', 5); i++) {
        const { page, cdp } = await settledHome(browser, site);
        await page.locator('[data-testid=media-card] [data-testid=card-more]').first().click();
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuRate() });
        const from = await page.evaluate<number>('performance.now()');
        await page.getByTestId('card-overlay').getByRole('menuitem').first().click(); // "More info"
        await page.getByRole('dialog').locator('h2').waitFor();
        await page.waitForTimeout(1000);
        const tasks = (await page.evaluate<Load['longTasks']>('window.__bench.longTasks')).filter((t) => t.at >= from);
        longest.push(Math.max(0, ...tasks.map((t) => t.duration)));
        await page.context().close();
      }
      const over = longest.filter((ms) => ms > 50).length;
      return {
        cpuRate: cpuRate(),
        longestTaskMs: { median: median(longest), samples: longest },
        opensWithATaskOver50ms: over,
        budget: 'no task over 50 ms',
        withinBudget: over === 0,
      };
    },
  },
  {
    name: 'player-long-tasks-4x-cpu',
    budget: 'the watch page playing for 60 s at 4× CPU: long tasks ≤ 50 ms in total',
    async run({ site, browser }) {
      const durationS = runsOf('MW_BENCH_PLAYBACK_S', 60);
      const page = await watchPage(browser, site);
      await page.evaluate(`document.querySelector('[data-testid=player-video]').loop = true`);
      await page.click('[data-testid=big-play]');
      await page.waitForFunction(`document.querySelector('[data-testid=player-video]').currentTime > 0.5`, undefined, { timeout: 30_000 });
      const from = await page.evaluate<number>('performance.now()');
      await page.waitForTimeout(durationS * 1000);
      const played = await page.evaluate<number>(`document.querySelector('[data-testid=player-video]').currentTime`);
      const tasks = (await page.evaluate<Load['longTasks']>('window.__bench.longTasks')).filter((t) => t.at >= from);
      await page.context().close();
      const total = tasks.reduce((sum, t) => sum + t.duration, 0);
      return {
        playbackS: durationS,
        currentTimeAtEndS: +played.toFixed(1),
        longTasks: tasks.length,
        longTasksTotalMs: total,
        longestTaskMs: Math.max(0, ...tasks.map((t) => t.duration)),
        budgetMs: 50,
        withinBudget: total <= 50,
      };
    },
  },
  {
    name: 'player-first-frame-4x-cpu',
    budget: 'play pressed → first frame < 1 s at 4× CPU (library HLS title, median)',
    async run({ site, browser }) {
      const runs: number[] = [];
      for (let i = 0; i < runsOf('MW_BENCH_FIRST_FRAME_RUNS', 5); i++) {
        const page = await watchPage(browser, site);
        const ms = await page.evaluate<number>(`new Promise((resolve) => {
          const video = document.querySelector('[data-testid=player-video]');
          const t0 = performance.now();
          video.requestVideoFrameCallback(() => resolve(performance.now() - t0));
          document.querySelector('[data-testid=big-play]').click();
        })`);
        runs.push(Math.round(ms));
        await page.context().close();
      }
      const value = median(runs);
      return { medianMs: value, runsMs: runs, budgetMs: 1000, withinBudget: value < 1000 };
    },
  },
  {
    name: 'navigations-4x-cpu',
    budget: 'none set: the longest task of each in-app step at 4× CPU, reported to follow them (a task over 50 ms is felt)',
    async run({ browser, site }) {
      const steps: Record<string, number[]> = {};
      for (let i = 0; i < runsOf('MW_BENCH_NAV_RUNS', 3); i++) {
        const { page, cdp } = await settledHome(browser, site);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuRate() });
        const step = async (name: string, act: () => Promise<void>) => {
          const from = await page.evaluate<number>('performance.now()');
          await act();
          await page.waitForTimeout(1500);
          const tasks = (await page.evaluate<Load['longTasks']>('window.__bench.longTasks')).filter((t) => t.at >= from);
          (steps[name] ??= []).push(Math.max(0, ...tasks.map((t) => t.duration)));
        };
        await step('home → settings (user menu)', async () => {
          await page.getByRole('banner').getByRole('button').last().click();
          await page.getByRole('link', { name: 'Settings' }).click();
          await page.getByTestId('settings-page').waitFor();
        });
        await step('settings → home (back)', async () => {
          await page.goBack();
          await page.waitForSelector('[data-testid=carousel][data-status=ready]');
        });
        await step('search "the"', async () => {
          await page.getByRole('searchbox').pressSequentially('the', { delay: 100 });
          await page.waitForSelector('[data-testid=search-results] [data-testid=media-card]');
        });
        // A fresh page on a title's details (loaded at 4× too); only what follows the click on Play is measured.
        await page.goto(`${site.hostUrl}/?m=details-tmdb-movie-653`);
        await page.getByTestId('details-play').waitFor();
        await page.waitForLoadState('networkidle');
        await step('details → watch → play (library HLS title)', async () => {
          await page.getByTestId('details-play').click(); // the press is the gesture: the found source plays by itself
          await page.waitForFunction(() => (document.querySelector('video')?.currentTime ?? 0) > 0, undefined, { timeout: 60_000 });
        });
        await step('player → home (back)', async () => {
          await page.goBack();
          await page.waitForSelector('[data-testid=carousel][data-status=ready]');
        });
        await page.context().close();
      }
      const figures: Figures = { cpuRate: cpuRate() };
      for (const [name, samples] of Object.entries(steps)) figures[name] = { longestTaskMs: median(samples), samples };
      return figures;
    },
  },
];
