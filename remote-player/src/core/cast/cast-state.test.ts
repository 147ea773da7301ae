import { describe, expect, it } from 'vitest';
import {
  castCapableBrowser,
  castFrameworkButtonShown,
  castMediaRequest,
  patchFromRemote,
  patchFromRemotePlayer,
  resumeAfterCast,
  sessionSwitch,
} from './cast-state';

describe('Cast framework state', () => {
  it('loads the framework only in browsers it works in (Chrome, Edge)', () => {
    expect(castCapableBrowser([{ brand: 'Not)A;Brand' }, { brand: 'Google Chrome' }, { brand: 'Chromium' }])).toBe(true);
    expect(castCapableBrowser([{ brand: 'Microsoft Edge' }, { brand: 'Chromium' }])).toBe(true);
    expect(castCapableBrowser([{ brand: 'Chromium' }, { brand: 'Not?A_Brand' }])).toBe(false);
    expect(castCapableBrowser([{ brand: 'HeadlessChrome' }])).toBe(false);
    // Firefox and Safari have no client hints.
    expect(castCapableBrowser(undefined)).toBe(false);
  });

  it('shows the Cast button only when the framework is there and a device is in reach', () => {
    expect(castFrameworkButtonShown({ sdk: 'loading', castState: null })).toBe(false);
    expect(castFrameworkButtonShown({ sdk: 'unavailable', castState: null })).toBe(false);
    expect(castFrameworkButtonShown({ sdk: 'ready', castState: 'NO_DEVICES_AVAILABLE' })).toBe(false);
    expect(castFrameworkButtonShown({ sdk: 'ready', castState: 'NOT_CONNECTED' })).toBe(true);
    expect(castFrameworkButtonShown({ sdk: 'ready', castState: 'CONNECTING' })).toBe(true);
    expect(castFrameworkButtonShown({ sdk: 'ready', castState: 'CONNECTED' })).toBe(true);
  });

  it('switches to the receiver when a session starts or resumes, back when it ends', () => {
    expect(sessionSwitch('SESSION_STARTED')).toBe('connect');
    expect(sessionSwitch('SESSION_RESUMED')).toBe('connect');
    expect(sessionSwitch('SESSION_ENDED')).toBe('disconnect');
    for (const state of ['NO_SESSION', 'SESSION_STARTING', 'SESSION_START_FAILED', 'SESSION_ENDING'] as const)
      expect(sessionSwitch(state)).toBeNull();
    expect(sessionSwitch(undefined)).toBeNull();
  });

  it('asks the receiver for the HLS playlist, or the file of the quality that plays', () => {
    const meta = { title: 'Nosferatu', poster: 'https://img/p.jpg', startAt: 12.5, autoplay: true };
    expect(castMediaRequest({ type: 'hls', url: 'https://x/master.m3u8', captions: [] }, { ...meta, quality: null })).toEqual({
      url: 'https://x/master.m3u8',
      contentType: 'application/x-mpegurl',
      title: 'Nosferatu',
      poster: 'https://img/p.jpg',
      startAt: 12.5,
      autoplay: true,
      playbackRate: 1,
    });
    const file = { type: 'file' as const, captions: [], qualities: { '1080': 'https://x/1080.mp4', '480': 'https://x/480.mp4' } };
    expect(castMediaRequest(file, { ...meta, quality: '480' })).toMatchObject({ url: 'https://x/480.mp4', contentType: 'video/mp4' });
    // No quality playing here (or one the source lacks): the best the source has.
    expect(castMediaRequest(file, { ...meta, quality: '720' })?.url).toBe('https://x/1080.mp4');
    expect(castMediaRequest(file, { ...meta, poster: '', startAt: -3, quality: null })).toMatchObject({ poster: null, startAt: 0 });
    expect(castMediaRequest({ type: 'file', captions: [], qualities: {} }, { ...meta, quality: null })).toBeNull();
    // The speed playing here goes with it; a rate that is no rate plays at 1.
    expect(castMediaRequest(file, { ...meta, quality: null, rate: 1.5 })?.playbackRate).toBe(1.5);
    expect(castMediaRequest(file, { ...meta, quality: null, rate: 0 })?.playbackRate).toBe(1);
    expect(castMediaRequest(file, { ...meta, quality: null, rate: Number.NaN })?.playbackRate).toBe(1);
  });

  it('turns the remote player’s change events into the engine’s media state', () => {
    expect(patchFromRemote('currentTime', 42.5)).toEqual({ time: 42.5 });
    expect(patchFromRemote('currentTime', Number.NaN)).toBeNull();
    expect(patchFromRemote('duration', 600)).toEqual({ duration: 600 });
    expect(patchFromRemote('isPaused', true)).toEqual({ playing: false });
    expect(patchFromRemote('isPaused', false)).toEqual({ playing: true });
    expect(patchFromRemote('volumeLevel', 0.35)).toEqual({ volume: 0.35 });
    expect(patchFromRemote('volumeLevel', 3)).toEqual({ volume: 1 });
    expect(patchFromRemote('isMuted', true)).toEqual({ muted: true });
    expect(patchFromRemote('playerState', 'BUFFERING')).toEqual({ loading: true });
    expect(patchFromRemote('playerState', 'PLAYING')).toEqual({ loading: false, playing: true });
    expect(patchFromRemote('playerState', 'PAUSED')).toEqual({ loading: false, playing: false });
    expect(patchFromRemote('displayName', 'Living room')).toBeNull();
    expect(
      patchFromRemotePlayer({ currentTime: 7, duration: 16, isPaused: false, volumeLevel: 0.5, isMuted: false, playerState: 'PLAYING' }),
    ).toEqual({ time: 7, duration: 16, playing: true, volume: 0.5, muted: false, loading: false });
  });

  it('resumes the web player where the receiver was (its saved state), else at the last reported time', () => {
    const last = { time: 30, playing: true };
    expect(resumeAfterCast({ mediaInfo: null, currentTime: 41, isPaused: true }, last)).toEqual({ time: 41, playing: false });
    expect(resumeAfterCast(null, last)).toEqual(last);
    expect(resumeAfterCast({ mediaInfo: null, currentTime: 0, isPaused: false }, last)).toEqual(last);
  });
});
