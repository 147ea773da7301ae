/** The engine with other providers: a page provider of its options, and a Cast receiver while a session is on. */
import { describe, expect, it, vi } from 'vitest';
import { PlaybackEngine } from './engine';
import { FakeVideo, recordingTarget, setup } from './testkit';

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
