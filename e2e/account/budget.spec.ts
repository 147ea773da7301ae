/** Budget: a sync tick with 500 queued changes finishes under 2 s and never blocks the main thread over 50 ms. */
import { register } from '../support/account.page';
import { expect, test } from '../support/site.fixture';

test('500 queued changes: pushed in one tick under 2 s, no long task over 50 ms meanwhile', async ({ page, site }) => {
  test.setTimeout(90_000);
  await register(page, site.hostUrl, 'Budget device');
  await page.evaluate(() => {
    const bookmarks = JSON.parse(localStorage.getItem('__MW::bookmarks') ?? 'null') ?? { state: { bookmarks: {}, updateQueue: [] }, version: 1 };
    const progress = JSON.parse(localStorage.getItem('__MW::progress') ?? 'null') ?? { state: { items: {}, updateQueue: [] }, version: 1 };
    const now = Date.now();
    for (let i = 0; i < 250; i++) {
      const tmdbId = String(10_000 + i);
      bookmarks.state.bookmarks[tmdbId] = { type: 'movie', title: `Film ${i}`, year: 1950, updatedAt: now };
      bookmarks.state.updateQueue.push({ id: crypto.randomUUID(), action: 'add', tmdbId, type: 'movie', title: `Film ${i}`, year: 1950 });
      progress.state.items[tmdbId] = { type: 'movie', title: `Film ${i}`, year: 1950, updatedAt: now, progress: { watched: i, duration: 5000 }, seasons: {}, episodes: {} };
      progress.state.updateQueue.push({ id: crypto.randomUUID(), action: 'upsert', tmdbId, type: 'movie', title: `Film ${i}`, year: 1950, progress: { watched: i, duration: 5000 } });
    }
    localStorage.setItem('__MW::bookmarks', JSON.stringify(bookmarks));
    localStorage.setItem('__MW::progress', JSON.stringify(progress));
  });
  await page.addInitScript(() => {
    const tasks: { start: number; duration: number }[] = [];
    (window as unknown as { __longTasks: typeof tasks }).__longTasks = tasks;
    new PerformanceObserver((list) => list.getEntries().forEach((e) => tasks.push({ start: e.startTime, duration: e.duration }))).observe({ type: 'longtask', buffered: true });
  });
  await page.reload();
  await expect
    .poll(() => page.evaluate(() => performance.getEntriesByName('mw:sync:push').length), { timeout: 30_000 })
    .toBeGreaterThan(0);
  const result = await page.evaluate(() => {
    const push = performance.getEntriesByName('mw:sync:push')[0]!;
    const tasks = (window as unknown as { __longTasks: { start: number; duration: number }[] }).__longTasks;
    const during = tasks.filter((t) => t.start + t.duration > push.startTime && t.start < push.startTime + push.duration);
    return { duration: push.duration, pending: (push as PerformanceMeasure).detail?.pending as number, longest: Math.max(0, ...during.map((t) => t.duration)) };
  });
  console.log(`[figures] sync tick with ${result.pending} queued changes: ${Math.round(result.duration)} ms; longest main-thread task meanwhile: ${Math.round(result.longest)} ms`);
  expect(result.pending).toBe(500);
  expect(result.duration).toBeLessThan(2000);
  expect(result.longest).toBeLessThanOrEqual(50);
  await expect.poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('__MW::progress')!).state.updateQueue.length)).toBe(0);
});
