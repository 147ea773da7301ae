/**
 * Captions over the playing film, in a real browser: the cues of caption files and of the stream's own
 * HLS renditions shown over the video at the right time and in the chosen style; files that fail, time
 * out, are too large or hostile; captions a partner source gives (flagged OpenSubtitles, or readable only
 * through the browser extension, served by a stand-in remote scraping server: an `api:` entry in the
 * proxy list). The menus' own behaviour (switches, colours, a dropped file, the remembered choice) is the
 * component tests' (features/player/menus, core/captions).
 */
import type { Page } from '@playwright/test';
import { subtitleFixture } from 'fixtures';
import { withConfig } from '../support/config';
import {
  dropCaptionFile,
  fakeExtensionMessages,
  installFakeExtension,
  menu,
  openSettings,
  paused,
  player,
  setTime,
  startPlayback,
  video,
} from '../support/player.page';
import { startStandInScraper, type StandInScraper } from '../support/stand-in-scraper';
import { expect, test } from '../support/site.fixture';
import { seedSettings } from '../support/seed';

const NOSFERATU = '/media/tmdb-movie-653-nosferatu';
const fixture = subtitleFixture('srt/typical.srt');
const subtitles = (page: Page) => page.evaluate(() => JSON.parse(localStorage.getItem('__MW::subtitles')!).state);

async function openCaptions(page: Page) {
  await openSettings(page);
  await page.getByTestId('menu-captions').click();
  await expect(menu(page)).toHaveAttribute('data-route', '/captions');
}

/** Paused at `seconds`, the captions menu open. */
async function pausedAt(page: Page, seconds: number) {
  await startPlayback(page, 0.2);
  await page.keyboard.press('k');
  await expect.poll(() => paused(page)).toBe(true);
  await setTime(page, seconds);
  await openCaptions(page);
}

test('pick captions and style them: the language chosen last, a track, colour, delay, a file, hidden and shown, an HLS rendition', async ({
  page,
  site,
}) => {
  // What choosing Spanish on an earlier title left.
  await seedSettings(page, { subtitles: { enabled: true, lastSelectedLanguage: 'es', isOpenSubtitles: false } });
  await page.goto(`${site.hostUrl}${NOSFERATU}`);
  await pausedAt(page, 3);
  const cue = page.getByTestId('caption-cue');

  await test.step('a new title starts with the caption language chosen last', async () => {
    await expect(menu(page).getByRole('button', { name: 'Spanish', exact: true })).toHaveAttribute('aria-pressed', 'true');
    await expect(cue).toHaveText('Línea de subtítulo 2 (es)');
  });

  await test.step('a track chosen shows its cue; its colour and delay reach the cue over the video', async () => {
    await page.getByTestId('caption-meadow-en-vtt').click();
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
  });

  await test.step('a file uploaded is chosen and shows its cues', async () => {
    await menu(page).getByRole('button', { name: 'Back', exact: true }).click();
    await page.getByTestId('caption-upload').setInputFiles(fixture);
    await expect(page.getByTestId('caption-custom-caption')).toHaveAttribute('aria-pressed', 'true');
    await setTime(page, 0.5);
    await expect(cue).toHaveText('This is the first subtitle.');
  });

  await test.step('an HLS subtitle rendition: cues placed by its X-TIMESTAMP-MAP against the stream start', async () => {
    // The local library's renditions map LOCAL 0 to the video's first PTS (MPEGTS 133500, 1.48 s): the cue
    // of 2..4 s shows at 3 s, not shifted by those 1.48 s.
    await page.getByTestId('caption-hls-0').click();
    await expect(page.getByTestId('caption-hls-0')).toHaveAttribute('aria-pressed', 'true');
    for (const [time, text] of [
      [3, 'Subtitle line 2 (en)'],
      [1.7, 'Subtitle line 1 (en)'],
      [4.3, 'Subtitle line 3 (en)'],
    ] as const) {
      await setTime(page, time);
      await expect(cue).toHaveText(text);
    }
  });

  await test.step('?r=settings/captions/settings opens the settings with Hide subtitles; c and the menu switch show them again', async () => {
    await page.goto(`${site.hostUrl}${NOSFERATU}?r=settings/captions/settings`);
    await expect(menu(page)).toHaveAttribute('data-route', '/captions/settings', { timeout: 20_000 });
    const hide = page.getByRole('switch', { name: 'Hide subtitles' });
    await menu(page).getByRole('button', { name: 'Back', exact: true }).click();
    await page.getByTestId('caption-meadow-en-vtt').click();
    await setTime(page, 3);
    await expect(cue).toHaveText('Subtitle line 2 (en)');
    await page.getByTestId('caption-settings').click();
    await hide.click();
    await expect(hide).toHaveAttribute('aria-checked', 'true');
    await expect(page.getByTestId('captions-overlay')).toHaveCount(0);
    await expect.poll(async () => (await subtitles(page)).enabled).toBe(false);
    await page.keyboard.press('Escape');
    await expect(menu(page)).toBeHidden();
    await page.keyboard.press('c');
    await expect(cue).toHaveText('Subtitle line 2 (en)');
    await page.keyboard.press('c');
    await expect(cue).toHaveCount(0);
    await openSettings(page);
    const enable = menu(page).getByRole('switch', { name: 'Enable subtitles' });
    await enable.click();
    await expect(cue).toHaveText('Subtitle line 2 (en)');
    await expect(enable).toHaveAttribute('aria-checked', 'true');
  });
});

/** 140 KB: one cue of nested tags around its text, then an ordinary cue. */
const NESTED = `1\n00:00:00,000 --> 00:00:30,000\n${'<i><b><u>'.repeat(7000)}Deep inside${'</u></b></i>'.repeat(7000)}\n\n2\n00:00:30,000 --> 00:00:40,000\nAfter\n`;
/** Markup a caption file must never bring into the page. */
const HOSTILE = `1\n00:00:00,000 --> 00:01:00,000\n<img src=x onerror="window.__captionRan=1"><script>window.__captionRan=1</script><b>Only text</b>\n`;

test('caption files that fail, time out, are too large or hostile: the menu says so, the page stays whole and the film plays on', async ({
  page,
  site,
}) => {
  let failing = true;
  await page.route('**/meadow/*/subtitles/en.vtt', (route) => (failing ? route.fulfill({ status: 500, body: 'down' }) : route.fallback()));
  await page.route('**/s-es/**', () => {
    // never answered
  });
  await page.goto(`${site.hostUrl}${NOSFERATU}`);
  await startPlayback(page, 0.2);
  await openCaptions(page);
  const cue = page.getByTestId('caption-cue');
  const alert = menu(page).getByRole('alert');

  await test.step('a file that fails to load says "failed to get caption data"; playback goes on; choosing it again retries', async () => {
    await page.getByTestId('caption-meadow-en-vtt').click();
    await expect(alert).toHaveText('failed to get caption data');
    await expect(page.getByTestId('caption-off')).toHaveAttribute('aria-pressed', 'true');
    await expect(cue).toHaveCount(0);
    await expect(player(page)).toHaveAttribute('data-status', 'playing');
    const t = await video(page).evaluate((v: HTMLVideoElement) => v.currentTime);
    await expect.poll(() => video(page).evaluate((v: HTMLVideoElement) => v.currentTime)).toBeGreaterThan(t + 0.3);
    failing = false; // not cached as a failure
    await page.keyboard.press('k');
    await setTime(page, 3);
    await page.getByTestId('caption-meadow-en-vtt').click();
    await expect(cue).toHaveText('Subtitle line 2 (en)');
    await expect(alert).toHaveCount(0);
  });

  await test.step('an HLS subtitle rendition that does not answer in 5 s fails with the same message', async () => {
    const started = Date.now();
    await page.getByTestId('caption-hls-1').click();
    await expect(alert).toHaveText('failed to get caption data', { timeout: 9000 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(4500);
    await expect(player(page)).toHaveAttribute('data-status', 'playing');
  });

  await test.step('a file over the size limit is refused with a message; the chosen caption stays', async () => {
    await dropCaptionFile(page, 'small.srt', '1\n00:00:00,000 --> 00:01:00,000\nStill here\n');
    await expect(cue).toHaveText('Still here');
    const line = (i: number) =>
      `${i}\n00:00:${String(i % 60).padStart(2, '0')},000 --> 00:00:${String(i % 60).padStart(2, '0')},500\nLine ${i} of a file far too large\n`;
    const huge = Array.from({ length: 210_000 }, (_, i) => line(i)).join('\n');
    expect(huge.length).toBeGreaterThan(9_000_000);
    await dropCaptionFile(page, 'huge.srt', huge);
    await expect(alert).toContainText('This subtitle file is too large');
    await expect(cue).toHaveText('Still here');
  });

  await test.step('markup in a cue never becomes elements or runs; thousands of nested tags are cut to the limit', async () => {
    await dropCaptionFile(page, 'hostile.srt', HOSTILE);
    await expect(page.getByTestId('caption-custom-caption')).toHaveText('hostile.srt');
    await expect(cue).toContainText('Only text');
    expect(await cue.evaluate((el) => el.querySelectorAll('img, script').length)).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { __captionRan?: number }).__captionRan)).toBeUndefined();

    expect(NESTED.length).toBeGreaterThan(140_000);
    await dropCaptionFile(page, 'nested.srt', NESTED);
    await expect(page.getByTestId('caption-custom-caption')).toHaveText('nested.srt');
    await expect(cue).toHaveText('Deep inside');
    const depth = await cue.evaluate((element) => {
      let deepest = 0;
      const walk = (node: Element, d: number) => {
        deepest = Math.max(deepest, d);
        for (const child of node.children) walk(child, d + 1);
      };
      walk(element, 0);
      return deepest;
    });
    expect(depth).toBeLessThanOrEqual(8);
    await page.keyboard.press('k');
    const t = await video(page).evaluate((v: HTMLVideoElement) => v.currentTime);
    await expect.poll(() => video(page).evaluate((v: HTMLVideoElement) => v.currentTime)).toBeGreaterThan(t + 0.5);
  });
});

test.describe('captions a partner source gives', () => {
  const VTT = 'WEBVTT\n\n00:00:00.000 --> 00:00:02.000\nProtected line 1\n\n00:00:02.000 --> 00:00:04.000\nProtected line 2\n';
  let scraper: StandInScraper;
  let mediaUrl = '';
  const captionRequests: Array<{ origin: string | undefined }> = [];
  const caption = (id: string, language: string, opensubtitles: boolean) => ({
    id,
    language,
    type: 'vtt',
    url: `${mediaUrl}/subtitles/meadow/${language}.vtt`,
    needsProxy: false,
    ...(opensubtitles ? { opensubtitles: true } : {}),
  });

  test.beforeAll(async () => {
    scraper = await startStandInScraper(
      () => ({
        id: 'partner-hls',
        type: 'hls',
        playlist: `${mediaUrl}/clips/meadow/hls/master.m3u8`,
        flags: ['cors-allowed'],
        captions: [
          caption('stream-en', 'en', false),
          caption('os-fr', 'fr', true),
          // Served without Access-Control-Allow-Origin: a page cannot read it, the extension can.
          { id: 'protected-en', language: 'en', type: 'vtt', url: `${scraper.origin}/protected/en.vtt`, needsProxy: true },
        ],
      }),
      (url, req, res) => {
        if (url.pathname !== '/protected/en.vtt') return false;
        captionRequests.push({ origin: req.headers.origin });
        res.writeHead(200, { 'Content-Type': 'text/vtt' }).end(VTT);
        return true;
      },
    );
  });
  test.afterAll(() => scraper.close());

  test('flagged OpenSubtitles on their own page; needsProxy through the extension, or a message when it fails or is missing', async ({
    page,
    site,
    context,
  }) => {
    mediaUrl = site.services!.urls.media!;
    // Only what the source flags (no OpenSubtitles search: opensubtitles.spec.ts).
    const config = { proxyUrls: [`api:${scraper.origin}`], opensubtitlesApiKey: '' };
    await withConfig(page, config);
    await installFakeExtension(page, { requests: 'background' });
    await page.goto(`${site.hostUrl}${NOSFERATU}`);
    await pausedAt(page, 3);
    const cue = page.getByTestId('caption-cue');

    await test.step('a caption flagged OpenSubtitles is listed on its own page and chosen there; c brings it back', async () => {
      await expect(page.getByTestId('caption-stream-en')).toBeVisible();
      await expect(page.getByTestId('caption-os-fr')).toHaveCount(0);
      await expect(page.getByTestId('caption-opensubtitles')).toContainText('1');
      await page.getByTestId('caption-opensubtitles').click();
      await expect(menu(page)).toHaveAttribute('data-route', '/captions/opensubtitles');
      await page.getByTestId('caption-os-fr').click();
      await expect(page.getByTestId('caption-os-fr')).toHaveAttribute('aria-pressed', 'true');
      await expect(cue).toHaveText('Ligne de sous-titre 2 (fr)');
      await expect.poll(() => subtitles(page)).toMatchObject({ isOpenSubtitles: true, lastSelectedLanguage: 'fr' });
      await menu(page).getByRole('button', { name: 'Back', exact: true }).click();
      await expect(page.getByTestId('caption-opensubtitles')).toContainText('French');
      await page.keyboard.press('Escape');
      await page.keyboard.press('c');
      await expect(cue).toHaveCount(0);
      await page.keyboard.press('c');
      await expect(cue).toHaveText('Ligne de sous-titre 2 (fr)');
    });

    await test.step('a needsProxy caption comes through the extension (the page could not read it itself)', async () => {
      await openCaptions(page);
      await page.getByTestId('caption-protected-en').click();
      await expect(cue).toHaveText('Protected line 2');
      const seen = (await fakeExtensionMessages(page)) as Array<{ name: string; body: { url?: string } | null }>;
      expect(seen.filter((m) => m.name === 'makeRequest').map((m) => m.body?.url)).toContain(`${scraper.origin}/protected/en.vtt`);
      // Only the extension's background fetched it: no request from the page (which would carry its Origin).
      expect(captionRequests.length).toBeGreaterThan(0);
      expect(captionRequests.every((r) => r.origin === undefined)).toBe(true);
      // Off again, so that the next tabs of this browser (its storage) start without captions.
      await page.keyboard.press('Escape');
      await page.keyboard.press('c');
      await expect(cue).toHaveCount(0);
      await expect.poll(async () => (await subtitles(page)).enabled).toBe(false);
    });

    for (const [requests, message] of [
      ['refused', 'failed to get caption data from extension'],
      [null, 'failed to get caption data'],
    ] as const) {
      await test.step(`${requests ? 'an extension that fails the request' : 'without extension or proxy, tried directly'}: "${message}"`, async () => {
        const tab = await context.newPage();
        await withConfig(tab, config);
        if (requests) await installFakeExtension(tab, { requests });
        await tab.goto(`${site.hostUrl}${NOSFERATU}`);
        await pausedAt(tab, 3);
        await tab.getByTestId('caption-protected-en').click();
        await expect(menu(tab).getByRole('alert')).toHaveText(message);
        await expect(tab.getByTestId('caption-cue')).toHaveCount(0);
        await expect(player(tab)).toHaveAttribute('data-status', 'playing');
        await tab.close();
      });
    }
  });
});
