/**
 * Captions beyond the stream's own list: a file dropped on the captions menu, and captions a source
 * flags as OpenSubtitles on their own menu page (/captions/opensubtitles(Overlay), 343x431, docs/behaviour.md#player-menus).
 * The local media library flags none, so a stand-in remote scraping server (an `api:` entry in the
 * proxy list) answers with a stream whose captions include one.
 */
import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { subtitleFixture } from 'fixtures';
import { withConfig } from '../support/config';
import { menu, openSettings, startPlayback, video } from '../support/player.page';
import { startStandInScraper, type StandInScraper } from '../support/stand-in-scraper';
import { expect, test } from '../support/site.fixture';
import { seedSettings } from '../support/seed';

const NOSFERATU = '/media/tmdb-movie-653-nosferatu';
const SRT = fs.readFileSync(subtitleFixture('srt/typical.srt'), 'utf8');

/** Drops a file on the captions menu the way a browser does (dragover, then drop with a DataTransfer). */
async function dropFile(page: Page, name: string, text: string) {
  await page.getByTestId('captions-drop').evaluate(
    (target, file) => {
      const data = new DataTransfer();
      data.items.add(new File([file.text], file.name));
      target.dispatchEvent(new DragEvent('dragover', { dataTransfer: data, bubbles: true, cancelable: true }));
      target.dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
    },
    { name, text },
  );
}

async function openCaptions(page: Page) {
  await openSettings(page);
  await page.getByTestId('menu-captions').click();
  await expect(menu(page)).toHaveAttribute('data-route', '/captions');
}

test('a subtitle file dropped on the captions menu is used; other files are ignored', async ({ page, site }) => {
  // Without an OpenSubtitles key only what the source flags is listed there (the search: opensubtitles.spec.ts).
  await withConfig(page, { opensubtitlesApiKey: '' });
  await page.goto(`${site.hostUrl}${NOSFERATU}`);
  await startPlayback(page, 0.2);
  await page.keyboard.press('k');
  await openCaptions(page);

  await dropFile(page, 'notes.txt', SRT);
  await dropFile(page, 'movie.srt.exe', SRT);
  await expect(page.getByTestId('caption-custom-caption')).toHaveCount(0);
  await expect(menu(page).getByRole('alert')).toHaveCount(0);
  await expect(page.getByTestId('caption-off')).toHaveAttribute('aria-pressed', 'true');

  await dropFile(page, 'typical.srt', SRT);
  await expect(page.getByTestId('caption-custom-caption')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('caption-custom-caption')).toHaveText('typical.srt');
  await video(page).evaluate((v: HTMLVideoElement) => (v.currentTime = 0.5));
  await expect(page.getByTestId('caption-cue')).toHaveText('This is the first subtitle.');

  // A title whose source flags no caption as OpenSubtitles: that page says so.
  await page.getByTestId('caption-opensubtitles').click();
  await expect(menu(page)).toHaveAttribute('data-route', '/captions/opensubtitles');
  await expect(page.getByTestId('opensubtitles-none')).toHaveText('No subtitles from OpenSubtitles for this video.');
});

test('a caption whose file fails to load says "failed to get caption data" in the menu; playback goes on, and choosing it again retries', async ({
  page,
  site,
}) => {
  let failing = true;
  await page.route('**/meadow/*/subtitles/en.vtt', (route) => (failing ? route.fulfill({ status: 500, body: 'down' }) : route.fallback()));
  await page.goto(`${site.hostUrl}${NOSFERATU}`);
  await startPlayback(page, 0.2);
  await openCaptions(page);

  await page.getByTestId('caption-meadow-en-vtt').click();
  await expect(menu(page).getByRole('alert')).toHaveText('failed to get caption data');
  await expect(page.getByTestId('caption-off')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('caption-cue')).toHaveCount(0);
  await expect(page.getByTestId('player')).toHaveAttribute('data-status', 'playing');
  const t = await video(page).evaluate((v: HTMLVideoElement) => v.currentTime);
  await expect.poll(() => video(page).evaluate((v: HTMLVideoElement) => v.currentTime)).toBeGreaterThan(t + 0.3);

  // Not cached as a failure: once the file answers, the same choice works.
  failing = false;
  await page.keyboard.press('k');
  await video(page).evaluate((v: HTMLVideoElement) => (v.currentTime = 3));
  await page.getByTestId('caption-meadow-en-vtt').click();
  await expect(page.getByTestId('caption-cue')).toHaveText('Subtitle line 2 (en)');
  await expect(menu(page).getByRole('alert')).toHaveCount(0);
});

test('an HLS subtitle rendition: cues placed by its X-TIMESTAMP-MAP against the stream start', async ({ page, site }) => {
  await page.goto(`${site.hostUrl}${NOSFERATU}`);
  await startPlayback(page, 0.2);
  await page.keyboard.press('k');
  await openCaptions(page);
  // The local library's renditions map LOCAL 0 to the video's first PTS (MPEGTS 133500, 1.48 s): the cue
  // of 2..4 s shows at 3 s, not shifted by those 1.48 s.
  await page.getByTestId('caption-hls-0').click();
  await expect(page.getByTestId('caption-hls-0')).toHaveAttribute('aria-pressed', 'true');
  for (const [time, text] of [
    [3, 'Subtitle line 2 (en)'],
    [1.7, 'Subtitle line 1 (en)'],
    [4.3, 'Subtitle line 3 (en)'],
  ] as const) {
    await video(page).evaluate((v: HTMLVideoElement, at) => (v.currentTime = at), time);
    await expect(page.getByTestId('caption-cue')).toHaveText(text);
  }
});

test("an HLS subtitle rendition that does not answer in 5 s fails with the menu's message", async ({ page, site }) => {
  await page.route('**/s-es/**', () => {
    // never answered
  });
  await page.goto(`${site.hostUrl}${NOSFERATU}`);
  await startPlayback(page, 0.2);
  await openCaptions(page);
  const started = Date.now();
  await page.getByTestId('caption-hls-1').click();
  await expect(menu(page).getByRole('alert')).toHaveText('failed to get caption data', { timeout: 9000 });
  expect(Date.now() - started).toBeGreaterThanOrEqual(4500);
  await expect(page.getByTestId('caption-off')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('player')).toHaveAttribute('data-status', 'playing');
});

test.describe('captions flagged OpenSubtitles', () => {
  let scraper: StandInScraper;
  let mediaUrl = '';
  const caption = (id: string, language: string, opensubtitles: boolean) => ({
    id,
    language,
    type: 'vtt',
    url: `${mediaUrl}/subtitles/meadow/${language}.vtt`,
    needsProxy: false,
    ...(opensubtitles ? { opensubtitles: true } : {}),
  });

  test.beforeAll(async () => {
    scraper = await startStandInScraper(() => ({
      id: 'partner-hls',
      type: 'hls',
      playlist: `${mediaUrl}/clips/meadow/hls/master.m3u8`,
      flags: ['cors-allowed'],
      captions: [caption('stream-en', 'en', false), caption('os-fr', 'fr', true)],
    }));
  });
  test.afterAll(() => scraper.close());

  test.beforeEach(async ({ page, site }) => {
    mediaUrl = site.services!.urls.media!;
    // Only what the source flags (no OpenSubtitles search: opensubtitles.spec.ts).
    await withConfig(page, { proxyUrls: [`api:${scraper.origin}`], opensubtitlesApiKey: '' });
  });

  test('are listed on their own page, from the settings and from the subtitles button, and chosen there', async ({ page, site }) => {
    await page.goto(`${site.hostUrl}${NOSFERATU}`);
    await startPlayback(page, 0.2);
    await page.keyboard.press('k');
    await video(page).evaluate((v: HTMLVideoElement) => (v.currentTime = 3));
    await openCaptions(page);
    await expect(page.getByTestId('caption-stream-en')).toBeVisible();
    await expect(page.getByTestId('caption-os-fr')).toHaveCount(0);
    await expect(page.getByTestId('caption-opensubtitles')).toContainText('1');
    await page.screenshot({ path: 'test-results/player-captions-menu-1280.png' });

    await page.getByTestId('caption-opensubtitles').click();
    await expect(menu(page)).toHaveAttribute('data-route', '/captions/opensubtitles');
    const box = (await menu(page).boundingBox())!;
    expect([Math.round(box.width), Math.round(box.height)]).toEqual([343, 431]);
    await page.getByTestId('caption-os-fr').click();
    await expect(page.getByTestId('caption-os-fr')).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByTestId('caption-cue')).toHaveText('Ligne de sous-titre 2 (fr)');
    await expect
      .poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('__MW::subtitles')!).state))
      .toMatchObject({ isOpenSubtitles: true, lastSelectedLanguage: 'fr' });
    await page.screenshot({ path: 'test-results/player-opensubtitles-1280.png' });
    await menu(page).getByRole('button', { name: 'Back', exact: true }).click();
    await expect(menu(page)).toHaveAttribute('data-route', '/captions');
    await expect(page.getByTestId('caption-opensubtitles')).toContainText('French');

    // Off and on again with c: the last choice (French, from OpenSubtitles) comes back.
    await page.keyboard.press('Escape');
    await page.keyboard.press('c');
    await expect(page.getByTestId('caption-cue')).toHaveCount(0);
    await page.keyboard.press('c');
    await expect(page.getByTestId('caption-cue')).toHaveText('Ligne de sous-titre 2 (fr)');

    // The overlay variant, from the subtitles button, goes back to /captionsOverlay.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.mouse.move(100, 300);
    await page.mouse.move(120, 320);
    await page.getByRole('button', { name: 'Subtitles', exact: true }).click();
    await expect(menu(page)).toHaveAttribute('data-route', '/captionsOverlay');
    await page.getByTestId('caption-opensubtitles').click();
    await expect(menu(page)).toHaveAttribute('data-route', '/captions/opensubtitlesOverlay');
    await expect(page.getByTestId('caption-os-fr')).toHaveAttribute('aria-pressed', 'true');
    await page.screenshot({ path: 'test-results/player-opensubtitles-390.png' });
    await menu(page).getByRole('button', { name: 'Back', exact: true }).click();
    await expect(menu(page)).toHaveAttribute('data-route', '/captionsOverlay');
  });
});

for (const enabled of [true, false]) {
  test(`a new title starts with the caption language chosen last${enabled ? '' : ', unless captions were turned off'}`, async ({
    page,
    site,
  }) => {
    // What choosing Spanish on an earlier title left (or turning captions off after it).
    await seedSettings(page, { subtitles: { enabled, lastSelectedLanguage: 'es', isOpenSubtitles: false } });
    await page.goto(`${site.hostUrl}${NOSFERATU}`);
    await startPlayback(page, 0.2);
    await video(page).evaluate((v: HTMLVideoElement) => v.pause());
    await openCaptions(page);
    if (enabled) {
      await expect(menu(page).getByRole('button', { name: 'Spanish', exact: true })).toHaveAttribute('aria-pressed', 'true');
      await video(page).evaluate((v: HTMLVideoElement) => (v.currentTime = 3));
      await expect(page.getByTestId('caption-cue')).toHaveText('Línea de subtítulo 2 (es)');
    } else {
      await expect(page.getByTestId('caption-off')).toHaveAttribute('aria-pressed', 'true');
      await expect(page.getByTestId('caption-cue')).toHaveCount(0);
    }
  });
}
