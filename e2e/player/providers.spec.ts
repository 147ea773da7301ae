/**
 * The providers beyond the local library, in the browser: the remote scraping server (an `api:` entry in the
 * proxy list), the user's own media server (Jellyfin stand-in) and the public-domain archive stand-in.
 */
import { LOCAL_JELLYFIN_API_KEY } from 'services/jellyfin';
import type { Preferences } from 'shared-contracts';
import { withConfig } from '../support/config';
import { openSettings, startPlayback } from '../support/player.page';
import { expect, test } from '../support/site.fixture';
import { editStores } from '../support/seed';

const NOSFERATU = '/media/tmdb-movie-653-nosferatu';

async function setPreferences(page: import('@playwright/test').Page, hostUrl: string, patch: Partial<Preferences>) {
  await page.goto(`${hostUrl}/about`);
  await editStores(page, ['preferences'], ({ preferences }) => Object.assign(preferences, patch));
}

test('with a remote scraping server configured, the sources are found there, not in the browser', async ({ page, site }) => {
  const scraper = site.services!.urls.scraper!;
  await withConfig(page, { proxyUrls: [`api:${scraper}`] });
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

// The progress-view and source-menu journeys through the remote scraping server: scraping-progress.spec.ts, source-menu.spec.ts.
