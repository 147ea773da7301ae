/**
 * The providers beyond the local library, in the browser: the remote scraping server (an `api:` entry in the
 * proxy list), the user's own media server (Jellyfin stand-in) and the public-domain archive stand-in.
 */
import { LOCAL_JELLYFIN_API_KEY } from '../../services/src/jellyfin/index';
import { BROKEN_MOVIES, MOVIES_WITHOUT_STREAM } from '../../services/src/media/library';
import { openSettings, startPlayback } from '../support/player.page';
import { expect, test } from '../support/site.fixture';

const NOSFERATU = '/media/tmdb-movie-653-nosferatu';

async function setPreferences(page: import('@playwright/test').Page, hostUrl: string, patch: Record<string, unknown>) {
  await page.goto(`${hostUrl}/about`);
  await page.evaluate((p) => {
    const stored = JSON.parse(localStorage.getItem('__MW::preferences') ?? '{"state":{},"version":1}');
    localStorage.setItem('__MW::preferences', JSON.stringify({ state: { ...stored.state, ...p }, version: 1 }));
  }, patch);
}

test('with a remote scraping server configured, the sources are found there, not in the browser', async ({ page, site }) => {
  const scraper = site.services!.urls.scraper!;
  await page.route('**/config.json', async (route) => {
    const original = (await (await route.fetch()).json()) as Record<string, unknown>;
    await route.fulfill({ json: { ...original, proxyUrls: [`api:${scraper}`] } });
  });
  const requests: string[] = [];
  page.on('request', (r) => requests.push(r.url()));
  await page.goto(`${site.hostUrl}${NOSFERATU}`);
  await startPlayback(page, 0.5);
  expect(requests.some((u) => u.startsWith(`${scraper}/scrape?`))).toBe(true);
  // The browser itself never asked the media library's index.
  expect(requests.some((u) => u.startsWith(`${site.services!.urls.media}/index/`))).toBe(false);
});

test("the user's own media server plays first when it is set up", async ({ page, site }) => {
  await setPreferences(page, site.hostUrl, { mediaServerUrl: site.services!.urls.jellyfin, mediaServerApiKey: LOCAL_JELLYFIN_API_KEY });
  await page.goto(`${site.hostUrl}${NOSFERATU}`);
  await startPlayback(page, 0.5);
  await openSettings(page);
  await expect(page.getByTestId('menu-source')).toContainText('My media server');
});

test('public-domain films play from the archive', async ({ page, site }) => {
  await setPreferences(page, site.hostUrl, { enableSourceOrder: true, sourceOrder: ['archive'] });
  await page.goto(`${site.hostUrl}${NOSFERATU}`);
  await startPlayback(page, 0.5);
  await openSettings(page);
  await expect(page.getByTestId('menu-source')).toContainText('Public-domain films (archive)');
});

test('the media server set up in the settings is used by the player', async ({ page, site }) => {
  await page.goto(`${site.hostUrl}/settings`);
  await page.getByRole('textbox', { name: 'Server URL' }).fill(site.services!.urls.jellyfin!);
  await page.getByRole('textbox', { name: 'API key' }).fill(LOCAL_JELLYFIN_API_KEY);
  await page.getByTestId('save-bar').getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('save-bar')).toHaveCount(0);
  await page.goto(`${site.hostUrl}${NOSFERATU}`);
  await startPlayback(page, 0.5);
  await openSettings(page);
  await expect(page.getByTestId('menu-source')).toContainText('My media server');
});

test.describe('the same journeys through the remote scraping server', () => {
  test.beforeEach(async ({ page, site }) => {
    const scraper = site.services!.urls.scraper!;
    await page.route('**/config.json', async (route) => {
      const original = (await (await route.fetch()).json()) as Record<string, unknown>;
      await route.fulfill({ json: { ...original, proxyUrls: [`api:${scraper}`] } });
    });
  });

  test('a title whose first source is broken plays from the next one; the progress view shows each state', async ({ page, site }) => {
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { scrapeStates: string[] }).scrapeStates = seen;
      new MutationObserver(() =>
        document.querySelectorAll('[data-testid="scrape-item"]').forEach((el) => {
          const state = `${el.getAttribute('data-source')}:${el.getAttribute('data-status')}`;
          if (!seen.includes(state)) seen.push(state);
        }),
      ).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-status'] });
    });
    await page.goto(`${site.hostUrl}/media/tmdb-movie-${BROKEN_MOVIES.brokenThenWorking}`);
    await startPlayback(page, 0.5);
    const states = await page.evaluate(() => (window as unknown as { scrapeStates: string[] }).scrapeStates);
    // The broken first source is shown failing; the run went on and playback started (the winner's own
    // states can arrive in one batch from the server and be replaced by the player before they paint).
    expect(states).toEqual(expect.arrayContaining(['local-hls-mirror:failure']));
  });

  test('a title no source has ends on the not-found screen', async ({ page, site }) => {
    await page.goto(`${site.hostUrl}/media/tmdb-movie-${MOVIES_WITHOUT_STREAM.find((id) => id >= 900000)}`);
    await expect(page.getByTestId('scrape-not-found')).toBeVisible({ timeout: 20_000 });
  });
});
