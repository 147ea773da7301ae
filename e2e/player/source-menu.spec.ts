/**
 * The source menu (`/source`, `/source/embeds`, docs/behaviour.md#scraping-source-menu) against the local media library: a source's
 * embeds, a failed embed's error icon, a single embed scraped at once, the noEmbeds and noStream states,
 * the current source marked, a run left behind cancelled; then the same journeys through the remote scraping
 * server. In the browser only: the failed state, and the extension-disabled error.
 */
import type { Page } from '@playwright/test';
import { HOSTED_MOVIES, MIRRORED_MOVIES } from 'services/media-library';
import { withConfig } from '../support/config';
import { currentTime, installFakeExtension, menu, openSettings, startPlayback, video } from '../support/player.page';
import { expect, test } from '../support/site.fixture';

const NOSFERATU = '/media/tmdb-movie-653-nosferatu';
// Invented titles (public-domain films are also on the archive); none of them on the mirrors.
const invented = (ids: readonly number[]) => ids.find((id) => id >= 900000 && !MIRRORED_MOVIES.includes(id))!;
const FIRST_HOST_REMOVED = invented(HOSTED_MOVIES.firstHostRemoved);
const ONE_HOST = invented(HOSTED_MOVIES.oneHost);
const REMOVED_EVERYWHERE = invented(HOSTED_MOVIES.removedEverywhere);

const src = (page: Page) => video(page).evaluate((v: HTMLVideoElement) => v.currentSrc);

/** Where the page's scraping went: the remote server's endpoints, and the media library's index. */
function track(page: Page, urls: { scraper: string; media: string }) {
  const seen = { server: [] as string[], index: [] as string[] };
  page.on('request', (r) => {
    if (r.url().startsWith(`${urls.scraper}/scrape`)) seen.server.push(new URL(r.url()).pathname);
    if (r.url().startsWith(`${urls.media}/index/`)) seen.index.push(r.url());
  });
  return seen;
}

async function openSource(page: Page, sourceId: string): Promise<void> {
  await openSettings(page);
  await page.getByTestId('menu-source').click();
  await expect(menu(page)).toHaveAttribute('data-route', '/source');
  // The embeds page opens and runs the source; with a single embed it may close again at once.
  await page.getByTestId(`source-${sourceId}`).click();
}

async function expectCurrentSource(page: Page, sourceId: string): Promise<void> {
  await openSettings(page);
  await page.getByTestId('menu-source').click();
  await expect(page.getByTestId(`source-${sourceId}`)).toHaveAttribute('aria-pressed', 'true');
  await expect(menu(page).locator('[aria-pressed="true"]')).toHaveCount(1);
}

/**
 * The journeys, run in the browser and through the remote scraping server. `expectRoute(paths)` checks the
 * menu's runs went where they should: to the server's endpoints (and never to the library from the page), or
 * nowhere near the server.
 */
function journeys(remote: boolean) {
  let seen: ReturnType<typeof track>;
  test.beforeEach(async ({ page, site }) => {
    seen = track(page, { scraper: site.services!.urls.scraper!, media: site.services!.urls.media! });
  });
  const expectRoute = (paths: string[]) => {
    if (remote) {
      expect(seen.server).toEqual(expect.arrayContaining(paths));
      expect(seen.index).toEqual([]);
    } else {
      expect(seen.server).toEqual([]);
      expect(seen.index.length).toBeGreaterThan(0);
    }
  };

  test('switching source mid-playback keeps the time and marks the new source', async ({ page, site }) => {
    await page.goto(`${site.hostUrl}${NOSFERATU}`);
    await startPlayback(page, 3);
    await page.keyboard.press('k');
    const before = await currentTime(page);
    await openSettings(page);
    await page.getByTestId('menu-source').click();
    // The source that plays is marked: the local HLS in the browser; the server also runs the media-server
    // stand-in, which has the public-domain films and ranks first.
    await expect(page.getByTestId(remote ? 'source-media-server' : 'source-local-hls')).toHaveAttribute('aria-pressed', 'true');
    await expect(menu(page).locator('[aria-pressed="true"]')).toHaveCount(1);
    await page.getByTestId('source-local-mp4').click();
    await expect(menu(page)).toBeHidden({ timeout: 15_000 });
    await expect.poll(() => src(page)).toMatch(/\/clips\/meadow\/mp4\/\d+\.mp4$/);
    const after = await currentTime(page);
    expect(after).toBeGreaterThanOrEqual(before - 0.5);
    expect(after).toBeLessThan(before + 3);
    await expectCurrentSource(page, 'local-mp4');
    expectRoute(['/scrape', '/scrape/source']);
  });

  test('a failed embed shows the error icon and the menu stays; picking another embed plays it and closes the menu', async ({
    page,
    site,
  }) => {
    await page.goto(`${site.hostUrl}/media/tmdb-movie-${FIRST_HOST_REMOVED}`);
    await startPlayback(page, 0.5);
    const before = await src(page);
    await openSource(page, 'local-hosts');
    const embeds = page.getByTestId('embed-option');
    await expect(embeds).toHaveCount(2);
    await expect(page.getByTestId('embed-failed-icon')).toHaveCount(0);
    await embeds.nth(0).click();
    await expect(embeds.nth(0)).toHaveAttribute('data-status', 'failed', { timeout: 15_000 });
    await expect(embeds.nth(0).getByTestId('embed-failed-icon')).toBeVisible();
    await expect(embeds.nth(1).getByTestId('embed-failed-icon')).toHaveCount(0);
    await expect(menu(page)).toHaveAttribute('data-route', '/source/embeds');
    expect(await src(page)).toBe(before);
    await embeds.nth(1).click();
    await expect(menu(page)).toBeHidden({ timeout: 15_000 });
    await expect.poll(() => src(page)).toMatch(/\/mp4\/\d+\.mp4$/);
    expect(await src(page)).not.toBe(before);
    await expectCurrentSource(page, 'local-hosts');
    expectRoute(['/scrape/source', '/scrape/embed']);
  });

  test('a source with exactly one embed scrapes it at once and the menu closes', async ({ page, site }) => {
    await page.goto(`${site.hostUrl}/media/tmdb-movie-${ONE_HOST}`);
    await startPlayback(page, 0.5);
    const before = await src(page);
    await openSource(page, 'local-hosts');
    await expect(menu(page)).toBeHidden({ timeout: 15_000 });
    await expect.poll(() => src(page)).toMatch(/\/mp4\/\d+\.mp4$/);
    expect(await src(page)).not.toBe(before);
    await expectCurrentSource(page, 'local-hosts');
    expectRoute(['/scrape/source', '/scrape/embed']);
  });

  test('a source without embeds says noEmbeds, one without the title says noStream; the video goes on', async ({ page, site }) => {
    await page.goto(`${site.hostUrl}/media/tmdb-movie-${REMOVED_EVERYWHERE}`);
    await startPlayback(page, 0.5);
    const before = await src(page);
    await openSource(page, 'local-hosts');
    await expect(page.getByTestId('source-menu-error')).toHaveAttribute('data-kind', 'noEmbeds');
    await expect(page.getByTestId('source-menu-error')).toHaveText('This source found no embeds for this title.');
    await expect(page.getByTestId('embed-option')).toHaveCount(0);
    await menu(page).getByRole('button', { name: 'Back', exact: true }).click();
    await page.getByTestId('source-local-hls-mirror').click();
    await expect(page.getByTestId('source-menu-error')).toHaveAttribute('data-kind', 'noStream');
    await expect(page.getByTestId('source-menu-error')).toHaveText('This source has no stream for this title.');
    expect(await src(page)).toBe(before);
    await page.keyboard.press('Escape');
    await expectCurrentSource(page, 'local-hls');
    expectRoute(['/scrape/source']);
  });

  test('leaving the embeds page while its one embed is scraped cancels that run: its late result switches nothing', async ({
    page,
    site,
  }) => {
    // The embed's scrape is held until released: its page (in the browser), or the server's embed run.
    const held = remote ? `${site.services!.urls.scraper}/scrape/embed` : `${site.services!.urls.media}/embed/`;
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let arrived = false;
    await page.route(
      (url) => url.href.startsWith(held),
      async (route) => {
        arrived = true;
        await released;
        await route.continue().catch(() => undefined); // cancelled meanwhile
      },
    );
    const dropped: string[] = [];
    page.on('requestfailed', (r) => void (r.url().startsWith(held) && dropped.push(r.url())));
    await page.goto(`${site.hostUrl}/media/tmdb-movie-${ONE_HOST}`);
    await startPlayback(page, 0.5);
    await openSource(page, 'local-hosts');
    await expect(page.getByTestId('embed-option')).toHaveAttribute('data-status', 'loading');
    await expect.poll(() => arrived).toBe(true);
    // Back to the list, and another source: it plays.
    await menu(page).getByRole('button', { name: 'Back', exact: true }).click();
    await page.getByTestId('source-local-mp4').click();
    await expect(menu(page)).toBeHidden({ timeout: 15_000 });
    await expect.poll(() => src(page)).toMatch(/\/mp4\/\d+\.mp4$/);
    // Let through, whatever the left embed's run would answer changes nothing; that run was cancelled (its request dropped).
    release();
    await page.waitForTimeout(1000);
    await expectCurrentSource(page, 'local-mp4');
    expect(dropped).toHaveLength(1);
  });
}

test.describe('in the browser', () => {
  journeys(false);

  test('a source whose run fails says failed; the video goes on', async ({ page, site }) => {
    await page.goto(`${site.hostUrl}${NOSFERATU}`);
    await startPlayback(page, 0.5);
    const before = await src(page);
    // The library breaks down: its index answers 500.
    await page.route(`${site.services!.urls.media}/index/**`, (route) =>
      route.fulfill({ status: 500, headers: { 'Access-Control-Allow-Origin': '*' }, body: 'down' }),
    );
    await openSource(page, 'local-mp4');
    await expect(page.getByTestId('source-menu-error')).toHaveAttribute('data-kind', 'failed');
    await expect(page.getByTestId('source-menu-error')).toHaveText('Failed to scrape this source.');
    expect(await src(page)).toBe(before);
  });

  test('a source whose stream needs the extension, with the extension not allowed on this site, says the extension is disabled', async ({
    page,
    site,
  }) => {
    const received = await installFakeExtension(page, { allowed: false });
    // The library's MP4 copy on a host that does not let a page load it (no cors-allowed flag): only the extension could.
    await page.route(`${site.services!.urls.media}/index/**`, async (route) => {
      const response = await route.fetch();
      const entry = (await response.json()) as { sources: Array<{ id: string; stream?: { flags: string[] } }> };
      for (const source of entry.sources) if (source.id === 'local-mp4' && source.stream) source.stream.flags = [];
      await route.fulfill({ response, json: entry });
    });
    await page.goto(`${site.hostUrl}${NOSFERATU}`);
    await startPlayback(page, 0.5);
    const before = await src(page);
    await openSource(page, 'local-mp4');
    await expect(page.getByTestId('source-menu-error')).toHaveAttribute('data-kind', 'extensionDisabled');
    await expect(page.getByTestId('source-menu-error')).toHaveText('The extension is disabled.');
    expect(await src(page)).toBe(before);
    // The extension was asked (hello) and answered that it is not allowed here: nothing went through it.
    expect(new Set(await received())).toEqual(new Set(['hello']));
  });
});

test.describe('through the remote scraping server', () => {
  test.beforeEach(async ({ page, site }) => {
    const scraper = site.services!.urls.scraper!;
    await withConfig(page, { proxyUrls: [`api:${scraper}`] });
  });
  journeys(true);
});
