/** The engine with a fake <video> and a fake hls.js (injected), no DOM: loading, qualities, HLS, errors, the controls. */
import { describe, expect, it, vi } from 'vitest';
import { FakeVideo, fakeHls, flush, setup } from './testkit';

describe('PlaybackEngine', () => {
  it('plays MP4 natively at the preferred quality, without loading hls.js', async () => {
    const { engine, video, loadHls } = setup({ automaticQuality: false, lastChosenQuality: '720' });
    await engine.load({ type: 'file', captions: [], qualities: { '1080': 'https://x/1080.mp4', '720': 'https://x/720.mp4' } });
    expect(video.src).toBe('https://x/720.mp4');
    expect(engine.state.qualities).toEqual(['1080', '720']);
    expect(engine.state.quality).toBe('720');
    expect(loadHls).not.toHaveBeenCalled();
  });

  it('a source loaded at a time shows that time until it gets there, not the 0 a new source reads meanwhile', async () => {
    const { engine, video } = setup();
    video.currentTime = 42;
    await engine.load({ type: 'file', captions: [], qualities: { '720': 'https://x/720.mp4' } }, { startAt: 42 });
    // Loading a new source: the element reads 0 and says so.
    video.currentTime = 0;
    video.dispatchEvent(new Event('timeupdate'));
    expect(engine.state.time).toBe(42);
    video.dispatchEvent(new Event('loadedmetadata'));
    expect(video.currentTime).toBe(42);
    video.dispatchEvent(new Event('timeupdate'));
    video.currentTime = 43;
    video.dispatchEvent(new Event('timeupdate'));
    expect(engine.state.time).toBe(43);
    // From there on 0 is a time like any other (a seek back to the start).
    engine.seek(0);
    video.dispatchEvent(new Event('timeupdate'));
    expect(engine.state.time).toBe(0);
    // A source from the start reads 0 at once.
    await engine.load({ type: 'file', captions: [], qualities: { '720': 'https://x/720.mp4' } }, { startAt: 0 });
    video.currentTime = 0;
    video.dispatchEvent(new Event('timeupdate'));
    expect(engine.state.time).toBe(0);
  });

  it('a load asked to play waits for the play (no big play button meanwhile); a refusal brings the button back', async () => {
    const file = { type: 'file' as const, captions: [], qualities: { '720': 'https://x/720.mp4' } };
    const refused = new FakeVideo();
    let refuse = () => {};
    refused.play = vi.fn(
      () =>
        new Promise<void>(
          (_, reject) => (refuse = () => reject(Object.assign(new Error('autoplay refused'), { name: 'NotAllowedError' }))),
        ),
    );
    const { engine } = setup(undefined, refused);
    await engine.load(file, { autoplay: true });
    expect(engine.state.playRequested).toBe(true);
    refuse();
    await flush();
    expect(engine.state.playRequested).toBe(false);
    expect(engine.state.hasPlayedOnce).toBe(false);

    const allowed = setup();
    await allowed.engine.load(file, { autoplay: true });
    await flush();
    expect(allowed.engine.state).toMatchObject({ playRequested: false, playing: true, hasPlayedOnce: true });
    await allowed.engine.load(file, { autoplay: false });
    expect(allowed.engine.state.playRequested).toBe(false);
  });

  it('reports a file source with no usable quality as a playback error', async () => {
    const { engine, onFatal } = setup();
    await engine.load({ type: 'file', captions: [], qualities: {} });
    expect(engine.state.error?.code).toBe(4);
    expect(onFatal).toHaveBeenCalledOnce();
  });

  it('HLS: a saved quality choice picks its level when the manifest is parsed; auto hands the choice back to hls.js', async () => {
    const { engine, instances } = setup({ automaticQuality: false, lastChosenQuality: '720' });
    await engine.load({ type: 'hls', url: 'https://x/master.m3u8', captions: [] });
    const hls = instances[0]!;
    hls.emit('parsed');
    expect(hls.currentLevel).toBe(1); // levels 240, 720, 2160
    expect(engine.state.quality).toBe('720');
    engine.setQuality('4k');
    expect(hls.currentLevel).toBe(2);
    expect(engine.state).toMatchObject({ quality: '4k', automaticQuality: false });
    engine.setQuality('auto');
    expect(hls.currentLevel).toBe(-1);
    expect(engine.state.automaticQuality).toBe(true);
  });

  it('HLS without hls.js support: native HLS when the browser has it, else error 4 "HLS not supported"', async () => {
    const native = new FakeVideo();
    native.canPlayType = () => 'maybe';
    const a = setup(undefined, native);
    const { Hls } = fakeHls();
    (Hls as unknown as { isSupported: () => boolean }).isSupported = () => false;
    a.loadHls.mockResolvedValue(Hls);
    await a.engine.load({ type: 'hls', url: 'https://x/master.m3u8', captions: [] });
    expect(native.src).toBe('https://x/master.m3u8');
    expect(a.engine.state.error).toBeFalsy();

    const b = setup();
    b.loadHls.mockResolvedValue(Hls);
    await b.engine.load({ type: 'hls', url: 'https://x/master.m3u8', captions: [] });
    expect(b.engine.state.error).toMatchObject({ code: 4, message: 'HLS not supported. Update your browser.' });
  });

  it('loads hls.js for HLS with the product config, maps levels (2160 → 4k) and switches', async () => {
    const { engine, instances } = setup();
    await engine.load({ type: 'hls', url: 'https://x/master.m3u8', captions: [] });
    const hls = instances[0]!;
    expect(hls.source).toBe('https://x/master.m3u8');
    // docs/behaviour.md#player-hls, every figure: 500 MB buffer; fragment load and first byte 30 s;
    // 10 retries from 1 s to 10 s; subtitle tracks 5 s
    const retry = { maxNumRetry: 10, retryDelayMs: 1000, maxRetryDelayMs: 10_000 };
    expect(hls.config).toMatchObject({
      maxBufferSize: 500_000_000,
      fragLoadPolicy: { default: { maxTimeToFirstByteMs: 30_000, maxLoadTimeMs: 30_000, timeoutRetry: retry, errorRetry: retry } },
      subtitleTrackLoadPolicy: { default: { maxTimeToFirstByteMs: 5000, maxLoadTimeMs: 5000 } },
    });
    hls.emit('parsed');
    hls.emit('subs');
    expect(engine.state.qualities).toEqual(['4k', '720', '360']);
    expect(engine.state.audioTracks.map((a) => a.language)).toEqual(['en', 'es']);
    expect(engine.state.hlsSubtitles).toHaveLength(1);
    expect(hls.subtitleTrack).toBe(-1); // our overlay renders captions
    engine.setQuality('4k');
    expect(hls.currentLevel).toBe(2);
    expect(engine.state.automaticQuality).toBe(false);
    engine.setAudioTrack('1');
    expect(hls.audioTrack).toBe(1);
  });

  it("keeps the stream's first PTS (main playlist, first discontinuity) for subtitle renditions; a new load forgets it", async () => {
    const { engine, instances } = setup();
    await engine.load({ type: 'hls', url: 'https://x/master.m3u8', captions: [] });
    const hls = instances[0]!;
    expect(engine.state.hlsStartPts).toBeNull();
    hls.emit('initPts', { id: 'audio', frag: { cc: 0 }, initPTS: 1, timescale: 1 });
    hls.emit('initPts', { id: 'main', frag: { cc: 1 }, initPTS: 2, timescale: 1 });
    expect(engine.state.hlsStartPts).toBeNull();
    hls.emit('initPts', { id: 'main', frag: { cc: 0 }, initPTS: 133_500, timescale: 90_000 });
    expect(engine.state.hlsStartPts).toBeCloseTo(1.4833, 4);
    hls.emit('initPts', { id: 'main', frag: { cc: 0 }, initPTS: 900_000, timescale: 90_000 });
    expect(engine.state.hlsStartPts).toBeCloseTo(1.4833, 4); // the first one stands
    await engine.load({ type: 'hls', url: 'https://x/other.m3u8', captions: [] });
    expect(engine.state.hlsStartPts).toBeNull();
  });

  it('reports fatal hls.js errors, except a removed SourceBuffer', async () => {
    const { engine, instances, onFatal } = setup();
    await engine.load({ type: 'hls', url: 'https://x/master.m3u8', captions: [] });
    const hls = instances[0]!;
    hls.emit('error', {
      fatal: true,
      type: 'mediaError',
      details: 'x',
      error: new Error('SourceBuffer has been removed from the parent media source'),
    });
    hls.emit('error', { fatal: false, type: 'networkError', details: 'fragLoadError' });
    expect(onFatal).not.toHaveBeenCalled();
    hls.emit('error', { fatal: true, type: 'networkError', details: 'manifestLoadError', error: new Error('boom') });
    expect(engine.state.error).toMatchObject({ code: 2, message: 'boom', type: 'manifestLoadError' });
  });

  it('gives up after three fragments answered 4xx in a row (hls.js would stall), not after one', async () => {
    const { engine, instances } = setup();
    await engine.load({ type: 'hls', url: 'https://x/master.m3u8', captions: [] });
    const hls = instances[0]!;
    const dead = { fatal: false, type: 'networkError', details: 'fragLoadError', response: { code: 404 } };
    hls.emit('error', dead);
    hls.emit('error', dead);
    hls.emit('fragLoaded');
    hls.emit('error', dead);
    hls.emit('error', { ...dead, response: { code: 503 } });
    expect(engine.state.error).toBeNull();
    hls.emit('error', dead);
    hls.emit('error', dead);
    expect(engine.state.error).toMatchObject({ code: 2, type: 'fragLoadError' });
  });

  it('is paused or not as the video is, before the play and pause events reach the state', async () => {
    const { engine, video } = setup();
    await engine.load({ type: 'file', captions: [], qualities: { '720': 'https://x/720.mp4' } });
    expect(engine.paused).toBe(true);
    video.paused = false; // what video.play() does at once; its 'play' event is queued
    expect(engine.state.playing).toBe(false);
    expect(engine.paused).toBe(false);
  });

  it('clamps seeks and volume; a playing video pauses while seeking and resumes after', async () => {
    const { engine, video } = setup();
    await engine.load({ type: 'file', captions: [], qualities: { '720': 'https://x/720.mp4' } });
    await engine.play();
    engine.seek(500);
    expect(video.currentTime).toBe(100);
    expect(video.paused).toBe(true);
    video.dispatchEvent(new Event('seeked'));
    expect(video.play).toHaveBeenCalledTimes(2);
    engine.pause();
    engine.seek(-4);
    expect(video.currentTime).toBe(0);
    video.dispatchEvent(new Event('seeked'));
    expect(video.play).toHaveBeenCalledTimes(2); // was paused: stays paused
    engine.setVolume(3);
    expect(video.volume).toBe(1);
    engine.setVolume(-1);
    expect(video.volume).toBe(0);
  });

  it('resets to idle values', async () => {
    const { engine, instances } = setup();
    await engine.load({ type: 'hls', url: 'https://x/master.m3u8', captions: [] });
    engine.reset();
    expect(instances[0]!.destroy).toHaveBeenCalled();
    expect(engine.state).toMatchObject({ source: null, time: 0, duration: 0, qualities: [] });
  });

  it('leaving the player pauses the video at once and tears hls.js down in a task of its own', async () => {
    const { engine, video, instances } = setup();
    await engine.load({ type: 'hls', url: 'https://x/master.m3u8', captions: [] });
    await engine.play();
    engine.destroy();
    expect(video.paused).toBe(true);
    expect(instances[0]!.destroy).not.toHaveBeenCalled();
    await flush();
    expect(instances[0]!.destroy).toHaveBeenCalledOnce();
  });
});
