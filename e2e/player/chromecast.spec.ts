/**
 * Chromecast through the Cast framework (docs/behaviour.md#player-casting), against a stand-in of Google's sender script
 * served at its gstatic address (support/cast-sender.ts) with a simulated receiver: the Cast button
 * when a device is in reach; a session makes the receiver the player (the controls, the keys and the
 * seek bar drive and follow it); when it ends, the web player resumes at the receiver's time. A sender
 * script that fails is logged and leaves the player as it was. The speed carried to the receiver, and what
 * the engine hands over each way: remote-player/src/core/player/engine-cast.test.ts; which browsers load the
 * framework and when its button shows: core/cast/cast-state.test.ts; a script that reports no Cast API:
 * features/player/cast/load-sdk.test.ts.
 */
import type { ConsoleMessage, Page } from '@playwright/test';
import {
  addCastDevice,
  castOptions,
  castReceiver,
  castSaved,
  endCastFromReceiver,
  installCastSender,
  setCastPicker,
  CAST_SENDER_URL,
} from '../support/cast-sender';
import { movieById } from 'services/catalog-data';
import { currentTime, paused, showControls, startPlayback, videoProp } from '../support/player.page';
import { expect, test } from '../support/site.fixture';

const NOSFERATU = '/media/tmdb-movie-653-nosferatu';
/** Played at its full length by the media library: a receiver does not reach its end during a journey. */
const MOON = movieById.get(775)!;
/** The player's clock for a time under an hour (m:ss). */
const clock = (seconds: number) => `${Math.floor(seconds / 60)}:${String(Math.floor(seconds % 60)).padStart(2, '0')}`;

const seekBarValue = async (page: Page) => Number(await page.getByTestId('seek-bar').inputValue());
/** A click on the seek bar at a fraction of its width (as a person seeks). */
async function clickSeekBar(page: Page, fraction: number) {
  await showControls(page);
  const box = (await page.getByTestId('seek-bar').boundingBox())!;
  await page.mouse.click(box.x + box.width * fraction, box.y + box.height / 2);
}
const receiverTime = async (page: Page) => (await castReceiver(page))?.state.currentTime ?? Number.NaN;
const warnings = (page: Page) => {
  const lines: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() === 'warning' || message.type() === 'error') lines.push(message.text());
  });
  return lines;
};

// Sessions, receivers and reloads: a journey takes a while on a busy machine.
test.describe.configure({ timeout: 120_000 });

/** Starts a session from the player's Cast button and waits for the receiver to play. */
async function startCasting(page: Page, title = 'Nosferatu') {
  await showControls(page);
  await page.getByTestId('chromecast-button').click();
  await expect(page.getByTestId('casting-notice')).toHaveText('Casting to Living Room TV…');
  await expect.poll(async () => (await castReceiver(page))?.state.media?.title ?? null).toBe(title);
}

test('casting to a TV: the Cast button once a device is in reach; the session drives the receiver and the player follows it; stopping, or the receiver ending it paused, hands back at its time', async ({
  page,
  site,
  consoleErrors,
}) => {
  const { requests } = await installCastSender(page, { devices: [] });
  await page.goto(`${site.hostUrl}/media/tmdb-movie-${MOON.id}`);
  await startPlayback(page, 0.5);
  expect(requests).toEqual([CAST_SENDER_URL]);

  // No device in reach: no Cast button. One comes: the button shows; closing the device picker changes nothing.
  await showControls(page);
  await expect(page.getByTestId('settings-button')).toBeVisible();
  await expect(page.getByTestId('chromecast-button')).toHaveCount(0);
  await addCastDevice(page, 'Living Room TV');
  await showControls(page);
  await expect(page.getByTestId('chromecast-button')).toHaveAttribute('data-cast-state', 'NOT_CONNECTED');
  // One Cast button: the framework's replaces the Remote Playback one.
  await expect(page.getByTestId('cast-button')).toHaveCount(0);
  expect(await castOptions(page)).toEqual([{ receiverApplicationId: 'CC1AD845', autoJoinPolicy: 'origin_scoped' }]);
  await setCastPicker(page, 'cancel');
  await page.getByTestId('chromecast-button').click();
  const pickedAt = await currentTime(page);
  await expect.poll(() => currentTime(page)).toBeGreaterThan(pickedAt + 0.5);
  await expect(page.getByTestId('casting-notice')).toHaveCount(0);
  expect(await castReceiver(page)).toBeNull();
  await setCastPicker(page, 'first');

  // HLS plays through hls.js here (a blob: URL on the element): its playlist is what a receiver gets.
  const src = await videoProp(page, 'currentSrc');
  const hls = src.startsWith('blob:');
  const stream = hls
    ? await page.evaluate(() => performance.getEntriesByType('resource').find((entry) => /\.m3u8(\?|$)/.test(entry.name))?.name)
    : src;
  expect(stream).toBeTruthy();
  const localTime = await currentTime(page);
  await startCasting(page, MOON.title);
  const load = (await castReceiver(page))!.log[0]!;
  expect(load.type).toBe('load');
  const request = load.value as { contentId: string; contentType: string; currentTime: number; autoplay: boolean };
  // The same stream, from where the web player was, playing.
  expect(request.contentId).toBe(stream);
  expect(request.contentType).toBe(hls ? 'application/x-mpegurl' : 'video/mp4');
  expect(request.currentTime).toBeGreaterThanOrEqual(localTime - 0.1);
  expect(request.currentTime).toBeLessThan(localTime + 6); // the click's time on a slow machine
  expect(request.autoplay).toBe(true);
  expect((await castReceiver(page))!.state.media!.images[0]).toMatch(/^https?:\/\//);
  // The web player stopped; the seek bar and the clock follow the receiver.
  expect(await paused(page)).toBe(true);
  const castAt = await receiverTime(page);
  await expect.poll(() => seekBarValue(page)).toBeGreaterThan(castAt + 1);
  expect(Math.abs((await seekBarValue(page)) - (await receiverTime(page)))).toBeLessThan(1);
  await page.screenshot({ path: 'test-results/player-chromecast-1280.png' });

  // k pauses the receiver; the play button says Play, the clock stops.
  await page.keyboard.press('k');
  await expect.poll(async () => (await castReceiver(page))?.state.paused).toBe(true);
  await showControls(page);
  await expect(page.getByTestId('play-toggle')).toHaveAccessibleName('Play');
  const pausedAt = await receiverTime(page);
  const duration = Number(await page.getByTestId('seek-bar').getAttribute('max'));
  expect(duration).toBeCloseTo(MOON.runtime * 60, -1);
  await expect(page.getByTestId('time-display')).toHaveText(`${clock(pausedAt)} / ${clock(duration)}`);

  // Arrow keys seek it by 5 s, the seek bar to a time, and the seek bar shows it.
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => receiverTime(page)).toBeCloseTo(pausedAt + 5, 1);
  await expect.poll(() => seekBarValue(page)).toBeCloseTo(pausedAt + 5, 1);
  await clickSeekBar(page, 0.2);
  await expect.poll(() => receiverTime(page)).toBeGreaterThan(duration * 0.15);
  const seekedTo = await receiverTime(page);
  expect(seekedTo).toBeLessThan(duration * 0.25);
  expect(await seekBarValue(page)).toBeCloseTo(seekedTo, 1);
  await expect(page.getByTestId('time-display')).toHaveText(`${clock(seekedTo)} / ${clock(duration)}`);

  // Volume and mute from the keys: the receiver's volume. (The clicked seek bar has focus and keeps its
  // arrow keys; the player's shortcuts apply once focus is back on the player.)
  await page.getByTestId('seek-bar').blur();
  await page.keyboard.press('ArrowDown');
  await expect.poll(async () => (await castReceiver(page))?.state.volume).toBeLessThan(1);
  await expect(page.getByTestId('volume-indicator')).toBeVisible();
  // The volume slider shows the receiver's volume.
  await showControls(page);
  expect(Number(await page.getByRole('slider', { name: 'Volume' }).inputValue())).toBeCloseTo((await castReceiver(page))!.state.volume, 2);
  await page.keyboard.press('m');
  await expect.poll(async () => (await castReceiver(page))?.state.muted).toBe(true);
  await page.keyboard.press('m');
  await expect.poll(async () => (await castReceiver(page))?.state.muted).toBe(false);

  // The on-screen play button plays it again.
  await showControls(page);
  await page.getByTestId('play-toggle').click();
  await expect.poll(async () => (await castReceiver(page))?.state.paused).toBe(false);
  await expect.poll(() => receiverTime(page)).toBeGreaterThan(seekedTo + 0.5);
  const log = (await castReceiver(page))!.log.map((entry) => entry.type);
  expect(log.filter((type) => type !== 'seek')).toEqual(['load', 'pause', 'volume', 'mute', 'mute', 'play']);
  expect(log.filter((type) => type === 'seek').length).toBeGreaterThanOrEqual(2);

  // Stop casting: the web player loads the stream again at the receiver's time, playing.
  // Where the element starts playing again.
  await page.getByTestId('player-video').evaluate((v: HTMLVideoElement) => {
    const w = window as unknown as { playingAt: number[] };
    w.playingAt = [];
    v.addEventListener('playing', () => w.playingAt.push(v.currentTime));
  });
  await showControls(page);
  await page.getByRole('button', { name: 'Stop casting' }).click();
  await expect(page.getByTestId('casting-notice')).toBeHidden();
  const saved = (await castSaved(page))!;
  expect(saved.isPaused).toBe(false);
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { playingAt: number[] }).playingAt.length), { timeout: 15_000 })
    .toBeGreaterThan(0);
  const resumedAt = (await page.evaluate(() => (window as unknown as { playingAt: number[] }).playingAt))[0]!;
  expect(resumedAt).toBeGreaterThanOrEqual(saved.currentTime - 0.5);
  expect(resumedAt).toBeLessThan(saved.currentTime + 3); // the event comes late on a busy machine
  expect(await paused(page)).toBe(false);
  await expect.poll(() => currentTime(page)).toBeGreaterThan(resumedAt + 0.5);
  await showControls(page);
  await expect(page.getByTestId('chromecast-button')).toHaveAccessibleName('Cast');

  // The receiver ends a session while paused: the web player takes over there, paused.
  await startCasting(page, MOON.title);
  await page.keyboard.press('k');
  await expect.poll(async () => (await castReceiver(page))?.state.paused).toBe(true);
  const at = await receiverTime(page);
  await endCastFromReceiver(page);
  await expect(page.getByTestId('casting-notice')).toBeHidden();
  expect(await castSaved(page)).toEqual({ currentTime: at, isPaused: true });
  await expect.poll(() => currentTime(page)).toBeCloseTo(at, 0);
  expect(await paused(page)).toBe(true);
  await showControls(page);
  await expect(page.getByTestId('play-toggle')).toHaveAccessibleName('Play');
  expect(consoleErrors).toEqual([]);
});

test('a sender script that does not load: logged, no Cast button, the player plays on', async ({ page, site, consoleErrors }) => {
  const logged = warnings(page);
  const { requests } = await installCastSender(page, { mode: 'fail' });
  await page.goto(`${site.hostUrl}${NOSFERATU}`);
  await startPlayback(page, 0.5);
  await expect.poll(() => logged.some((line) => line.includes('Chromecast init failure'))).toBe(true);
  expect(requests).toEqual([CAST_SENDER_URL]);
  await showControls(page);
  await expect(page.getByTestId('settings-button')).toBeVisible();
  await expect(page.getByTestId('chromecast-button')).toHaveCount(0);
  const before = await currentTime(page);
  await expect.poll(() => currentTime(page)).toBeGreaterThan(before + 0.5);
  await page.keyboard.press('k');
  await expect.poll(() => paused(page)).toBe(true);
  expect(consoleErrors).toEqual([]);
});
