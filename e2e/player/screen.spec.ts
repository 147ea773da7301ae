/**
 * The player screen against the local media library: time display, fullscreen, Picture-in-Picture,
 * indicators, touch, and the casting-active notice (Remote Playback API connection events).
 */
import type { Page } from '@playwright/test';
import { currentTime, player, startPlayback, video } from '../support/player.page';
import { expect, test } from '../support/site.fixture';

const NOSFERATU = '/media/tmdb-movie-653-nosferatu';
const paused = (page: Page) => video(page).evaluate((v: HTMLVideoElement) => v.paused);
const showControls = async (page: Page) => {
  await page.mouse.move(400, 300);
  await page.mouse.move(420, 320);
};

test('the time display toggles between elapsed and remaining time', async ({ page, site }) => {
  await page.goto(`${site.hostUrl}${NOSFERATU}`);
  await startPlayback(page, 0.5);
  await page.keyboard.press('k');
  await video(page).evaluate((v: HTMLVideoElement) => (v.currentTime = 5));
  await showControls(page);
  const time = page.getByTestId('time-display');
  await expect(time).toHaveText('0:00:05 / 1:34:00');
  await time.click();
  await expect(time).toHaveText('-1:33:55 / 1:34:00');
  await time.click();
  await expect(time).toHaveText('0:00:05 / 1:34:00');
});

test('fullscreen with f and with a double click, and back', async ({ page, site }) => {
  await page.goto(`${site.hostUrl}${NOSFERATU}`);
  await startPlayback(page, 0.3);
  const fullscreen = () => page.evaluate(() => document.fullscreenElement?.getAttribute('data-testid') ?? null);
  await page.keyboard.press('f');
  await expect.poll(fullscreen).toBe('player');
  await expect(player(page)).toHaveAttribute('data-fullscreen', 'true');
  await page.keyboard.press('f');
  await expect.poll(fullscreen).toBeNull();
  await video(page).dblclick();
  await expect.poll(fullscreen).toBe('player');
  await video(page).dblclick();
  await expect.poll(fullscreen).toBeNull();
  await expect(player(page)).toHaveAttribute('data-fullscreen', 'false');
});

test('Picture-in-Picture from its button, and back', async ({ page, site }) => {
  await page.goto(`${site.hostUrl}${NOSFERATU}`);
  await startPlayback(page, 0.3);
  const pip = () => page.evaluate(() => document.pictureInPictureElement?.getAttribute('data-testid') ?? null);
  await showControls(page);
  await page.getByRole('button', { name: 'Picture-in-Picture' }).click();
  await expect.poll(pip).toBe('player-video');
  await showControls(page);
  await page.getByRole('button', { name: 'Picture-in-Picture' }).click();
  await expect.poll(pip).toBeNull();
});

test('Picture-in-Picture refused by the browser: a message, and playback goes on', async ({ page, site }) => {
  await page.goto(`${site.hostUrl}${NOSFERATU}`);
  await startPlayback(page, 0.3);
  // The browser refuses PiP for a video that disables it (InvalidStateError): the real refusal path.
  await video(page).evaluate((v: HTMLVideoElement) => (v.disablePictureInPicture = true));
  await showControls(page);
  await page.getByRole('button', { name: 'Picture-in-Picture' }).click();
  const notice = page.getByTestId('player-notice');
  await expect(notice).toHaveText('This browser did not allow Picture-in-Picture here.');
  expect(await page.evaluate(() => document.pictureInPictureElement)).toBeNull();
  expect(await paused(page)).toBe(false);
  await expect(notice).toBeHidden({ timeout: 6000 });
});

test('the volume and subtitle-delay indicators show on a key press and hide by themselves', async ({ page, site }) => {
  await page.goto(`${site.hostUrl}${NOSFERATU}`);
  await startPlayback(page, 0.3);
  await page.keyboard.press('ArrowDown');
  const volume = page.getByTestId('volume-indicator');
  await expect(volume).toBeVisible();
  await expect(volume).toBeHidden({ timeout: 6000 });
  await page.keyboard.press('[');
  const delay = page.getByTestId('delay-indicator');
  await expect(delay).toHaveText('Subtitle delay: -0.5 s');
  await expect(delay).toBeHidden({ timeout: 6000 });
});

test.describe('on a touch screen', () => {
  test.use({ hasTouch: true, viewport: { width: 390, height: 844 }, isMobile: true });

  test('a first tap shows the controls, a second hides them; taps do not pause', async ({ page, site }) => {
    await page.goto(`${site.hostUrl}${NOSFERATU}`);
    await expect(player(page)).toHaveAttribute('data-status', 'playing', { timeout: 20_000 });
    await page.getByTestId('big-play').tap();
    await expect.poll(() => currentTime(page), { timeout: 15_000 }).toBeGreaterThan(0.3);
    const controls = page.getByTestId('controls');
    await expect(controls).toHaveCSS('opacity', '0');
    // Taps on either half of the picture: two quick taps on one half are a double tap (a seek).
    await video(page).tap({ position: { x: 80, y: 200 } });
    await expect(controls).toHaveCSS('opacity', '1');
    expect(await paused(page)).toBe(false);
    await video(page).tap({ position: { x: 300, y: 200 } });
    await expect(controls).toHaveCSS('opacity', '0');
    expect(await paused(page)).toBe(false);
    // A tap on a control uses it and keeps the controls up.
    await video(page).tap({ position: { x: 80, y: 200 } });
    await page.getByTestId('play-toggle').tap();
    await expect.poll(() => paused(page)).toBe(true);
    await expect(controls).toHaveCSS('opacity', '1');
  });
});

test('a cast connection shows the casting notice and reloads the source at the current time, both ways', async ({ page, site }) => {
  await page.goto(`${site.hostUrl}${NOSFERATU}`);
  await startPlayback(page, 1.5);
  const state = () => video(page).evaluate((v: HTMLVideoElement) => ({ src: v.currentSrc, time: v.currentTime, paused: v.paused }));
  const cast = (type: 'connecting' | 'connect' | 'disconnect') =>
    video(page).evaluate(
      (v: HTMLVideoElement, t) => (v as HTMLVideoElement & { remote: RemotePlayback }).remote.dispatchEvent(new Event(t)),
      type,
    );

  // Where each (re)load starts playing.
  await video(page).evaluate((v: HTMLVideoElement) => {
    const w = window as unknown as { playingAt: number[] };
    w.playingAt = [];
    v.addEventListener('playing', () => w.playingAt.push(v.currentTime));
  });
  const playingAt = () => page.evaluate(() => (window as unknown as { playingAt: number[] }).playingAt);

  const before = await state();
  await cast('connecting');
  await expect(page.getByTestId('casting-notice')).toHaveCount(0);
  await cast('connect');
  const notice = page.getByTestId('casting-notice');
  await expect(notice).toHaveText('Casting to device…');
  // Loaded again (a new source on the element), from where it was, still playing.
  await expect.poll(async () => (await state()).src).not.toBe(before.src);
  await expect.poll(async () => (await playingAt()).length, { timeout: 10_000 }).toBeGreaterThan(0);
  expect((await playingAt())[0]).toBeGreaterThanOrEqual(before.time - 0.5);
  expect((await state()).paused).toBe(false);
  await showControls(page);
  await expect(page.getByTestId('cast-button')).toBeVisible();
  await page.screenshot({ path: 'test-results/player-casting-1280.png' });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: 'test-results/player-casting-390.png' });

  // A stall while casting adds a 'playing' of its own: the reload's is the first after the disconnect.
  const connected = await state();
  const seen = (await playingAt()).length;
  await cast('disconnect');
  await expect(notice).toBeHidden();
  await expect.poll(async () => (await state()).src).not.toBe(connected.src);
  await expect.poll(async () => (await playingAt()).length, { timeout: 10_000 }).toBeGreaterThan(seen);
  expect((await playingAt())[seen]).toBeGreaterThanOrEqual(connected.time - 0.5);
});
