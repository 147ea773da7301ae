import { describe, expect, it } from 'vitest';
import { formatTime, formatTimeDisplay } from './format-time';
import { commandForKey, focusKindOf, nextSpeed, sliderValueForKey } from './keyboard';
import { hlsErrorInfo, playbackErrorKey, shouldReportHlsError } from './playback-error';
import { NoUsableQualityError, chooseQuality, qualityFromHeight } from './quality';
import { toSource } from './source';
import { initialStatus, nextStatus } from './status';

describe('quality choice', () => {
  it.each([
    [['360', '720', '1080'], { automaticQuality: true, lastChosenQuality: '360' }, '1080'],
    [['360', '720', '4k'], { automaticQuality: false, lastChosenQuality: null }, '4k'],
    [['360', '720', '1080'], { automaticQuality: false, lastChosenQuality: '720' }, '720'],
    [['360', '1080'], { automaticQuality: false, lastChosenQuality: '720' }, '360'],
    [['1080', '4k'], { automaticQuality: false, lastChosenQuality: '480' }, '4k'],
    [['720', '4k', '1080'], { automaticQuality: false, lastChosenQuality: '1080' }, '1080'],
    [['720', '4k'], { automaticQuality: false, lastChosenQuality: '1080' }, '4k'],
    [['unknown'], { automaticQuality: false, lastChosenQuality: '360' }, 'unknown'],
  ] as const)('%j with %j → %s', (available, preference, expected) => {
    expect(chooseQuality([...available], preference)).toBe(expected);
  });

  it('raises when nothing is usable', () => {
    expect(() => chooseQuality([], { automaticQuality: true, lastChosenQuality: null })).toThrow(NoUsableQualityError);
  });

  it.each([
    [2160, '4k'],
    [1080, '1080'],
    [720, '720'],
    [240, '360'],
    [0, 'unknown'],
    [1440, '1080'],
  ] as const)('height %d → %s', (height, key) => expect(qualityFromHeight(height)).toBe(key));
});

describe('stream source', () => {
  it('skips unknown quality keys and non-mp4 files with a warning', () => {
    const warnings: string[] = [];
    const slice = toSource(
      {
        id: 's',
        type: 'file',
        flags: [],
        captions: [],
        qualities: {
          '720': { type: 'mp4', url: 'https://a.test/720.mp4' },
          '999': { type: 'mp4', url: 'x' },
          '480': { type: 'webm', url: 'y' },
        } as never,
      },
      (w) => warnings.push(w),
    );
    expect(slice).toEqual({ type: 'file', captions: [], qualities: { '720': 'https://a.test/720.mp4' } });
    expect(warnings).toHaveLength(2);
  });
});

describe('status machine', () => {
  it('moves idle → scraping → playing → playbackError → playing, and resets', () => {
    let s = initialStatus();
    s = nextStatus(s, { type: 'setMeta' });
    expect(s.status).toBe('scraping');
    s = nextStatus(s, { type: 'playMedia' });
    expect(s.status).toBe('playing');
    s = nextStatus(s, { type: 'playbackError', error: { message: 'x', code: 2 } });
    expect(s).toMatchObject({ status: 'playbackError', error: { code: 2 } });
    s = nextStatus(s, { type: 'chooseSource' });
    expect(s).toMatchObject({ status: 'playing', error: null });
    expect(nextStatus(s, { type: 'reset' })).toEqual(initialStatus());
    expect(nextStatus(nextStatus(s, { type: 'setMeta' }), { type: 'scrapeNotFound' }).status).toBe('scrapeNotFound');
  });
});

describe('time format', () => {
  it.each([
    [0, 0, '0:00'],
    [75, 75, '1:15'],
    [75, 4000, '0:01:15'],
    [3725, 3725, '1:02:05'],
  ])('%d (of %d) → %s', (t, ref, out) => expect(formatTime(t, ref)).toBe(out));
  it('shows remaining time', () => expect(formatTimeDisplay(12, 90, 'remaining')).toBe('-1:18 / 1:30'));
  it('shows the time alone while the length is not known (a source loading, a live stream)', () => {
    expect(formatTimeDisplay(3, 0, 'regular')).toBe('0:03');
    expect(formatTimeDisplay(3, 0, 'remaining')).toBe('0:03');
    expect(formatTimeDisplay(3725, Number.NaN, 'regular')).toBe('1:02:05');
  });
  it('shows hours in both modes above 3600 s', () => {
    expect(formatTimeDisplay(65, 3725, 'regular')).toBe('0:01:05 / 1:02:05');
    expect(formatTimeDisplay(65, 3725, 'remaining')).toBe('-1:01:00 / 1:02:05');
  });
});

describe('keyboard map', () => {
  it.each([
    [' ', false, 'togglePlay'],
    ['k', false, 'togglePlay'],
    ['m', false, 'toggleMute'],
    ['f', false, 'toggleFullscreen'],
    ['c', false, 'toggleCaptions'],
    ['Escape', false, 'close'],
    ['r', false, 'roll'],
  ])('%j → %s', (key, paused, type) => expect(commandForKey({ key }, paused)?.type).toBe(type));

  it('seeks, steps, changes volume and delay by the documented amounts', () => {
    expect(commandForKey({ key: 'ArrowLeft' }, false)).toEqual({ type: 'seekBy', seconds: -5 });
    expect(commandForKey({ key: 'l' }, false)).toEqual({ type: 'seekBy', seconds: 10 });
    expect(commandForKey({ key: '.' }, true)).toEqual({ type: 'frameStep', seconds: 1 });
    expect(commandForKey({ key: '.' }, false)).toBeNull();
    expect(commandForKey({ key: 'ArrowUp' }, false)).toEqual({ type: 'volumeBy', delta: 0.15 });
    expect(commandForKey({ key: '[' }, false)).toEqual({ type: 'subtitleDelayBy', seconds: -0.5 });
  });

  it('media keys go to the next and previous episode', () => {
    expect(commandForKey({ key: 'MediaTrackNext' }, false)).toEqual({ type: 'episode', direction: 1 });
    expect(commandForKey({ key: 'MediaTrackPrevious' }, true)).toEqual({ type: 'episode', direction: -1 });
  });

  it('ignores keys typed into inputs and with modifiers', () => {
    expect(commandForKey({ key: 'k', focus: 'text' }, false)).toBeNull();
    expect(commandForKey({ key: 'Escape', focus: 'text' }, false)).toBeNull();
    expect(commandForKey({ key: 'k', ctrlKey: true }, false)).toBeNull();
  });

  // A focused control keeps the keys it uses; the other shortcuts still apply (Escape closes, k plays).
  it.each([
    ['slider', 'ArrowLeft', null],
    ['slider', 'ArrowUp', null],
    ['slider', 'Home', null],
    ['slider', 'PageDown', null],
    ['slider', 'k', 'togglePlay'],
    ['slider', 'Escape', 'close'],
    ['slider', 'm', 'toggleMute'],
    ['choices', 'ArrowRight', null],
    ['choices', 'ArrowDown', null],
    ['choices', ' ', null],
    ['choices', 'Escape', 'close'],
    ['choices', 'c', 'toggleCaptions'],
    ['button', ' ', null],
    ['button', 'ArrowLeft', 'seekBy'],
    ['button', 'k', 'togglePlay'],
    ['none', 'ArrowLeft', 'seekBy'],
    ['text', 'ArrowLeft', null],
  ] as const)('focus %s, key %j → %s', (focus, key, type) => expect(commandForKey({ key, focus }, false)?.type ?? null).toBe(type));

  it('steps speeds within 0.25..2', () => {
    expect(nextSpeed(1, 1)).toBe(1.5);
    expect(nextSpeed(2, 1)).toBe(2);
    expect(nextSpeed(0.25, -1)).toBe(0.25);
    expect(nextSpeed(1, -1)).toBe(0.5);
  });
});

describe('what has the focus, for the keys', () => {
  const element = (tagName: string, attributes: Record<string, string> = {}, inside: string | null = null) => ({
    tagName,
    getAttribute: (name: string) => attributes[name] ?? null,
    closest: (selector: string) => (inside && selector.includes(`[role="${inside}"]`) ? {} : null),
  });
  it.each([
    [null, 'none'],
    [element('VIDEO'), 'none'],
    [element('BUTTON'), 'button'],
    [element('A'), 'button'],
    [element('INPUT', { type: 'range' }), 'slider'],
    [element('INPUT', { type: 'range' }, 'dialog'), 'slider'],
    [element('DIV', { role: 'slider' }), 'slider'],
    [element('INPUT'), 'text'],
    [element('INPUT', { type: 'search' }), 'text'],
    [element('TEXTAREA'), 'text'],
    [element('SELECT'), 'text'],
    [element('INPUT', { type: 'color' }), 'button'],
    [element('INPUT', { type: 'checkbox' }), 'button'],
    [element('BUTTON', { role: 'radio' }), 'choices'],
    [element('BUTTON', {}, 'dialog'), 'choices'],
    [element('A', {}, 'menu'), 'choices'],
    [element('DIV', { role: 'switch' }), 'button'],
  ] as const)('%j → %s', (target, kind) => expect(focusKindOf(target)).toBe(kind));

  it('editable content is typed into', () => {
    expect(focusKindOf({ ...element('DIV'), isContentEditable: true })).toBe('text');
  });
});

describe('keys on a slider the player draws (WAI-ARIA slider pattern)', () => {
  const seek = { value: 20, min: 0, max: 60, step: 5, page: 10 };
  it.each([
    ['ArrowRight', 25],
    ['ArrowUp', 25],
    ['ArrowLeft', 15],
    ['ArrowDown', 15],
    ['PageUp', 30],
    ['PageDown', 10],
    ['Home', 0],
    ['End', 60],
    ['Tab', null],
    ['Escape', null],
    ['k', null],
  ] as const)('%s → %s', (key, value) => expect(sliderValueForKey(key, seek)).toBe(value));

  it('stays within its ends', () => {
    expect(sliderValueForKey('ArrowLeft', { ...seek, value: 2 })).toBe(0);
    expect(sliderValueForKey('PageUp', { ...seek, value: 55 })).toBe(60);
  });
});

describe('playback errors', () => {
  it.each([
    [1, 'aborted'],
    [2, 'network'],
    [3, 'decode'],
    [4, 'notSupported'],
    [undefined, 'generic'],
    [7, 'generic'],
  ])('code %s → %s', (code, key) => expect(playbackErrorKey(code)).toBe(key));

  it('an HLS address that answers with something else than a playlist is not a network error', () => {
    const info = hlsErrorInfo({ type: 'networkError', details: 'manifestParsingError', error: { message: 'no EXTM3U delimiter' } });
    expect(playbackErrorKey(info.code, info.type)).toBe('notAStream');
    expect(playbackErrorKey(2, 'manifestLoadError')).toBe('network');
  });

  it('reports fatal hls.js errors except a removed SourceBuffer', () => {
    expect(shouldReportHlsError({ fatal: false })).toBe(false);
    expect(shouldReportHlsError({ fatal: true, error: { message: 'SourceBuffer has been removed from the parent media source' } })).toBe(
      false,
    );
    expect(shouldReportHlsError({ fatal: true, error: { message: 'boom' } })).toBe(true);
    expect(hlsErrorInfo({ type: 'networkError', details: 'fragLoadError', error: { message: 'm', name: 'n', stack: 's' } })).toEqual({
      code: 2,
      message: 'm',
      name: 'n',
      stack: 's',
      type: 'fragLoadError',
    });
  });
});

describe('skip time', async () => {
  const { parseSkipTime } = await import('./skip-time');
  it.each([
    ['8s', 8],
    ['120s', 120],
    ['8', null],
    ['s', null],
    ['8.5s', null],
    [8, null],
  ])('%j → %j', (input, output) => expect(parseSkipTime(input)).toBe(output));
});

describe('thumbnails', async () => {
  const { nearestThumbnail, thumbnailFractions } = await import('./thumbnails');
  it('refines level by level: 63 fractions for 6 levels, no duplicates', () => {
    const f = thumbnailFractions(6);
    expect(f.slice(0, 3)).toEqual([0.5, 0.25, 0.75]);
    expect(f).toHaveLength(63);
    expect(new Set(f).size).toBe(63);
  });
  it('shows the nearest snapshot', () => {
    const list = [
      { at: 10, data: 'a' },
      { at: 50, data: 'b' },
    ];
    expect(nearestThumbnail(list, 35)?.data).toBe('b');
    expect(nearestThumbnail([], 3)).toBeNull();
  });
});

describe('resume', async () => {
  const { resumeFrom } = await import('./resume');
  it.each([
    [0, 3600, 0, false],
    [10, 3600, 0, false],
    [600, 3600, 600, true],
    [3500, 3600, 0, false],
    [6, 16, 6, false],
    [15.5, 16, 0, false],
  ])('watched %d of %d → start %d, prompt %s', (watched, duration, startAt, prompt) =>
    expect(resumeFrom(watched, duration)).toEqual({ startAt, prompt }),
  );
  const { resumeAgainst } = await import('./resume');
  it.each([
    [600, 3600, 600, true], // the stream is as long as saved: unchanged
    [600, 0, 600, true], // duration not known yet: unchanged
    [600, 700, 0, false], // within 120 s of this stream's end
    [5000, 3600, 0, false], // past this stream's end: clamped to it, so from the beginning
    [60, 16, 0, false], // a 16 s clip: clamped to its end, from the beginning
  ])('prompt at %d against a stream of %d s → start %d, prompt %s', (at, duration, startAt, prompt) =>
    expect(resumeAgainst(at, duration)).toEqual({ startAt, prompt }),
  );
});
