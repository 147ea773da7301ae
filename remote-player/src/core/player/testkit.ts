/** Fakes for the engine's tests: a <video>, hls.js, the Remote Playback API, a Cast receiver. */
import { vi } from 'vitest';
import { PlaybackEngine, type HlsConstructor, type RemoteMediaTarget } from './engine';

export class FakeVideo extends EventTarget {
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

export function fakeHls() {
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
export class FakeRemote extends EventTarget {
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

export const setup = (preference = { automaticQuality: true, lastChosenQuality: null as null | '720' }, video = new FakeVideo()) => {
  const { Hls, instances } = fakeHls();
  const loadHls = vi.fn(async () => Hls);
  const onFatal = vi.fn();
  const engine = new PlaybackEngine({ loadHls, quality: () => preference, onFatal });
  engine.attach(video as unknown as HTMLVideoElement);
  return { engine, video, loadHls, instances, onFatal };
};

export const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A Cast receiver as the engine sees it (features/player/cast binds the real one): records the requests. */
export function recordingTarget() {
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
