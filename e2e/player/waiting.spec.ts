/**
 * From the player remote loading, through the title's lookup, to the scraping view,
 * the person sees one calm wait: the player's dark backdrop with one spinner (faded in only when the
 * wait lasts) and no chain of loading texts; the words are there for screen readers. From the first
 * frame on, Back and the title (when this device knows it) are where the player has them. The first frame's
 * words in every language: host/src/core/app-shell.test.ts.
 */
import { player } from '../support/player.page';
import { expect, test } from '../support/site.fixture';
import { seedLists, seedSettings } from '../support/seed';

const NOSFERATU = '/media/tmdb-movie-653-nosferatu';
const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Sample {
  state: 'blank' | 'host-waiting' | 'player-waiting' | 'scraping' | 'other';
  text: string;
  backdrop: string;
  spinnerOpacity: number;
}

test('loading the player, finding the title and finding a stream read as one wait: one backdrop, one spinner, Back from the first frame, no loading text', async ({
  page,
  site,
}) => {
  // A slow network: the player remote's files and the catalog's answer for the title each take 700 ms.
  await page.route(`${site.remoteUrls.player}/**`, async (route) => {
    await delay(700);
    await route.fallback();
  });
  await page.route(
    (url) => /\/3\/movie\/653$/.test(url.pathname),
    async (route) => {
      await delay(700);
      await route.fallback();
    },
  );
  await page.addInitScript(() => {
    const samples: unknown[] = [];
    (window as unknown as { __samples: unknown[] }).__samples = samples;
    /** Text a sighted person can read: in a box larger than 2 px, not hidden, not transparent. */
    const visibleText = (root: Element) => {
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      const parts: string[] = [];
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent?.trim();
        const parent = node.parentElement;
        if (!text || !parent) continue;
        const rect = parent.getBoundingClientRect();
        const style = getComputedStyle(parent);
        if (rect.width <= 2 || rect.height <= 2 || style.visibility === 'hidden' || style.display === 'none' || Number(style.opacity) === 0)
          continue;
        parts.push(text);
      }
      return parts.join(' ');
    };
    const sample = () => {
      if (!document.body) return void setTimeout(sample, 40);
      const host = document.querySelector('[data-testid="player-waiting"]');
      const own = document.querySelector('[data-testid="watch-loading"]');
      // The wait ends at the scraping view, or at the player when the stream is found before a sample sees that view.
      const found =
        document.querySelector('[data-testid="scraping-view"]') ?? (own || host ? null : document.querySelector('[data-testid="player"]'));
      const state = found ? 'scraping' : own ? 'player-waiting' : host ? 'host-waiting' : visibleText(document.body) ? 'other' : 'blank';
      const screen = own ?? host;
      const spinner = screen?.querySelector(':scope > [aria-hidden="true"]');
      samples.push({
        state,
        text: visibleText(document.body),
        // The host's screen has its gradient on a layer of its own (index.html), the player's on itself.
        backdrop: screen
          ? getComputedStyle(screen).backgroundImage.replace(/^none$/, getComputedStyle(screen, '::after').backgroundImage)
          : '',
        spinnerOpacity: spinner ? Number(getComputedStyle(spinner).opacity) : 0,
      });
      if (!found) setTimeout(sample, 40);
    };
    sample();
  });

  await page.goto(`${site.hostUrl}${NOSFERATU}`);
  await expect(page.getByTestId('scraping-view').or(player(page).and(page.locator('[data-status="playing"]')))).toBeVisible({
    timeout: 20_000,
  });
  // The view can be on screen a moment before the sampler's next look (every 40 ms) records it.
  await page
    .waitForFunction(() => (window as unknown as { __samples: Sample[] }).__samples.at(-1)?.state === 'scraping', undefined, {
      timeout: 2000,
    })
    .catch(() => undefined); // the assertion below says what was seen instead
  const samples = await page.evaluate(() => (window as unknown as { __samples: Sample[] }).__samples);
  const before = samples.filter((s) => s.state !== 'scraping');
  const states = [...new Set(before.map((s) => s.state))];

  // Only the waiting screens (host's, then the player's), never another page or a loading text in between.
  expect(
    states.filter((s) => s !== 'blank'),
    JSON.stringify(before.filter((s) => s.state === 'other').map((s) => s.text)),
  ).toEqual(['host-waiting', 'player-waiting']);
  const waiting = before.filter((s) => s.state === 'host-waiting' || s.state === 'player-waiting');
  // From the first frame the page is not blank: Back, and no loading text in view.
  expect(before.findIndex((s) => s.state !== 'blank')).toBe(before.findIndex((s) => s.state === 'host-waiting'));
  // (On this slow network the host says, after a while, that the player is slow to arrive: that is no loading text.)
  expect(
    waiting.filter((s) => s.text !== 'Back' && !/^Back The player is taking longer than usual to arrive/.test(s.text)),
    'Back alone in view while waiting',
  ).toEqual([]);
  // One backdrop for both: the player's dark gradient.
  expect(new Set(waiting.map((s) => s.backdrop)).size).toBe(1);
  expect(waiting[0]!.backdrop).toContain('radial-gradient');
  // The spinner shows only once the wait has lasted: invisible in the first samples, visible later.
  expect(waiting[0]!.spinnerOpacity).toBe(0);
  expect(Math.max(...waiting.map((s) => s.spinnerOpacity))).toBeGreaterThan(0.9);
  // The wait ended where it should: the sampler saw the scraping view (or the player) and stopped.
  expect(samples.at(-1)!.state).toBe('scraping');
});

test.describe('at 390 px, in Arabic', () => {
  test.use({ viewport: { width: 390, height: 760 } });

  test("the watch page's first frame shows Back and the known title before any script of the app; while the player loads they stay, and Back returns", async ({
    page,
    site,
  }) => {
    const words = { back: 'رجوع', loading: 'جارٍ التحميل…' };
    await seedSettings(page, { language: 'ar' });
    await seedLists(page, {
      inProgress: [{ tmdbId: '653', title: 'Nosferatu', year: 1922, updatedAt: 1, watched: 30, duration: 5000 }],
      bookmarked: [{ tmdbId: '653', title: 'Nosferatu', year: 1922, updatedAt: 1 }],
    });
    await page.goto(`${site.hostUrl}/discover`);
    await expect(page.getByTestId('discover-page')).toBeVisible();
    const waiting = page.getByTestId('player-waiting');

    await test.step('before any script of the app: Back (to ?back=, never to another site) and the title, at the top', async () => {
      const abortApp = (route: import('@playwright/test').Route) => route.abort();
      await page.route(/\/main\.[0-9a-f]+\.js$/, abortApp);
      await page.goto(`${site.hostUrl}/media/tmdb-movie-653-nosferatu?back=%2Fdiscover`);
      await expect(waiting.getByRole('link', { name: words.back })).toHaveAttribute('href', '/discover');
      await expect(waiting.getByRole('heading', { name: 'Nosferatu' })).toBeVisible();
      await expect(waiting.getByRole('status')).toHaveText(words.loading);
      const back = (await waiting.getByRole('link', { name: words.back }).boundingBox())!;
      expect(back.y).toBeLessThan(60);
      expect(back.x + back.width <= 390).toBe(true);
      // A link from another site's ?back= leads home instead.
      await page.goto(`${site.hostUrl}/media/tmdb-movie-653-nosferatu?back=${encodeURIComponent('//evil.example/')}`);
      await expect(waiting.getByRole('link', { name: words.back })).toHaveAttribute('href', '/');
      await page.unroute(/\/main\.[0-9a-f]+\.js$/, abortApp);
    });

    await test.step('from the site, while the player loads and then looks the title up, Back and the title stay; Back returns', async () => {
      await page.goto(`${site.hostUrl}/discover`);
      await expect(page.getByTestId('discover-page')).toBeVisible();
      let release: () => void = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(`${site.remoteUrls.player}/**`, async (route) => {
        await held;
        await route.fallback();
      });
      // The title's look-up held too: the player's own waiting screen stays until the test has seen it.
      let answer: () => void = () => {};
      const looked = new Promise<void>((resolve) => (answer = resolve));
      await page.route(
        (url) => /\/3\/movie\/653$/.test(url.pathname),
        async (route) => {
          await looked;
          await route.fallback();
        },
      );
      await page.evaluate(() => {
        history.pushState(null, '', '/media/tmdb-movie-653-nosferatu?back=%2Fdiscover');
        dispatchEvent(new PopStateEvent('popstate'));
      });
      await expect(waiting.getByRole('heading', { name: 'Nosferatu' })).toBeVisible();
      await expect(waiting.getByRole('link', { name: words.back })).toBeVisible();
      // The player arrives: its own waiting and scraping screens keep Back in place.
      release();
      const top = page.getByTestId('watch-loading').getByTestId('waiting-top');
      await expect(top.getByRole('link', { name: words.back })).toBeVisible({ timeout: 20_000 });
      await expect(top.getByRole('heading', { name: 'Nosferatu' })).toBeVisible();
      // The words are there for screen readers: what the wait is for.
      await expect(page.getByTestId('watch-loading').getByRole('status')).toHaveText('جارٍ تحميل العنوان…');
      await expect(page.getByTestId('watch-loading')).toHaveCSS('background-image', /radial-gradient/);
      answer();
      await expect(page.getByTestId('scraping-view').or(player(page).and(page.locator('[data-status="playing"]')))).toBeVisible({
        timeout: 20_000,
      });
      await page.getByRole('link', { name: words.back }).first().click();
      await expect(page).toHaveURL(`${site.hostUrl}/discover`);
    });
  });
});
