/**
 * Player controls against the local media library: keyboard shortcuts, captions (choice, upload,
 * styling, delay), the source menu mid-playback, next episode, and the /dev/video test player.
 */
import { subtitleFixture } from 'fixtures';
import { withConfig } from '../support/config';
import { currentTime, menu, openSettings, player, startPlayback, video } from '../support/player.page';
import { saveSettings } from '../support/settings.page';
import { expect, test } from '../support/site.fixture';
import { seedSettings } from '../support/seed';

const NOSFERATU = '/media/tmdb-movie-653-nosferatu';
const fixture = subtitleFixture('srt/typical.srt');
const paused = (page: import('@playwright/test').Page) => video(page).evaluate((v: HTMLVideoElement) => v.paused);

test('keyboard shortcuts drive playback, volume, speed, captions and delay', async ({ page, site }) => {
  await page.goto(`${site.hostUrl}${NOSFERATU}`);
  await startPlayback(page, 0.5);
  await page.keyboard.press(' ');
  await expect.poll(() => paused(page)).toBe(true);
  const t0 = await currentTime(page);
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => currentTime(page)).toBeCloseTo(t0 + 5, 0);
  await page.keyboard.press(',');
  await expect.poll(() => currentTime(page)).toBeCloseTo(t0 + 4, 0);
  await expect.poll(() => paused(page)).toBe(true); // seeking keeps a paused video paused
  await page.keyboard.press('ArrowDown');
  await expect(page.getByTestId('volume-indicator')).toBeVisible();
  await expect.poll(() => video(page).evaluate((v: HTMLVideoElement) => v.volume)).toBeCloseTo(0.85, 2);
  await page.keyboard.press('m');
  await expect.poll(() => video(page).evaluate((v: HTMLVideoElement) => v.muted)).toBe(true);
  await page.keyboard.press('>');
  await expect.poll(() => video(page).evaluate((v: HTMLVideoElement) => v.playbackRate)).toBe(1.5);
  await page.keyboard.press('c');
  await expect(page.getByTestId('captions-overlay')).toBeAttached();
  await page.keyboard.press(']');
  await expect(page.getByTestId('delay-indicator')).toHaveText('Subtitle delay: 0.5 s');
  await expect(page.getByTestId('delay-indicator')).toBeHidden({ timeout: 5000 });
  await page.keyboard.press('k');
  await expect.poll(() => paused(page)).toBe(false);
});

test('captions: choose a track, style it, delay it, upload a file', async ({ page, site }) => {
  await page.goto(`${site.hostUrl}${NOSFERATU}`);
  await startPlayback(page, 0.2);
  await page.keyboard.press('k');
  await video(page).evaluate((v: HTMLVideoElement) => (v.currentTime = 3));
  await openSettings(page);
  await page.getByTestId('menu-captions').click();
  await expect(menu(page)).toHaveAttribute('data-route', '/captions');
  await page.getByTestId('caption-meadow-en-vtt').click();
  const cue = page.getByTestId('caption-cue');
  await expect(cue).toHaveText('Subtitle line 2 (en)');

  await page.getByTestId('caption-settings').click();
  await expect(menu(page)).toHaveAttribute('data-route', '/captions/settings');
  await expect(page).toHaveURL(/[?&]r=settings%2Fcaptions%2Fsettings/);
  await page.getByTestId('caption-color-#80b1fa').click();
  await expect(cue).toHaveCSS('color', 'rgb(128, 177, 250)');
  await page.getByTestId('delay-slider').fill('2');
  await expect(page.getByTestId('delay-value')).toHaveText('2.0 s');
  await expect(cue).toHaveText('Subtitle line 1 (en)'); // 3 s with a 2 s delay shows the cue of 1 s
  await page.getByTestId('delay-slider').fill('0');

  await menu(page).getByRole('button', { name: 'Back', exact: true }).click();
  await page.getByTestId('caption-upload').setInputFiles(fixture);
  await video(page).evaluate((v: HTMLVideoElement) => (v.currentTime = 0.5));
  await expect(cue).toHaveText('This is the first subtitle.');
  await expect(page.getByTestId('caption-custom-caption')).toHaveAttribute('aria-pressed', 'true');
  await page.screenshot({ path: 'test-results/player-captions-1280.png' });
});

test('menu switches are drawn switches and the caption colours are a named radio group, by mouse and keyboard, in Arabic too', async ({
  page,
  site,
}) => {
  await page.goto(`${site.hostUrl}${NOSFERATU}`);
  await startPlayback(page, 0.2);
  await page.keyboard.press('k');
  await openSettings(page);
  const enable = menu(page).getByRole('switch', { name: 'Enable subtitles' });
  await expect(enable).toHaveAttribute('aria-checked', 'false');
  await expect(menu(page)).not.toContainText(/\b(ON|OFF)\b/);
  const track = enable.getByTestId('switch-track');
  const offColour = await track.evaluate((el) => getComputedStyle(el).backgroundColor);
  await enable.click();
  await expect(enable).toHaveAttribute('aria-checked', 'true');
  await expect.poll(() => track.evaluate((el) => getComputedStyle(el).backgroundColor)).not.toBe(offColour);

  await page.getByTestId('menu-captions').click();
  await page.getByTestId('caption-settings').click();
  const colours = menu(page).getByRole('radiogroup', { name: 'Colour' });
  await expect(colours.getByRole('radio')).toHaveText(['', '', '', '']);
  for (const name of ['White', 'Blue', 'Yellow', 'Green']) await expect(colours.getByRole('radio', { name })).toBeVisible();
  await colours.getByRole('radio', { name: 'Blue' }).click();
  await expect(colours.getByRole('radio', { name: 'Blue' })).toHaveAttribute('aria-checked', 'true');
  await page.keyboard.press('ArrowRight');
  await expect(colours.getByRole('radio', { name: 'Yellow' })).toBeFocused();
  await expect(colours.getByRole('radio', { name: 'Yellow' })).toHaveAttribute('aria-checked', 'true');
  await expect.poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('__MW::subtitles')!).state.styling.color)).toBe('#e2e535');
  const t0 = await currentTime(page);
  await page.keyboard.press('End');
  await expect(colours.getByRole('radio', { name: 'Green' })).toHaveAttribute('aria-checked', 'true');
  expect(await currentTime(page)).toBeCloseTo(t0, 1); // the arrows chose a colour, they did not seek
  await expect(colours.getByRole('radio', { checked: false })).toHaveCount(3);
  await expect(colours.locator('[tabindex="0"]')).toHaveCount(1);

  // Arabic: the same names translated; the row is mirrored, so ArrowLeft moves to the next colour.
  await page.goto(`${site.hostUrl}${NOSFERATU}?language=ar`);
  await startPlayback(page, 0.2);
  await page.keyboard.press('k');
  await openSettings(page);
  await page.getByTestId('menu-captions').click();
  await page.getByTestId('caption-settings').click();
  const arabic = menu(page).getByRole('radiogroup');
  await arabic.getByRole('radio', { name: 'أبيض' }).click();
  await page.keyboard.press('ArrowLeft');
  await expect(arabic.getByRole('radio', { name: 'أزرق' })).toHaveAttribute('aria-checked', 'true');
});

test('the source menu switches source mid-playback and keeps the time', async ({ page, site }) => {
  await page.goto(`${site.hostUrl}${NOSFERATU}`);
  await startPlayback(page, 3);
  await page.keyboard.press('k');
  const before = await currentTime(page);
  await openSettings(page);
  await page.getByTestId('menu-source').click();
  await expect(page.getByTestId('source-local-hls')).toHaveAttribute('aria-pressed', 'true');
  await page.getByTestId('source-local-mp4').click();
  await expect(menu(page)).toBeHidden({ timeout: 15_000 });
  await expect.poll(() => video(page).evaluate((v: HTMLVideoElement) => v.currentSrc)).toContain('.mp4');
  await expect.poll(() => currentTime(page)).toBeGreaterThanOrEqual(before - 0.5);
  await openSettings(page);
  await page.getByTestId('menu-source').click();
  await expect(page.getByTestId('source-local-mp4')).toHaveAttribute('aria-pressed', 'true');
});

test("the source menu lists a source's embeds; picking one plays it; a source without the title says so", async ({ page, site }) => {
  await page.goto(`${site.hostUrl}${NOSFERATU}`);
  await startPlayback(page, 1);
  await openSettings(page);
  await page.getByTestId('menu-source').click();
  await page.getByTestId('source-local-mp4-sd').click();
  await expect(page.getByTestId('source-menu-error')).toHaveAttribute('data-kind', 'noStream');
  await menu(page).getByRole('button', { name: 'Back', exact: true }).click();
  await page.getByTestId('source-local-embed').click();
  await expect(page.getByTestId('embed-option')).toHaveCount(2);
  const before = await video(page).evaluate((v: HTMLVideoElement) => v.currentSrc);
  await page.getByTestId('embed-option').nth(1).click();
  await expect(menu(page)).toBeHidden({ timeout: 15_000 });
  await expect.poll(() => video(page).evaluate((v: HTMLVideoElement) => v.currentSrc)).not.toBe(before);
  await openSettings(page);
  await page.getByTestId('menu-source').click();
  await expect(page.getByTestId('source-local-embed')).toHaveAttribute('aria-pressed', 'true');
});

test('seek bar preview: time, and a thumbnail when enabled in preferences', async ({ page, site }) => {
  await seedSettings(page, { preferences: { enableThumbnails: true } });
  await page.goto(`${site.hostUrl}${NOSFERATU}`);
  await startPlayback(page, 0.3);
  await page.keyboard.press('k');
  const bar = page.getByTestId('seek-bar');
  await page.mouse.move(300, 300);
  const box = (await bar.boundingBox())!;
  await expect(async () => {
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await expect(page.getByTestId('seek-thumbnail')).toBeVisible({ timeout: 500 });
  }).toPass({ timeout: 15_000 });
  await expect(page.getByTestId('seek-preview')).toContainText('0:47:00'); // the middle of Nosferatu's 94 minutes
});

test('the offline banner shows over the player and can be dismissed', async ({ page, site, context }) => {
  await page.goto(`${site.hostUrl}${NOSFERATU}`);
  await startPlayback(page, 0.3);
  await context.setOffline(true);
  const banner = page.getByTestId('offline-banner');
  await expect(banner).toHaveText(/Check your internet connection/);
  await banner.getByRole('button', { name: 'Dismiss' }).click();
  await expect(banner).toBeHidden();
  await context.setOffline(false);
});

test('downloads=false and watchparty=false hide those menu items; download links the HLS downloader', async ({ page, site }) => {
  await page.goto(`${site.hostUrl}${NOSFERATU}`);
  await startPlayback(page, 0.2);
  await openSettings(page);
  await page.getByTestId('menu-download').click();
  await expect(page.getByTestId('download-link')).toHaveAttribute('href', /\?url=http.*master\.m3u8/);
  await page.goto(`${site.hostUrl}${NOSFERATU}?downloads=false&watchparty=false`);
  await startPlayback(page, 0.2);
  await openSettings(page);
  await expect(page.getByTestId('menu-quality')).toBeVisible();
  await expect(page.getByTestId('menu-download')).toHaveCount(0);
  await expect(page.getByTestId('menu-watchparty')).toHaveCount(0);
});

async function allowFebboxKey(page: import('@playwright/test').Page) {
  await withConfig(page, { allowFebboxKey: true });
}

test('Skip Intro (skips service; allowFebboxKey and a febbox token set in Settings) jumps past the intro', async ({ page, site }) => {
  await allowFebboxKey(page);
  await page.goto(`${site.hostUrl}/settings#settings-connections`);
  const token = page.getByLabel('Token', { exact: true });
  await expect(page.getByRole('heading', { name: 'Febbox token' })).toBeVisible();
  await token.fill('my-febbox-token');
  await saveSettings(page);
  await expect
    .poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('__MW::preferences')!).state.febboxKey))
    .toBe('my-febbox-token');

  const skipsRequests: string[] = [];
  page.on('request', (r) => r.url().startsWith(site.services!.urls.skips!) && skipsRequests.push(r.url()));
  await page.goto(`${site.hostUrl}/media/tmdb-tv-910001`);
  await startPlayback(page, 0.2);
  const skip = page.getByTestId('skip-intro');
  await expect(skip).toBeVisible();
  expect(skipsRequests.join()).not.toContain('my-febbox-token'); // the token stays on this device
  await skip.click();
  await expect.poll(() => currentTime(page)).toBeGreaterThanOrEqual(5);
  await expect(skip).toBeHidden();
});

test('without a febbox token, no skip lookup is made', async ({ page, site }) => {
  await allowFebboxKey(page);
  const skipsRequests: string[] = [];
  page.on('request', (r) => r.url().startsWith(site.services!.urls.skips!) && skipsRequests.push(r.url()));
  await page.goto(`${site.hostUrl}/media/tmdb-tv-910001`);
  await startPlayback(page, 0.2);
  await page.waitForTimeout(500);
  expect(skipsRequests).toEqual([]);
  await expect(page.getByTestId('skip-intro')).toHaveCount(0);
});

test('?r=settings/captions/settings opens the caption settings with a hide toggle that hides and shows the cues', async ({
  page,
  site,
}) => {
  await page.goto(`${site.hostUrl}${NOSFERATU}?r=settings/captions/settings`);
  await expect(menu(page)).toHaveAttribute('data-route', '/captions/settings', { timeout: 20_000 });
  const hide = page.getByRole('switch', { name: 'Hide subtitles' });
  await expect(hide).toBeVisible();

  // Choose English at 3 s (paused: the time stays where it is put).
  await menu(page).getByRole('button', { name: 'Back', exact: true }).click();
  await page.getByTestId('caption-meadow-en-vtt').click();
  await video(page).evaluate((v: HTMLVideoElement) => (v.currentTime = 3));
  const cue = page.getByTestId('caption-cue');
  await expect(cue).toHaveText('Subtitle line 2 (en)');

  await page.getByTestId('caption-settings').click();
  await expect(hide).toHaveAttribute('aria-checked', 'false');
  await hide.click();
  await expect(hide).toHaveAttribute('aria-checked', 'true');
  await expect(cue).toHaveCount(0);
  await expect(page.getByTestId('captions-overlay')).toHaveCount(0);
  await expect.poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('__MW::subtitles')!).state.enabled)).toBe(false);
  await hide.click();
  await expect(hide).toHaveAttribute('aria-checked', 'false');
  await expect(cue).toHaveText('Subtitle line 2 (en)');

  // Hidden again, then c (the captions shortcut) shows the same caption again rather than turning another on.
  await hide.click();
  await expect(cue).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(menu(page)).toBeHidden();
  await page.keyboard.press('c');
  await expect(cue).toHaveText('Subtitle line 2 (en)');
  await expect.poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('__MW::subtitles')!).state.enabled)).toBe(true);
  // And c once more turns them off; the main menu's subtitle switch reads off while they are hidden.
  await page.keyboard.press('c');
  await expect(cue).toHaveCount(0);
  await openSettings(page);
  const enable = menu(page).getByRole('switch', { name: 'Enable subtitles' });
  await expect(enable).toHaveAttribute('aria-checked', 'false');
  await enable.click();
  await expect(cue).toHaveText('Subtitle line 2 (en)');
  await expect(enable).toHaveAttribute('aria-checked', 'true');
});

test('next episode of a show', async ({ page, site }) => {
  await page.goto(`${site.hostUrl}/media/tmdb-tv-910001`);
  await expect(page).toHaveURL(/\/media\/tmdb-tv-910001[^/]*\/\d+\/\d+/);
  await startPlayback(page, 0.2);
  await expect(page).toHaveTitle(/S1 E1/);
  const first = page.url();
  await page.mouse.move(300, 300);
  await page.mouse.move(320, 320);
  await page.getByRole('button', { name: 'Next episode' }).first().click();
  await expect(page).not.toHaveURL(first);
  await expect(page).toHaveTitle(/S1 E2/);
  await expect(player(page)).toHaveAttribute('data-status', 'playing', { timeout: 20_000 });
});

test('skip credits: at 99% the next episode starts (preference on by default)', async ({ page, site }) => {
  await page.goto(`${site.hostUrl}/media/tmdb-tv-910001`);
  await startPlayback(page, 0.2);
  await expect(page).toHaveTitle(/S1 E1/);
  await video(page).evaluate((v: HTMLVideoElement) => (v.currentTime = v.duration * 0.99));
  await expect(page).toHaveTitle(/S1 E2/, { timeout: 10_000 });
  await expect(player(page)).toHaveAttribute('data-status', 'playing', { timeout: 20_000 });
  await expect.poll(() => paused(page), { timeout: 10_000 }).toBe(false); // autoplay carries on into the next episode
});

test('/dev/video plays the HLS and MP4 presets', async ({ page, site }) => {
  await page.goto(`${site.hostUrl}/dev/video`);
  await page.getByRole('button', { name: 'Test HLS' }).click();
  await expect.poll(() => currentTime(page), { timeout: 15_000 }).toBeGreaterThan(1);
  await page.getByRole('button', { name: 'Test MP4' }).click();
  await expect.poll(() => video(page).evaluate((v: HTMLVideoElement) => v.currentSrc)).toContain('.mp4');
  await expect.poll(() => currentTime(page), { timeout: 15_000 }).toBeGreaterThan(1);
  // An MP4 has no audio tracks to choose: the settings menu has no audio item (HLS with two has one: watch.spec).
  await openSettings(page);
  await expect(page.getByTestId('menu-quality')).toBeVisible();
  await expect(page.getByTestId('menu-audio')).toHaveCount(0);
});
