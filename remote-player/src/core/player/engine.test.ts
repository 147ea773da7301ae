/** The engine with a fake <video> and a fake hls.js (injected), no DOM. */
import { describe, expect, it, vi } from 'vitest';
import { PlaybackEngine, type HlsConstructor, type RemoteMediaTarget } from './engine';

class FakeVideo extends EventTarget {
  currentTime = 0;
  duration = 100;
  paused = true;
  volume = 1;
  muted = false;
  playbackRate = 1;
  buffered = { length: 0, start: () => 0, end: () => 0 };
  error: { code: number; message: string } | null = null;
  src = '';
  play = vi.fn(async () => {
    this.paused = false;
    this.dispatchEvent(new Event('play'));
  });
  pause = vi.fn(() => {
    this.paused = true;
    this.dispatchEvent(new Event('pause'));
  });
  load = vi.fn();
  canPlayType = () => '';
  removeAttribute = () => void (this.src = '');
}

function fakeHls() {
  const instances: FakeHls[] = [];
  class FakeHls {
    static Events = {
      FRAG_LOADED: 'fragLoaded',
      MANIFEST_PARSED: 'parsed',
      LEVEL_SWITCHED: 'switched',
      AUDIO_TRACKS_UPDATED: 'audio',
      AUDIO_TRACK_SWITCHED: 'audioSwitched',
      SUBTITLE_TRACKS_UPDATED: 'subs',
      INIT_PTS_FOUND: 'initPts',
      ERROR: 'error',
    };
    static isSupported = () => true;
    levels = [{ height: 240 }, { height: 720 }, { height: 2160 }];
    currentLevel = -1;
    nextLevel = -1;
    autoLevelEnabled = true;
    audioTracks = [
      { id: 0, name: 'English', lang: 'en' },
      { id: 1, name: 'Español', lang: 'es' },
    ];
    audioTrack = 0;
    subtitleTracks = [{ id: 0, name: 'English', lang: 'en', url: 'https://x/en.m3u8' }];
    subtitleDisplay = true;
    subtitleTrack = 0;
    handlers = new Map<string, (event: string, data: unknown) => void>();
    source = '';
    constructor(readonly config: Record<string, unknown>) {
      instances.push(this);
    }
    loadSource(url: string) {
      this.source = url;
    }
    attachMedia() {}
    on(event: string, listener: (event: string, data: never) => void) {
      this.handlers.set(event, listener as (event: string, data: unknown) => void);
    }
    emit(event: string, data: unknown = {}) {
      this.handlers.get(event)?.(event, data);
    }
    destroy = vi.fn();
  }
  return { Hls: FakeHls as unknown as HlsConstructor, instances };
}

/** The Remote Playback API's RemotePlayback as a browser with a cast device would drive it. */
class FakeRemote extends EventTarget {
  state: 'disconnected' | 'connecting' | 'connected' = 'disconnected';
  availability: ((available: boolean) => void) | null = null;
  watchAvailability = vi.fn(async (callback: (available: boolean) => void) => {
    this.availability = callback;
    return 1;
  });
  cancelWatchAvailability = vi.fn(async () => {});
  prompt = vi.fn(async () => {});
  change(state: 'connecting' | 'connected' | 'disconnected') {
    this.state = state;
    this.dispatchEvent(new Event(state === 'connected' ? 'connect' : state === 'disconnected' ? 'disconnect' : 'connecting'));
  }
}

const setup = (preference = { automaticQuality: true, lastChosenQuality: null as null | '720' }, video = new FakeVideo()) => {
  const { Hls, instances } = fakeHls();
  const loadHls = vi.fn(async () => Hls);
  const onFatal = vi.fn();
  const engine = new PlaybackEngine({ loadHls, quality: () => preference, onFatal });
  engine.attach(video as unknown as HTMLVideoElement);
  return { engine, video, loadHls, instances, onFatal };
};

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('PlaybackEngine', () => {
  it('plays MP4 natively at the preferred quality, without loading hls.js', async () => {
    const { engine, video, loadHls } = setup({ automaticQuality: false, lastChosenQuality: '720' });
    await engine.load({ type: 'file', captions: [], qualities: { '1080': 'https://x/1080.mp4', '720': 'https://x/720.mp4' } });
    expect(video.src).toBe('https://x/720.mp4');
    expect(engine.state.qualities).toEqual(['1080', '720']);
    expect(engine.state.quality).toBe('720');
    expect(loadHls).not.toHaveBeenCalled();
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

  it('loads hls.js for HLS with the spec §9 config, maps levels (2160 → 4k) and switches', async () => {
    const { engine, instances } = setup();
    await engine.load({ type: 'hls', url: 'https://x/master.m3u8', captions: [] });
    const hls = instances[0]!;
    expect(hls.source).toBe('https://x/master.m3u8');
    // spec §9, every figure: 500 MB buffer; fragment load and first byte 30 s; 10 retries from 1 s to 10 s; subtitle tracks 5 s
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

  describe('casting (Remote Playback API, spec §4)', () => {
    const castingVideo = (nativeHls: boolean) => {
      const video = Object.assign(new FakeVideo(), { remote: new FakeRemote() });
      if (nativeHls) video.canPlayType = () => 'maybe';
      return video;
    };

    it('follows the connection state and the device availability', async () => {
      const video = castingVideo(false);
      const { engine } = setup(undefined, video);
      await flush();
      expect(engine.state.casting).toBe('disconnected');
      video.remote.availability?.(true);
      expect(engine.state.castAvailable).toBe(true);
      video.remote.change('connecting');
      expect(engine.state.casting).toBe('connecting');
      video.remote.change('connected');
      expect(engine.state.casting).toBe('connected');
      expect(await engine.requestCast()).toBe(true);
      expect(video.remote.prompt).toHaveBeenCalledOnce();
      engine.destroy();
      expect(video.remote.cancelWatchAvailability).toHaveBeenCalledWith(1);
    });

    it('on connect, loads an HLS source again at the current time as a URL the cast device can take; on disconnect, through hls.js again', async () => {
      const video = castingVideo(true);
      const { engine, instances } = setup(undefined, video);
      await engine.load({ type: 'hls', url: 'https://x/master.m3u8', captions: [] });
      expect(instances).toHaveLength(1);
      await engine.play();
      video.currentTime = 42;
      video.remote.change('connecting');
      expect(instances[0]!.destroy).not.toHaveBeenCalled(); // connecting alone changes nothing
      video.remote.change('connected');
      await flush();
      expect(instances[0]!.destroy).toHaveBeenCalled();
      expect(video.src).toBe('https://x/master.m3u8');
      video.currentTime = 0;
      video.dispatchEvent(new Event('loadedmetadata'));
      expect(video.currentTime).toBe(42);
      expect(video.play).toHaveBeenCalledTimes(2); // it was playing: it plays on

      video.currentTime = 50;
      video.remote.change('disconnected');
      await flush();
      expect(instances).toHaveLength(2);
      expect(instances[1]!.config).toMatchObject({ startPosition: 50 });
    });

    it('reloads a file source at the current time and quality, paused when it was paused', async () => {
      const video = castingVideo(false);
      const { engine } = setup(undefined, video);
      await engine.load({ type: 'file', captions: [], qualities: { '1080': 'https://x/1080.mp4', '720': 'https://x/720.mp4' } });
      engine.setQuality('720');
      video.load.mockClear();
      video.currentTime = 7;
      video.remote.change('connected');
      await flush();
      expect(video.load).toHaveBeenCalledOnce();
      expect(video.src).toBe('https://x/720.mp4');
      video.currentTime = 0;
      video.dispatchEvent(new Event('loadedmetadata'));
      expect(video.currentTime).toBe(7);
      expect(video.play).not.toHaveBeenCalled();
    });

    it('without a source, a connection change loads nothing', async () => {
      const video = castingVideo(false);
      const { engine, loadHls } = setup(undefined, video);
      video.remote.change('connected');
      await flush();
      expect(engine.state.casting).toBe('connected');
      expect(loadHls).not.toHaveBeenCalled();
      expect(video.load).not.toHaveBeenCalled();
    });
  });
});

/** A Cast receiver as the engine sees it (features/player/cast binds the real one): records the requests. */
function recordingTarget() {
  const calls: Array<[string, ...unknown[]]> = [];
  const target: RemoteMediaTarget = {
    load: (source, options) => void calls.push(['load', source, options]),
    playOrPause: () => void calls.push(['playOrPause']),
    seek: (seconds) => void calls.push(['seek', seconds]),
    setVolumeLevel: (volume) => void calls.push(['setVolumeLevel', volume]),
    muteOrUnmute: () => void calls.push(['muteOrUnmute']),
    stop: () => void calls.push(['stop']),
  };
  return { target, calls };
}

describe('PlaybackEngine with a page provider of its options', () => {
  it('attaches it to the element: the load, with the quality the engine chose, and the requests go to it', async () => {
    const calls: unknown[][] = [];
    const video = new FakeVideo();
    const engine = new PlaybackEngine({
      loadHls: vi.fn(),
      quality: () => ({ automaticQuality: true, lastChosenQuality: null }),
      pageProvider: (element) => ({
        element,
        active: true,
        paused: true,
        currentTime: 0,
        load: (source, request) => void calls.push(['load', source.type, request.quality, request.startAt]),
        play: async () => void calls.push(['play']),
        pause: () => void calls.push(['pause']),
        togglePlay: () => void calls.push(['togglePlay']),
        seek: (seconds) => void calls.push(['seek', seconds]),
        setVolume: (volume) => void calls.push(['setVolume', volume]),
        toggleMute: () => void calls.push(['toggleMute']),
        setRate: (rate) => void calls.push(['setRate', rate]),
        setQuality: (key) => void calls.push(['setQuality', key]),
        setAudioTrack: (id) => void calls.push(['setAudioTrack', id]),
        unload: () => void calls.push(['unload']),
        destroy: () => void calls.push(['destroy']),
      }),
    });
    engine.attach(video as unknown as HTMLVideoElement);
    expect(engine.element).toBe(video);
    await engine.load(
      { type: 'file', captions: [], qualities: { '1080': 'https://x/1080.mp4', '720': 'https://x/720.mp4' } },
      { startAt: 12 },
    );
    engine.seek(30);
    engine.setVolume(2);
    engine.setRate(1.5);
    engine.togglePlay();
    engine.destroy();
    expect(calls).toEqual([
      ['unload'],
      ['load', 'file', '1080', 12],
      ['seek', 30],
      ['setVolume', 1],
      ['setRate', 1.5],
      ['togglePlay'],
      ['unload'],
      ['destroy'],
    ]);
    expect(video.src).toBe(''); // the element itself was never given the source
  });

  it('asks it, not the element, where playback is when a Cast session takes over', async () => {
    const calls: string[] = [];
    const video = new FakeVideo(); // its own position (0, paused) is not where the provider plays
    const engine = new PlaybackEngine({
      loadHls: vi.fn(),
      quality: () => ({ automaticQuality: true, lastChosenQuality: null }),
      pageProvider: (element) => ({
        element,
        active: true,
        paused: false,
        currentTime: 42,
        load: () => {},
        play: async () => {},
        pause: () => void calls.push('pause'),
        togglePlay: () => {},
        seek: () => {},
        setVolume: () => {},
        toggleMute: () => {},
        setRate: () => {},
        setQuality: () => {},
        setAudioTrack: () => {},
        unload: () => {},
        destroy: () => {},
      }),
    });
    engine.attach(video as unknown as HTMLVideoElement);
    const file = { type: 'file' as const, captions: [], qualities: { '720': 'https://x/720.mp4' } };
    await engine.load(file);
    Object.assign(engine.state, { hasPlayedOnce: true, playing: true });
    const receiver = recordingTarget();
    engine.connectRemote(receiver.target);
    expect(calls).toEqual(['pause']);
    expect(receiver.calls).toEqual([['load', file, { startAt: 42, autoplay: true, quality: '720', rate: 1 }]]);
  });
});

describe('PlaybackEngine with a Cast receiver', () => {
  const file = { type: 'file' as const, captions: [], qualities: { '1080': 'https://x/1080.mp4', '720': 'https://x/720.mp4' } };

  it('hands the source to the receiver at the current time, playing if it was, and stops the element here', async () => {
    const { engine, video } = setup();
    await engine.load(file);
    await engine.play();
    video.currentTime = 12;
    video.dispatchEvent(new Event('timeupdate'));
    const { target, calls } = recordingTarget();
    engine.connectRemote(target);
    expect(video.paused).toBe(true);
    expect(video.src).toBe('');
    expect(engine.state.remotePlayer).toBe(true);
    expect(calls).toEqual([['load', file, { startAt: 12, autoplay: true, quality: '1080', rate: 1 }]]);
  });

  it('plays at the speed chosen here; a speed chosen while casting loads the source there again, from the same time', async () => {
    const { engine, video } = setup();
    await engine.load(file);
    engine.setRate(1.25);
    const { target, calls } = recordingTarget();
    engine.connectRemote(target);
    expect(calls).toEqual([['load', file, { startAt: 0, autoplay: true, quality: '1080', rate: 1.25 }]]);
    engine.updateFromRemote({ time: 30, duration: 100, playing: true });
    engine.setRate(1.5);
    expect(engine.state.rate).toBe(1.5);
    expect(video.playbackRate).toBe(1.5); // this page's player resumes at it
    expect(calls.at(-1)).toEqual(['load', file, { startAt: 30, autoplay: true, quality: '1080', rate: 1.5 }]);
    engine.setRate(1.5); // the same speed: nothing to send
    expect(calls).toHaveLength(2);
  });

  it('sends the controls’ requests to the receiver and shows its state; the idle element’s events do not count', async () => {
    const { engine, video } = setup();
    await engine.load(file);
    const { target, calls } = recordingTarget();
    engine.connectRemote(target);
    calls.length = 0;
    engine.updateFromRemote({ time: 5, duration: 16, playing: true, volume: 0.8, muted: false });
    expect(engine.state).toMatchObject({ time: 5, duration: 16, playing: true, hasPlayedOnce: true, volume: 0.8 });
    video.currentTime = 0;
    video.dispatchEvent(new Event('timeupdate'));
    video.dispatchEvent(new Event('pause'));
    expect(engine.state).toMatchObject({ time: 5, playing: true });

    await engine.play(); // already playing there: nothing to send
    engine.togglePlay();
    engine.seek(40); // clamped to the receiver's duration
    engine.setVolume(0.3);
    engine.toggleMute();
    engine.updateFromRemote({ muted: true });
    engine.setVolume(0.5); // a volume above zero unmutes, as here
    engine.updateFromRemote({ playing: false });
    engine.pause(); // already paused there
    expect(calls).toEqual([
      ['playOrPause'],
      ['seek', 16],
      ['setVolumeLevel', 0.3],
      ['muteOrUnmute'],
      ['setVolumeLevel', 0.5],
      ['muteOrUnmute'],
    ]);
    expect(engine.state.time).toBe(16);
    expect(video.play).not.toHaveBeenCalled();
  });

  it('loads the next source on the receiver while a session is on', async () => {
    const { engine, video } = setup();
    await engine.load(file);
    const { target, calls } = recordingTarget();
    engine.connectRemote(target);
    calls.length = 0;
    const next = { type: 'hls' as const, url: 'https://x/next.m3u8', captions: [] };
    engine.reset();
    await engine.load(next, { startAt: 0, autoplay: true });
    expect(calls).toEqual([['load', next, { startAt: 0, autoplay: true, quality: null, rate: 1 }]]);
    expect(video.src).toBe('');
    expect(engine.state).toMatchObject({ remotePlayer: true, time: 0, loading: true });
  });

  it('when the session ends, the web player loads the source again where the receiver was', async () => {
    const { engine, video } = setup();
    await engine.load(file);
    const { target } = recordingTarget();
    engine.connectRemote(target);
    engine.updateFromRemote({ time: 9, duration: 16, playing: true });
    await engine.disconnectRemote({ time: 11, playing: true });
    expect(engine.state.remotePlayer).toBe(false);
    expect(video.src).toBe('https://x/1080.mp4');
    video.dispatchEvent(new Event('loadedmetadata'));
    expect(video.currentTime).toBe(11);
    expect(video.play).toHaveBeenCalled();
    // Local events count again.
    video.currentTime = 11.5;
    video.dispatchEvent(new Event('timeupdate'));
    expect(engine.state.time).toBe(11.5);
  });

  it('stops the receiver when the player goes away', async () => {
    const { engine } = setup();
    await engine.load(file);
    const { target, calls } = recordingTarget();
    engine.connectRemote(target);
    engine.destroy();
    expect(calls.at(-1)).toEqual(['stop']);
    expect(engine.state.remotePlayer).toBe(false);
  });
});
