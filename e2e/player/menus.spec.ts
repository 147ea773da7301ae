/**
 * The settings router at 1280 px: every route reachable in the UI, its card measured against the
 * sizes of docs/behaviour.md#player-menus; and what the menus do: speed, theme, language, downloads, watch party.
 */
import type { Page } from '@playwright/test';
import { movieById } from 'services/catalog-data';
import { menu, menuSize, openSettings, startPlayback, videoProp } from '../support/player.page';
import { expect, test } from '../support/site.fixture';

const NOSFERATU = '/media/tmdb-movie-653-nosferatu'; // HLS with two audio languages and subtitles

/** The settings menu router's card sizes (docs/behaviour.md#player-menus): width x height in px. */
const SPEC_SIZES: Record<string, [number, number]> = {
  '/': [343, 470],
  '/quality': [343, 470],
  '/audio': [343, 431],
  '/captions': [343, 431],
  '/captionsOverlay': [343, 431],
  '/captions/source': [343, 431],
  '/captions/sourceOverlay': [343, 431],
  '/captions/opensubtitles': [343, 431],
  '/captions/opensubtitlesOverlay': [343, 431],
  '/captions/settings': [343, 450],
  '/captions/settingsOverlay': [343, 450],
  '/source': [343, 431],
  '/source/embeds': [343, 431],
  '/playback': [343, 215],
  '/theme': [343, 431],
  '/language': [343, 431],
  '/download': [343, 490],
  '/download/ios': [343, 440],
  '/download/android': [343, 440],
  '/download/pc': [343, 440],
};

const seen = new Set<string>();
async function expectCard(page: Page, route: string) {
  const [width, height] = SPEC_SIZES[route]!;
  await expect.poll(() => menuSize(page), { message: `card of ${route}`, timeout: 20_000 }).toEqual({ route, width, height });
  seen.add(route);
}
const back = (page: Page) => menu(page).getByRole('button', { name: 'Back', exact: true }).click();
const item = (page: Page, name: string) =>
  menu(page)
    .getByRole('button', { name: new RegExp(`^${name}`) })
    .click();

test.use({ viewport: { width: 1280, height: 800 } });

test('every settings route has the card size of the spec table; /playback sets the speed', async ({ page, site }) => {
  await page.goto(`${site.hostUrl}${NOSFERATU}`);
  await startPlayback(page, 0.2);
  await page.keyboard.press('k');
  await openSettings(page);
  await expectCard(page, '/');

  for (const [testId, route] of [
    ['menu-quality', '/quality'],
    ['menu-audio', '/audio'],
  ] as const) {
    await page.getByTestId(testId).click();
    await expectCard(page, route);
    await back(page);
    await expectCard(page, '/');
  }

  await page.getByTestId('menu-captions').click();
  await expectCard(page, '/captions');
  await page.getByTestId('caption-opensubtitles').click();
  await expectCard(page, '/captions/opensubtitles');
  await back(page);
  await page.getByTestId('caption-settings').click();
  await expectCard(page, '/captions/settings');
  await back(page);
  await expectCard(page, '/captions');
  await back(page);

  await page.getByTestId('menu-source').click();
  await expectCard(page, '/source');
  await page.getByTestId('source-local-embed').click(); // a source with two embeds: its embeds page stays open
  await expect(page.getByTestId('embed-option')).toHaveCount(2);
  await expectCard(page, '/source/embeds');
  await back(page);
  await expectCard(page, '/source');
  await back(page);

  // /playback sets the speed of the video.
  await item(page, 'Playback');
  await expectCard(page, '/playback');
  await page.getByTestId('speed-2').click();
  await expect.poll(() => videoProp(page, 'playbackRate')).toBe(2);
  await expect(page.getByTestId('speed-2')).toHaveAttribute('aria-pressed', 'true');
  await page.getByTestId('speed-0.25').click();
  await expect.poll(() => videoProp(page, 'playbackRate')).toBe(0.25);
  await back(page);
  await expect(menu(page).getByRole('button', { name: /^Playback/ })).toContainText('0.25x');

  for (const [name, route] of [
    ['Theme', '/theme'],
    ['Language', '/language'],
  ] as const) {
    await item(page, name);
    await expectCard(page, route);
    await back(page);
  }

  await page.getByTestId('menu-download').click();
  await expectCard(page, '/download');
  for (const [name, route] of [
    ['iOS', '/download/ios'],
    ['Android', '/download/android'],
    ['PC', '/download/pc'],
  ] as const) {
    await item(page, name);
    await expectCard(page, route);
    await back(page);
    await expectCard(page, '/download');
  }
  await menu(page).getByRole('button', { name: 'Close', exact: true }).click();
  await expect(menu(page)).toHaveCount(0);

  // The overlay variants, from the subtitles button; they lead back to /captionsOverlay.
  await page.mouse.move(400, 300);
  await page.getByRole('button', { name: 'Subtitles', exact: true }).click();
  await expectCard(page, '/captionsOverlay');
  await page.getByTestId('caption-opensubtitles').click();
  await expectCard(page, '/captions/opensubtitlesOverlay');
  await back(page);
  await expectCard(page, '/captionsOverlay');
  await page.getByTestId('caption-settings').click();
  await expectCard(page, '/captions/settingsOverlay');
  await back(page);
  await expectCard(page, '/captionsOverlay');

  // /captions/source(Overlay) have no menu item: they are reached through the overlay query parameter.
  for (const route of ['/captions/source', '/captions/sourceOverlay']) {
    await page.goto(`${site.hostUrl}${NOSFERATU}?r=settings${route}`);
    await expectCard(page, route);
  }
  expect([...seen].sort()).toEqual(Object.keys(SPEC_SIZES).sort());
});

test('/theme recolours the player and /language translates it', async ({ page, site }) => {
  await page.goto(`${site.hostUrl}${NOSFERATU}?r=settings/theme`);
  await expect(menu(page)).toHaveAttribute('data-route', '/theme', { timeout: 20_000 });
  await expect(menu(page)).toHaveCSS('background-color', 'rgb(26, 23, 38)'); // default surface #1a1726
  await menu(page).getByRole('button', { name: 'Teal' }).click();
  await expect(menu(page)).toHaveCSS('background-color', 'rgb(14, 34, 31)'); // teal surface #0e221f
  await expect(menu(page).getByRole('button', { name: 'Teal' })).toHaveAttribute('aria-pressed', 'true');

  await back(page);
  await item(page, 'Language');
  await menu(page).getByRole('button', { name: 'Deutsch' }).click();
  await expect(menu(page).getByRole('heading', { level: 2 })).toHaveText('Sprache');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByTestId('settings-button')).toHaveAccessibleName('Einstellungen');
  // Both are the user's settings: they hold after a reload.
  await page.goto(`${site.hostUrl}${NOSFERATU}?r=settings`);
  await expect(menu(page)).toHaveAttribute('data-route', '/', { timeout: 20_000 });
  await expect(menu(page).getByRole('heading', { level: 2 })).toHaveText('Einstellungen');
  await expect(menu(page)).toHaveCSS('background-color', 'rgb(14, 34, 31)');
});

test('downloads open the external HLS downloader with the playlist URL; watch party opens its page with the video URL', async ({
  page,
  site,
  context,
}) => {
  const playlist = `${site.services!.urls.media}/long/meadow/${movieById.get(653)!.runtime}/master.m3u8`;
  const downloader = `https://hls-downloader.example.invalid/?url=${encodeURIComponent(playlist)}`;
  const watchParty = `https://watchparty.example.invalid/?url=${encodeURIComponent(playlist)}`;
  // The external sites are stand-ins: answered here so that the new tabs load.
  await context.route(/^https:\/\/(hls-downloader|watchparty)\.example\.invalid\//, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<title>external</title>' }),
  );

  await page.goto(`${site.hostUrl}${NOSFERATU}`);
  await startPlayback(page, 0.2);
  await openSettings(page);
  const party = page.getByTestId('menu-watchparty');
  await expect(party).toHaveAttribute('href', watchParty);
  await expect(party).toHaveAttribute('target', '_blank');
  const partyTab = context.waitForEvent('page');
  await party.click();
  await expect.poll(async () => (await partyTab).url()).toBe(watchParty);
  await (await partyTab).close();

  await page.getByTestId('menu-download').click();
  const link = page.getByTestId('download-link');
  await expect(link).toHaveAttribute('href', downloader);
  const downloadTab = context.waitForEvent('page');
  await link.click();
  await expect.poll(async () => (await downloadTab).url()).toBe(downloader);
  await (await downloadTab).close();
  for (const [platform, text] of [
    ['iOS', 'Documents'],
    ['Android', 'download manager'],
    ['PC', 'Save video as'],
  ]) {
    await item(page, platform!);
    await expect(menu(page).getByRole('heading', { level: 2 })).toHaveText(platform!);
    await expect(menu(page).locator('p')).toContainText(text!);
    await back(page);
  }
});
