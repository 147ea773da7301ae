// @vitest-environment jsdom
/**
 * The controls of the playing screen against the real player in jsdom: the clock, the controls that hide
 * 3 s after the mouse stops, a click on the picture, the 10 s buttons, the back link, the indicators and
 * notices that hide by themselves, the offline banner, Skip Intro, and the bars' fills.
 */
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderPlayer } from './testing/render-player';

beforeEach(() => void vi.useFakeTimers({ shouldAdvanceTime: true }));
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  sessionStorage.clear();
});

/** The film plays from `time`: the element reported that it started. */
async function playing(duration = 5640, time = 5, options: Parameters<typeof renderPlayer>[0] = {}) {
  const view = renderPlayer(options);
  await view.playStream(duration, time);
  await view.report('play', { paused: false });
  await view.report('playing');
  const press = (key: string) => view.update(() => void fireEvent.keyDown(document.body, { key }));
  const later = (ms: number) => view.update(() => void vi.advanceTimersByTime(ms));
  const moveMouse = () => view.update(() => void fireEvent.pointerMove(screen.getByTestId('player'), { pointerType: 'mouse' }));
  return { ...view, press, later, moveMouse };
}

describe('the clock', () => {
  it('shows the elapsed time, and the time left after a press, and back', async () => {
    const { update } = await playing(5640, 5);
    const clock = screen.getByTestId('time-display');
    expect(clock.textContent).toBe('0:00:05 / 1:34:00');
    await update(() => void fireEvent.click(clock));
    expect(clock.textContent).toBe('-1:33:55 / 1:34:00');
    await update(() => void fireEvent.click(clock));
    expect(clock.textContent).toBe('0:00:05 / 1:34:00');
  });
});

describe('the controls while a film plays', () => {
  it('show on a mouse move and hide, with the top bar, 3 s after the last one', async () => {
    const { player, later, moveMouse } = await playing();
    const controls = screen.getByTestId('controls');
    const topBar = screen.getByTestId('top-bar');
    const hidden = [controls.className, topBar.className];
    await moveMouse();
    const shown = [controls.className, topBar.className];
    expect(shown[0]).not.toBe(hidden[0]);
    expect(shown[1]).not.toBe(hidden[1]);
    await later(2000);
    await moveMouse(); // a move restarts the 3 s
    await later(2900);
    expect([controls.className, topBar.className]).toEqual(shown);
    await later(100);
    expect(player.ui.hover).toBe('none');
    expect([controls.className, topBar.className]).toEqual(hidden);
  });

  it('a click on the picture pauses and plays', async () => {
    const { player, video, update } = await playing();
    await update(() => void fireEvent.click(video));
    expect(player.engine.state.playing).toBe(false);
    await update(() => void fireEvent.click(video));
    expect(player.engine.state.playing).toBe(true);
  });

  it('the 10 s buttons seek forward and back, no further back than the start, and keep a paused film paused', async () => {
    const { player, update } = await playing(60, 3);
    await update(() => void fireEvent.click(screen.getByRole('button', { name: 'Pause' })));
    const time = () => player.engine.state.time;
    await update(() => void fireEvent.click(screen.getByRole('button', { name: 'Forward 10 seconds' })));
    expect(time()).toBe(13);
    await update(() => void fireEvent.click(screen.getByRole('button', { name: 'Back 10 seconds' })));
    expect(time()).toBe(3);
    await update(() => void fireEvent.click(screen.getByRole('button', { name: 'Back 10 seconds' })));
    expect(time()).toBe(0);
    expect(player.engine.state.playing).toBe(false);
  });

  it('the back link leads where the page came from', async () => {
    const { navigations, update } = await playing(60, 3, { hooks: { backUrl: '/discover' } });
    const back = screen.getByRole('link', { name: 'Back' });
    expect(back.getAttribute('href')).toBe('/discover');
    await update(() => void fireEvent.click(back));
    expect(navigations).toEqual(['/discover']);
  });
});

describe('what hides by itself', () => {
  it('the volume and subtitle-delay indicators show on a key and go 3 s later', async () => {
    const { press, later } = await playing();
    await press('ArrowDown');
    expect(screen.getByTestId('volume-indicator')).toBeTruthy();
    await later(3001);
    expect(screen.queryByTestId('volume-indicator')).toBeNull();
    await press('[');
    expect(screen.getByTestId('delay-indicator').textContent).toBe('Subtitle delay: -0.5 s');
    await later(3001);
    expect(screen.queryByTestId('delay-indicator')).toBeNull();
  });

  it('Picture-in-Picture refused by the browser says so for 3 s, and playback goes on', async () => {
    Object.defineProperty(document, 'pictureInPictureEnabled', { value: true, configurable: true });
    try {
      const { player, video, update, later } = await playing();
      video.requestPictureInPicture = () => Promise.reject(new DOMException('disabled', 'InvalidStateError'));
      await update(() => void fireEvent.click(screen.getByRole('button', { name: 'Picture-in-Picture' })));
      expect(screen.getByTestId('player-notice').textContent).toBe('This browser did not allow Picture-in-Picture here.');
      expect(player.engine.state.playing).toBe(true);
      await later(3001);
      expect(screen.queryByTestId('player-notice')).toBeNull();
    } finally {
      Reflect.deleteProperty(document, 'pictureInPictureEnabled');
    }
  });
});

describe('the iOS web app (started from the home screen)', () => {
  const IPHONE =
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'userAgent');
    Reflect.deleteProperty(navigator, 'standalone');
  });

  it.each([
    [true, 0, 'Picture-in-Picture and fullscreen are disabled in the web app on iOS. Open the site in Safari to use them.'],
    [false, 1, null],
  ])('standalone %s: fullscreen asked for %i times; the notice %s', async (standalone, asked, notice) => {
    Object.defineProperty(navigator, 'userAgent', { value: IPHONE, configurable: true });
    Object.defineProperty(navigator, 'standalone', { value: standalone, configurable: true });
    const { player, update } = await playing();
    let requests = 0;
    screen.getByTestId('player').requestFullscreen = () => {
      requests++;
      return Promise.resolve();
    };
    await update(() => void fireEvent.click(screen.getByRole('button', { name: 'Fullscreen' })));
    expect(requests).toBe(asked);
    expect(screen.queryByTestId('player-notice')?.textContent ?? null).toBe(notice);
    expect(player.engine.state.playing).toBe(true);
  });
});

describe('the offline banner', () => {
  it('shows over the player while the browser is offline, until dismissed', async () => {
    const { connectivity, update } = await playing();
    expect(screen.queryByTestId('offline-banner')).toBeNull();
    await update(() => void (connectivity.online = false));
    const banner = screen.getByTestId('offline-banner');
    expect(banner.textContent).toContain('Check your internet connection');
    await update(() => void fireEvent.click(screen.getByRole('button', { name: 'Dismiss' })));
    expect(screen.queryByTestId('offline-banner')).toBeNull();
  });
});

describe('Skip Intro', () => {
  it('shows at all times in the first 10 s, after that only with the controls; a press goes past the intro', async () => {
    const { player, report, later, moveMouse, update } = await playing(600, 5);
    await update(() => void (player.ui.introSkipTime = 40));
    expect(screen.getByTestId('skip-intro')).toBeTruthy();
    await report('timeupdate', { currentTime: 12 });
    expect(screen.queryByTestId('skip-intro')).toBeNull();
    await moveMouse();
    const skip = screen.getByTestId('skip-intro');
    await update(() => void fireEvent.click(skip));
    expect(player.engine.state.time).toBe(40);
    expect(screen.queryByTestId('skip-intro')).toBeNull();
    await later(3001);
    expect(player.ui.hover).toBe('none'); // the controls hid again
    await report('timeupdate', { currentTime: 8 });
    expect(screen.getByTestId('skip-intro')).toBeTruthy();
  });
});

describe('the bars while a film plays', () => {
  it('draw the played time and the volume as custom properties of one element, not as a new class per value', async () => {
    const { report, press } = await playing(100, 5);
    const seek = screen.getByRole('slider', { name: 'Seek' });
    const volume = screen.getByRole('slider', { name: 'Volume' });
    const classes = [seek.className, volume.className];
    expect(seek.style.getPropertyValue('--played')).toBe('5%');
    expect(volume.style.getPropertyValue('--level')).toBe('100%');
    await report('timeupdate', { currentTime: 42 });
    await press('ArrowDown');
    expect(seek.style.getPropertyValue('--played')).toBe('42%');
    expect(volume.style.getPropertyValue('--level')).toBe('85%');
    expect([seek.className, volume.className]).toEqual(classes);
  });
});
