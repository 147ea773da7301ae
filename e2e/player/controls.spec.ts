/**
 * Watching a film with the controls, in a real browser against the local media library: what only the
 * browser does (real HLS levels, the element's volume and speed, fullscreen, Picture-in-Picture, the
 * thumbnails cut from the video, the layout at 1280 px, a source reloaded mid-playback, a cast
 * connection). What the controls do with each key and press is the component tests' (features/player).
 */
import { qualityFromHeight } from 'remote-player/quality';
import {
  controlBoxes,
  currentTime,
  menu,
  openSettings,
  overlappingControls,
  paused,
  player,
  showControls,
  sideways,
  startPlayback,
  video,
  videoProp,
} from '../support/player.page';
import { expect, test } from '../support/site.fixture';
import { seedSettings } from '../support/seed';

const NOSFERATU = '/media/tmdb-movie-653-nosferatu'; // the Meadow ladder (240p, 360p, 720p, 4K), two audio languages
const fullscreen = (page: import('@playwright/test').Page) =>
  page.evaluate(() => document.fullscreenElement?.getAttribute('data-testid') ?? null);
const styleRules = (page: import('@playwright/test').Page) =>
  page.evaluate(() => [...document.styleSheets].flatMap((sheet) => [...sheet.cssRules].map((rule) => rule.cssText)));

test('watch a film with the mouse and keyboard: Auto quality, keys, fullscreen, Picture-in-Picture, seek preview, the roll', async ({
  page,
  site,
}) => {
  await seedSettings(page, { preferences: { enableSourceOrder: true, sourceOrder: ['local-hls'], enableThumbnails: true } });
  await page.goto(`${site.hostUrl}${NOSFERATU}`);
  await startPlayback(page, 0.3);

  await test.step('Auto starts at 720p or above on loopback, its label names the level that plays', async () => {
    expect(await videoProp(page, 'videoHeight')).toBeGreaterThanOrEqual(720); // the first frames already
    await page.keyboard.press('k');
    await expect.poll(() => paused(page)).toBe(true);
    await openSettings(page);
    const playing = qualityFromHeight(await videoProp(page, 'videoHeight'));
    await expect(page.getByTestId('menu-quality')).toContainText(`Auto (${playing})`);
    expect(Number(await page.evaluate(() => localStorage.getItem('__MW::player-bandwidth')))).toBeGreaterThan(0);
    await page.keyboard.press('Escape');
    await expect(menu(page)).toHaveCount(0);
    await expect(page).not.toHaveURL(/[?&]r=/);
  });

  await test.step('at 1280 px every control lies in the viewport, none overlaps another, no sideways scroll', async () => {
    await expect(page.getByTestId('controls')).toHaveCSS('opacity', '1'); // paused: shown
    const boxes = await controlBoxes(page);
    expect(boxes.map((b) => b.name)).toEqual(expect.arrayContaining(['Settings', 'Fullscreen', 'Back', 'Picture-in-Picture']));
    for (const box of boxes) expect(box.left >= 0 && box.right <= 1280, `${box.name} inside`).toBe(true);
    expect(overlappingControls(boxes)).toEqual([]);
    expect(await sideways(page)).toBeLessThanOrEqual(0);
  });

  await test.step('the keys reach the video element: seek, frame step, volume, mute, speed, play', async () => {
    const t0 = await currentTime(page);
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => currentTime(page)).toBeCloseTo(t0 + 5, 0);
    await page.keyboard.press(',');
    await expect.poll(() => currentTime(page)).toBeCloseTo(t0 + 4, 0);
    expect(await paused(page)).toBe(true);
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => videoProp(page, 'volume')).toBeCloseTo(0.85, 2);
    await page.keyboard.press('m');
    await expect.poll(() => videoProp(page, 'muted')).toBe(true);
    await page.keyboard.press('m');
    await page.keyboard.press('>');
    await expect.poll(() => videoProp(page, 'playbackRate')).toBe(1.5);
    await page.keyboard.press('<');
    await page.keyboard.press('k');
    await expect.poll(() => paused(page)).toBe(false);
  });

  await test.step('playing and changing the volume add no style rules; the bars show the time and volume', async () => {
    await page.mouse.move(400, 300);
    await page.mouse.wheel(0, 100); // the volume indicator's own rules are inserted when it first shows
    await expect(page.getByTestId('volume-indicator')).toBeVisible();
    const before = new Set(await styleRules(page));
    const start = await currentTime(page);
    for (let i = 0; i < 5; i++) await page.mouse.wheel(0, 100);
    // The pointer moves while the film plays on, so the controls never hide: their hidden look is rules of its own.
    await expect
      .poll(async () => {
        await page.mouse.move(400 + Math.random() * 10, 300);
        return currentTime(page);
      })
      .toBeGreaterThan(start + 2);
    expect((await styleRules(page)).filter((rule) => !before.has(rule))).toEqual([]);
    const [played, time, duration] = await page.getByTestId('seek-bar').evaluate((el) => {
      const v = document.querySelector<HTMLVideoElement>('[data-testid=player-video]')!;
      return [parseFloat(el.style.getPropertyValue('--played')), v.currentTime, v.duration];
    });
    expect(Math.abs(played - (time / duration) * 100)).toBeLessThan((1 / duration) * 100 + 1);
    await showControls(page);
    const level = await page
      .getByRole('slider', { name: 'Volume' })
      .evaluate((el) => parseFloat((el as HTMLElement).style.getPropertyValue('--level')));
    expect(level).toBeCloseTo((await videoProp(page, 'volume')) * 100, 0);
    expect(level).toBeLessThan(100);
  });

  await test.step('the seek bar previews the time under the pointer with a thumbnail cut from the video', async () => {
    const bar = page.getByTestId('seek-bar');
    await showControls(page);
    const box = (await bar.boundingBox())!;
    await expect(async () => {
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await expect(page.getByTestId('seek-thumbnail')).toBeVisible({ timeout: 500 });
    }).toPass({ timeout: 15_000 });
    await expect(page.getByTestId('seek-preview')).toContainText('0:47:00'); // the middle of Nosferatu's 94 minutes
    await page.mouse.move(400, 300);
  });

  await test.step('fullscreen with f, Escape and a double click; the whole player goes fullscreen', async () => {
    await page.keyboard.press('f');
    await expect.poll(() => fullscreen(page)).toBe('player');
    await expect(player(page)).toHaveAttribute('data-fullscreen', 'true');
    await page.keyboard.press('Escape');
    await expect.poll(() => fullscreen(page)).toBeNull();
    await video(page).dblclick();
    await expect.poll(() => fullscreen(page)).toBe('player');
    await video(page).dblclick();
    await expect.poll(() => fullscreen(page)).toBeNull();
    await expect(player(page)).toHaveAttribute('data-fullscreen', 'false');
  });

  await test.step('Picture-in-Picture from its button and back; refused by the browser, a message and playback goes on', async () => {
    const pip = () => page.evaluate(() => document.pictureInPictureElement?.getAttribute('data-testid') ?? null);
    const button = page.getByRole('button', { name: 'Picture-in-Picture' });
    await showControls(page);
    await button.click();
    await expect.poll(pip).toBe('player-video');
    await showControls(page);
    await button.click();
    await expect.poll(pip).toBeNull();
    // The browser refuses PiP for a video that disables it (InvalidStateError): the real refusal path.
    await video(page).evaluate((v: HTMLVideoElement) => (v.disablePictureInPicture = true));
    await showControls(page);
    await button.click();
    await expect(page.getByTestId('player-notice')).toHaveText('This browser did not allow Picture-in-Picture here.');
    expect(await pip()).toBeNull();
    expect(await paused(page)).toBe(false);
  });

  await test.step('r rolls the picture for about 1 s; the same <video> keeps playing', async () => {
    type RollWindow = Window & { __rollVideo?: Element | null; __rollChanges?: Array<{ rolling: string | null; at: number }> };
    const layer = page.getByTestId('roll-layer');
    // The element, and the roll timed in the page (attribute changes), not across the test's round trips.
    await page.evaluate(() => {
      const w = window as RollWindow;
      w.__rollVideo = document.querySelector('[data-testid="player-video"]');
      w.__rollChanges = [];
      const target = document.querySelector('[data-testid="roll-layer"]')!;
      new MutationObserver(() => w.__rollChanges!.push({ rolling: target.getAttribute('data-rolling'), at: performance.now() })).observe(
        target,
        { attributes: true, attributeFilter: ['data-rolling'] },
      );
    });
    const before = await currentTime(page);
    await page.keyboard.press('r');
    await expect.poll(() => layer.evaluate((el) => getComputedStyle(el).transform)).toMatch(/^matrix\(/);
    await expect(layer).toHaveAttribute('data-rolling', 'false', { timeout: 3000 });
    const changes = await page.evaluate(() => (window as RollWindow).__rollChanges!);
    expect(changes.map((c) => c.rolling)).toEqual(['true', 'false']);
    expect(changes[1]!.at - changes[0]!.at).toBeGreaterThan(900);
    expect(changes[1]!.at - changes[0]!.at).toBeLessThan(1600);
    expect(await layer.evaluate((el) => getComputedStyle(el).transform)).toBe('none');
    expect(
      await page.evaluate(() => {
        const w = window as RollWindow;
        return w.__rollVideo === document.querySelector('[data-testid="player-video"]') && !!w.__rollVideo?.isConnected;
      }),
    ).toBe(true);
    await expect.poll(() => currentTime(page)).toBeGreaterThan(before + 1.3);
    expect(await paused(page)).toBe(false);
  });
});

test('change what plays mid-film: a cast connection, a source without the title, an embed, another source; the time is kept', async ({
  page,
  site,
}) => {
  await page.goto(`${site.hostUrl}${NOSFERATU}`);
  await startPlayback(page, 1);

  await test.step('a cast connection (Remote Playback API) shows the notice and reloads at the current time, both ways', async () => {
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
    await expect.poll(async () => (await state()).src).not.toBe(before.src);
    await expect.poll(async () => (await playingAt()).length, { timeout: 10_000 }).toBeGreaterThan(0);
    expect((await playingAt())[0]).toBeGreaterThanOrEqual(before.time - 0.5);
    expect((await state()).paused).toBe(false);
    await showControls(page);
    await expect(page.getByTestId('cast-button')).toBeVisible();
    // A stall while casting adds a 'playing' of its own: the reload's is the first after the disconnect.
    const connected = await state();
    const seen = (await playingAt()).length;
    await cast('disconnect');
    await expect(notice).toBeHidden();
    await expect.poll(async () => (await state()).src).not.toBe(connected.src);
    await expect.poll(async () => (await playingAt()).length, { timeout: 10_000 }).toBeGreaterThan(seen);
    expect((await playingAt())[seen]).toBeGreaterThanOrEqual(connected.time - 0.5);
  });

  await test.step("a source without the title says so; a source's embeds are listed and one picked plays", async () => {
    await openSettings(page);
    await page.getByTestId('menu-source').click();
    await expect(page.getByTestId('source-local-hls')).toHaveAttribute('aria-pressed', 'true');
    await page.getByTestId('source-local-mp4-sd').click();
    await expect(page.getByTestId('source-menu-error')).toHaveAttribute('data-kind', 'noStream');
    await menu(page).getByRole('button', { name: 'Back', exact: true }).click();
    await page.getByTestId('source-local-embed').click();
    await expect(page.getByTestId('embed-option')).toHaveCount(2);
    const before = await videoProp(page, 'currentSrc');
    await page.getByTestId('embed-option').nth(1).click();
    await expect(menu(page)).toBeHidden({ timeout: 15_000 });
    await expect.poll(() => videoProp(page, 'currentSrc')).not.toBe(before);
    await openSettings(page);
    await page.getByTestId('menu-source').click();
    await expect(page.getByTestId('source-local-embed')).toHaveAttribute('aria-pressed', 'true');
    await menu(page).getByRole('button', { name: 'Back', exact: true }).click();
  });

  await test.step('the source menu switches back to the HLS source and keeps the time', async () => {
    await page.keyboard.press('Escape');
    const before = await currentTime(page);
    await openSettings(page);
    await page.getByTestId('menu-source').click();
    await page.getByTestId('source-local-hls').click();
    await expect(menu(page)).toBeHidden({ timeout: 15_000 });
    await expect.poll(() => videoProp(page, 'currentSrc')).not.toContain('.mp4');
    await expect.poll(() => currentTime(page)).toBeGreaterThanOrEqual(before - 0.5);
    await openSettings(page);
    await page.getByTestId('menu-source').click();
    await expect(page.getByTestId('source-local-hls')).toHaveAttribute('aria-pressed', 'true');
  });
});
