/**
 * Budgets of the player remote, measured in headless Chromium at 1× CPU against the
 * local media library. Register in run.ts: `import { playerBenches } from './player.bench.ts'` and
 * `benches.push(...playerBenches)`. Figures are reported; `withinBudget` says whether each budget held.
 *
 * The library's clips are 12 to 16 s long: the playback benches loop the video (`loop` on the element)
 * to play for their full duration. Shorter runs for a quick check:
 *   MW_BENCH_FIRST_FRAME_RUNS (default 7), MW_BENCH_PLAYBACK_S (default 60), MW_BENCH_HEAP_S (default 300).
 */
import type { Browser, CDPSession, Page } from '@playwright/test';
import type { Site } from '../../scripts/site.ts';

type Figures = Record<string, unknown>;
export interface PlayerBench {
  name: string;
  budget: string;
  run(context: { site: Site; browser: Browser }): Promise<Figures>;
}

const NOSFERATU = '/media/tmdb-movie-653'; // the meadow HLS ladder first; local-mp4 also has it
const seconds = (name: string, fallback: number) => {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
};

/** Long tasks from the first byte on (an observer installed before any script). */
const OBSERVE = `
  window.__bench = { longTasks: [] };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__bench.longTasks.push({ at: e.startTime, duration: e.duration });
  }).observe({ type: 'longtask', buffered: true });
`;

/**
 * In-page: clicks the big play button and resolves with the ms until the first video frame is
 * presented (requestVideoFrameCallback). A string: the runner's transpiler would add helpers the page lacks.
 */
const PLAY_TO_FIRST_FRAME = `new Promise((resolve) => {
  const video = document.querySelector('[data-testid=player-video]');
  const t0 = performance.now();
  video.requestVideoFrameCallback(() => resolve(performance.now() - t0));
  document.querySelector('[data-testid=big-play]').click();
})`;

async function freshPage(browser: Browser, init?: string): Promise<{ page: Page; cdp: CDPSession }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  await page.addInitScript(OBSERVE);
  if (init) await page.addInitScript(init);
  return { page, cdp };
}

/** The watch page with a found source, played until time advances, looping. */
async function playLooping(page: Page, site: Site): Promise<void> {
  await page.goto(`${site.hostUrl}${NOSFERATU}`);
  await page.waitForSelector('[data-testid=big-play]', { timeout: 30_000 });
  await page.evaluate(`document.querySelector('[data-testid=player-video]').loop = true`);
  await page.click('[data-testid=big-play]');
  await page.waitForFunction(`document.querySelector('[data-testid=player-video]').currentTime > 0.5`, undefined, { timeout: 15_000 });
}

/** Media time played and loops seen while `ms` pass (checked every second). */
async function watch(page: Page, ms: number): Promise<{ playedS: number; loops: number; stalledS: number }> {
  let played = 0;
  let loops = 0;
  let stalled = 0;
  let last = await page.evaluate<number>(`document.querySelector('[data-testid=player-video]').currentTime`);
  for (let elapsed = 0; elapsed < ms; elapsed += 1000) {
    await page.waitForTimeout(1000);
    const now = await page.evaluate<number>(`document.querySelector('[data-testid=player-video]').currentTime`);
    if (now < last) {
      loops++;
      played += now;
    } else played += now - last;
    if (Math.abs(now - last) < 0.05) stalled++;
    last = now;
  }
  return { playedS: +played.toFixed(1), loops, stalledS: stalled };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? null;
};

export const playerBenches: PlayerBench[] = [
  {
    name: 'player-first-frame',
    budget: 'from pressing play on a found source to the first frame under 1 s at 1× CPU (median), local library',
    async run({ site, browser }) {
      const runs: number[] = [];
      const count = seconds('MW_BENCH_FIRST_FRAME_RUNS', 7);
      for (let i = 0; i < count; i++) {
        const { page } = await freshPage(browser);
        await page.goto(`${site.hostUrl}${NOSFERATU}`);
        await page.waitForSelector('[data-testid=big-play]', { timeout: 30_000 });
        runs.push(Math.round(await page.evaluate<number>(PLAY_TO_FIRST_FRAME)));
        await page.context().close();
      }
      const value = median(runs);
      return {
        medianMs: value,
        minMs: Math.min(...runs),
        maxMs: Math.max(...runs),
        runsMs: runs,
        budgetMs: 1000,
        withinBudget: value !== null && value < 1000,
      };
    },
  },
  {
    name: 'player-hls-on-demand',
    budget: 'hls.js is loaded only when an HLS source plays: not for an MP4 source, yes for HLS',
    async run({ site, browser }) {
      const hlsChunk = (url: string) => url.startsWith(site.remoteUrls.player) && /\/hls\.[0-9a-f]+\.js$/.test(url);
      const play = async (init?: string) => {
        const { page } = await freshPage(browser, init);
        const scripts: string[] = [];
        page.on('request', (r) => r.resourceType() === 'script' && scripts.push(r.url()));
        await page.goto(`${site.hostUrl}${NOSFERATU}`);
        await page.waitForSelector('[data-testid=big-play]', { timeout: 30_000 });
        await page.click('[data-testid=big-play]');
        await page.waitForFunction(`document.querySelector('[data-testid=player-video]').currentTime > 0.5`, undefined, {
          timeout: 15_000,
        });
        const src = await page.evaluate<string>(`document.querySelector('[data-testid=player-video]').currentSrc`);
        const hls = scripts.filter(hlsChunk);
        await page.context().close();
        return {
          playing: src.startsWith('blob:') ? 'hls (MediaSource)' : src.replace(site.services!.urls.media!, ''),
          hlsChunkLoaded: hls.length > 0,
        };
      };
      // The user's source order puts the MP4 source first (preferences, as Settings saves them).
      const mp4First = `localStorage.setItem('__MW::preferences', JSON.stringify({ state: { enableSourceOrder: true, sourceOrder: ['local-mp4'] }, version: 1 }))`;
      const mp4 = await play(mp4First);
      const hls = await play();
      return { mp4Source: mp4, hlsSource: hls, withinBudget: !mp4.hlsChunkLoaded && hls.hlsChunkLoaded && !mp4.playing.startsWith('hls') };
    },
  },
  {
    name: 'player-long-tasks-while-playing',
    budget: 'while playing (HLS through hls.js), no main-thread long task over 50 ms in 60 s of playback at 1× CPU',
    async run({ site, browser }) {
      const durationS = seconds('MW_BENCH_PLAYBACK_S', 60);
      const { page } = await freshPage(browser);
      await playLooping(page, site);
      const from = await page.evaluate<number>('performance.now()');
      const played = await watch(page, durationS * 1000);
      const all = await page.evaluate<{ at: number; duration: number }[]>('window.__bench.longTasks');
      const tasks = all.filter((t) => t.at >= from);
      await page.context().close();
      return {
        playbackS: durationS,
        ...played,
        // Before pressing play (boot, scraping): shows the observer sees long tasks at all.
        longTasksBeforePlayback: all.length - tasks.length,
        longTasksOver50ms: tasks.length,
        longestTaskMs: Math.round(Math.max(0, ...tasks.map((t) => t.duration))),
        withinBudget: tasks.length === 0,
      };
    },
  },
  {
    name: 'player-heap-growth',
    budget: 'JS heap growth under 10 MB over 5 minutes of playback (HLS through hls.js, 1× CPU), after garbage collection',
    async run({ site, browser }) {
      const durationS = seconds('MW_BENCH_HEAP_S', 300);
      const { page, cdp } = await freshPage(browser);
      await playLooping(page, site);
      // Let start-up settle (the first segments, thumbnails off, progress saves begin) before the baseline.
      await page.waitForTimeout(5000);
      const heap = async () => {
        await cdp.send('HeapProfiler.collectGarbage');
        const { usedSize } = await cdp.send('Runtime.getHeapUsage');
        return usedSize / 2 ** 20;
      };
      const start = await heap();
      const played = await watch(page, durationS * 1000);
      const end = await heap();
      await page.context().close();
      const growth = end - start;
      return {
        playbackS: durationS,
        ...played,
        heapStartMB: +start.toFixed(2),
        heapEndMB: +end.toFixed(2),
        growthMB: +growth.toFixed(2),
        budgetMB: 10,
        withinBudget: growth < 10,
      };
    },
  },
];
