/**
 * The playback engine (no React). It owns the <video> element and, for HLS, an hls.js instance
 * (loaded lazily through an injected loader); it writes player state from media and hls.js events.
 * The UI only requests (play, seek, setQuality...): it never writes state (vidstack's model).
 */
import { proxy, ref } from 'valtio/vanilla';
import type { QualityKey, QualityPreference } from 'shared-contracts';
import { browserStartEstimate, saveBandwidthEstimate } from './bandwidth';
import { clamp } from './format-time';
import { HLS_CONFIG } from './hls-config';
import { DEAD_FRAGMENT_LIMIT, hlsErrorInfo, isDeadFragment, shouldReportHlsError } from './playback-error';
import { NoUsableQualityError, QUALITY_ORDER, chooseQuality, qualityFromHeight } from './quality';
import { fileQualities, type SourceSlice } from './source';
import type { PlaybackErrorInfo } from './status';

export interface AudioTrack {
  id: string;
  label: string;
  language: string;
}

export interface HlsSubtitleTrack {
  id: number;
  label: string;
  language: string;
  /** WebVTT playlist URL of the rendition. */
  url: string;
}

export interface EngineState {
  source: SourceSlice | null;
  /** Set once the first play happened (the big play button hides). */
  hasPlayedOnce: boolean;
  /**
   * Playing was asked for (autoplay of a load, or a press) and has neither started nor been refused yet:
   * the big play button waits, a spinner shows. Default false.
   */
  playRequested: boolean;
  playing: boolean;
  /** Waiting for data. */
  loading: boolean;
  seeking: boolean;
  /** Seconds. */
  time: number;
  duration: number;
  /** Seconds buffered ahead of time. */
  buffered: number;
  /** 0..1 */
  volume: number;
  muted: boolean;
  rate: number;
  qualities: QualityKey[];
  quality: QualityKey | null;
  automaticQuality: boolean;
  audioTracks: AudioTrack[];
  audioTrack: string | null;
  hlsSubtitles: HlsSubtitleTrack[];
  /**
   * Seconds: the HLS stream's first presentation timestamp (hls.js INIT_PTS_FOUND for the main
   * playlist), which places the cues of subtitle renditions (X-TIMESTAMP-MAP). Null until known.
   */
  hlsStartPts: number | null;
  ended: boolean;
  error: PlaybackErrorInfo | null;
  /** Seconds spent from load() to the first frame (a measure for the budget), null before. */
  firstFrameMs: number | null;
  /** Remote playback (cast) of the <video>: the Remote Playback API's connection state. */
  casting: CastState;
  /** A cast device is in reach (the Remote Playback API's availability); false where it cannot tell. */
  castAvailable: boolean;
  /**
   * The source plays on a Cast receiver (Cast framework session): the engine's requests drive it and
   * its media state (time, paused, volume…) is the receiver's.
   */
  remotePlayer: boolean;
}

/**
 * A player elsewhere (a Cast receiver) that plays the source while it is connected (features/player/cast).
 * The engine sends it the UI's requests; its state comes back through `updateFromRemote`.
 */
export interface RemoteMediaTarget {
  /** `rate`: the playback rate to play at (a receiver takes it with the load). */
  load(source: SourceSlice, options: { startAt: number; autoplay: boolean; quality: QualityKey | null; rate: number }): void;
  playOrPause(): void;
  seek(seconds: number): void;
  setVolumeLevel(volume: number): void;
  muteOrUnmute(): void;
  stop(): void;
}

/** The engine's media state that a remote player reports. */
export type RemoteMediaPatch = Partial<Pick<EngineState, 'time' | 'duration' | 'playing' | 'loading' | 'volume' | 'muted'>>;

export type CastState = 'disconnected' | 'connecting' | 'connected';

/**
 * The part of the Remote Playback API (`video.remote`) the engine uses, so tests inject a fake. The
 * engine follows its `connecting`, `connect` and `disconnect` events.
 */
export interface RemotePlaybackLike extends EventTarget {
  readonly state: CastState;
  watchAvailability?(callback: (available: boolean) => void): Promise<number>;
  cancelWatchAvailability?(id?: number): Promise<void>;
  prompt?(): Promise<void>;
}

/** The part of hls.js the engine uses (so tests inject a fake). */
export interface HlsLike {
  levels: Array<{ height: number; url?: string[] | string }>;
  currentLevel: number;
  nextLevel: number;
  autoLevelEnabled: boolean;
  /** bits/s measured by its ABR (optional in fakes). */
  bandwidthEstimate?: number;
  audioTracks: Array<{ id: number; name: string; lang?: string }>;
  audioTrack: number;
  subtitleTracks: Array<{ id: number; name: string; lang?: string; url: string }>;
  subtitleDisplay: boolean;
  subtitleTrack: number;
  loadSource(url: string): void;
  attachMedia(media: HTMLMediaElement): void;
  on(event: string, listener: (event: string, data: never) => void): void;
  destroy(): void;
}
export interface HlsConstructor {
  new (config: Record<string, unknown>): HlsLike;
  isSupported(): boolean;
  Events: Record<string, string>;
}
export type HlsLoader = () => Promise<HlsConstructor>;

export interface EngineOptions {
  loadHls: HlsLoader;
  /** The user's quality preference at load time. */
  quality: () => QualityPreference;
  onFatal?: (error: PlaybackErrorInfo) => void;
  /** Native HLS is used when the browser has it and hls.js is not supported (Safari iOS). */
  preferNativeHls?: boolean;
  now?: () => number;
}

export const initialEngineState = (): EngineState => ({
  source: null,
  hasPlayedOnce: false,
  playRequested: false,
  playing: false,
  loading: false,
  seeking: false,
  time: 0,
  duration: 0,
  buffered: 0,
  volume: 1,
  muted: false,
  rate: 1,
  qualities: [],
  quality: null,
  automaticQuality: true,
  audioTracks: [],
  audioTrack: null,
  hlsSubtitles: [],
  hlsStartPts: null,
  ended: false,
  error: null,
  firstFrameMs: null,
  casting: 'disconnected',
  castAvailable: false,
  remotePlayer: false,
});

export class PlaybackEngine {
  readonly state = proxy<EngineState>(initialEngineState());
  private video: HTMLVideoElement | null = null;
  private hls: HlsLike | null = null;
  private detach: Array<() => void> = [];
  private loadStarted = 0;
  private loadToken = 0;
  private resumeAfterSeek = false;
  private remote: RemotePlaybackLike | null = null;
  private availabilityId: number | null = null;
  private remoteTarget: RemoteMediaTarget | null = null;

  constructor(private readonly options: EngineOptions) {}

  attach(video: HTMLVideoElement): void {
    if (this.video === video) return;
    this.video = video;
    video.volume = this.state.volume;
    video.muted = this.state.muted;
    // While a Cast receiver plays, the state is the receiver's: the idle element's events do not count.
    const on = <K extends keyof HTMLMediaElementEventMap>(type: K, listener: () => void) => {
      const local = () => {
        if (!this.remoteTarget) listener();
      };
      video.addEventListener(type, local);
      this.detach.push(() => video.removeEventListener(type, local));
    };
    on('play', () => {
      this.state.playing = true;
      this.state.hasPlayedOnce = true;
      this.state.playRequested = false;
      this.state.ended = false;
    });
    on('pause', () => (this.state.playing = false));
    on('playing', () => {
      this.state.loading = false;
      this.state.playing = true;
      this.state.hasPlayedOnce = true;
    });
    on('waiting', () => (this.state.loading = true));
    on('canplay', () => (this.state.loading = false));
    on('seeking', () => (this.state.seeking = true));
    on('seeked', () => {
      this.state.seeking = false;
      if (this.resumeAfterSeek) {
        this.resumeAfterSeek = false;
        void this.play();
      }
    });
    on('timeupdate', () => {
      this.state.time = video.currentTime;
      if (this.state.firstFrameMs === null && video.currentTime > 0) this.state.firstFrameMs = this.now() - this.loadStarted;
      this.updateBuffered();
    });
    on('progress', () => this.updateBuffered());
    on('durationchange', () => (this.state.duration = Number.isFinite(video.duration) ? video.duration : 0));
    on('loadedmetadata', () => (this.state.duration = Number.isFinite(video.duration) ? video.duration : 0));
    on('volumechange', () => {
      this.state.volume = video.volume;
      this.state.muted = video.muted;
    });
    on('ratechange', () => (this.state.rate = video.playbackRate));
    on('ended', () => {
      this.state.ended = true;
      this.state.playing = false;
    });
    on('error', () => {
      // With hls.js attached, its ERROR event reports (it knows more); a media error still counts.
      const error = video.error;
      if (!error || !this.state.source) return;
      if (this.hls && error.code !== 3 && error.code !== 4) return;
      this.fail({ code: error.code, message: error.message || `MediaError ${error.code}`, name: 'MediaError' });
    });
    this.watchRemote(video);
  }

  /**
   * Remote Playback API (spec §4): when a cast connection starts or ends, the source is loaded again at
   * the current time, so the player that now shows the video (the cast device or this page) starts
   * from there. While casting, HLS goes to the element as a URL where the browser plays HLS itself:
   * a cast device can take a URL, not a MediaSource.
   */
  private watchRemote(video: HTMLVideoElement) {
    const remote = (video as HTMLVideoElement & { remote?: RemotePlaybackLike }).remote;
    if (!remote || typeof remote.addEventListener !== 'function') return;
    this.remote = remote;
    this.state.casting = remote.state ?? 'disconnected';
    const on = (type: 'connecting' | 'connect' | 'disconnect', next: CastState) => {
      const listener = () => {
        const before = this.state.casting;
        this.state.casting = next;
        // connecting → connected and connected → disconnected change the display; connecting alone does not.
        if ((next === 'connected') !== (before === 'connected')) void this.reloadAtCurrentTime();
      };
      remote.addEventListener(type, listener);
      this.detach.push(() => remote.removeEventListener(type, listener));
    };
    on('connecting', 'connecting');
    on('connect', 'connected');
    on('disconnect', 'disconnected');
    if (typeof remote.watchAvailability !== 'function') return;
    remote
      .watchAvailability((available) => (this.state.castAvailable = available))
      .then((id) => (this.availabilityId = id))
      .catch(() => {
        // NotSupportedError (no discovery here, or data saver on): no cast button; connection events still count.
        this.state.castAvailable = false;
      });
  }

  /** Loads the current source again where it is (same time, playing if it was). */
  private async reloadAtCurrentTime(): Promise<void> {
    const source = this.state.source;
    const video = this.video;
    if (!source || !video || this.state.error) return;
    const at = video.currentTime || this.state.time;
    const wasPlaying = !video.paused || this.state.playing;
    const quality = source.type === 'file' ? this.state.quality : null;
    await this.load(source, { startAt: at, autoplay: wasPlaying, ...(quality ? { quality } : {}) });
  }

  private now() {
    return this.options.now?.() ?? performance.now();
  }

  private updateBuffered() {
    const video = this.video;
    if (!video) return;
    const t = video.currentTime;
    for (let i = 0; i < video.buffered.length; i++) {
      if (video.buffered.start(i) <= t + 0.5 && video.buffered.end(i) >= t) {
        this.state.buffered = video.buffered.end(i);
        return;
      }
    }
    this.state.buffered = t;
  }

  private fail(error: PlaybackErrorInfo) {
    if (this.state.error) return;
    this.state.error = error;
    this.state.playing = false;
    this.state.playRequested = false;
    this.options.onFatal?.(error);
  }

  /** Loads a source and starts at `startAt` seconds. Autoplay is attempted when `autoplay`. */
  async load(source: SourceSlice, options: { startAt?: number; autoplay?: boolean; quality?: QualityKey } = {}): Promise<void> {
    if (this.remoteTarget) return this.loadRemote(source, options);
    const video = this.video;
    if (!video) throw new Error('PlaybackEngine.load before attach');
    const token = ++this.loadToken;
    this.teardownSource();
    Object.assign(this.state, {
      source: ref(source),
      error: null,
      ended: false,
      time: options.startAt ?? 0,
      duration: 0,
      buffered: 0,
      playRequested: !!options.autoplay,
      qualities: [],
      quality: null,
      audioTracks: [],
      audioTrack: null,
      hlsSubtitles: [],
      hlsStartPts: null,
      loading: true,
      firstFrameMs: null,
    } satisfies Partial<EngineState>);
    this.loadStarted = this.now();
    const preference = this.options.quality();
    this.state.automaticQuality = preference.automaticQuality;
    const startAt = options.startAt ?? 0;

    if (source.type === 'file') {
      const available = fileQualities(source);
      let chosen: QualityKey;
      try {
        chosen = options.quality && available.includes(options.quality) ? options.quality : chooseQuality(available, preference);
      } catch (error) {
        if (error instanceof NoUsableQualityError) return this.fail({ code: 4, message: error.message, name: error.name });
        throw error;
      }
      this.state.qualities = available;
      this.state.quality = chosen;
      this.setVideoSrc(source.qualities[chosen]!, startAt, options.autoplay);
      return;
    }

    const native = video.canPlayType('application/vnd.apple.mpegurl') !== '';
    const useNative = native && (this.options.preferNativeHls || this.state.casting === 'connected');
    const Hls = useNative ? null : await this.options.loadHls().catch(() => null);
    if (token !== this.loadToken) return; // a newer load() won
    if (!Hls || !Hls.isSupported()) {
      if (native) return this.setVideoSrc(source.url, startAt, options.autoplay);
      return this.fail({ code: 4, message: 'HLS not supported. Update your browser.', name: 'NotSupported' });
    }
    // The first level comes from a bandwidth estimate (last measurement, else the downlink hint), not hls.js's 500 kbit/s.
    const hls = new Hls({ ...HLS_CONFIG, abrEwmaDefaultEstimate: browserStartEstimate(), startPosition: startAt > 0 ? startAt : -1 });
    this.hls = hls;
    const E = Hls.Events;
    hls.on(E.MANIFEST_PARSED!, () => {
      if (token !== this.loadToken) return;
      this.readLevels();
      const keys = this.state.qualities;
      try {
        const chosen = chooseQuality(keys, preference);
        if (!preference.automaticQuality && preference.lastChosenQuality) {
          const index = this.levelIndexOf(chosen);
          if (index >= 0) hls.currentLevel = index;
          this.state.quality = chosen;
        }
        // Automatic: the label names the level that plays (FRAG_CHANGED), not a guess.
      } catch {
        // Levels without heights: leave hls.js on automatic.
      }
      if (options.autoplay) void this.play();
    });
    hls.on(E.LEVEL_SWITCHED!, (_e, data: { level: number }) => {
      const level = hls.levels[data.level];
      // Automatic: a switched level is loading, not yet playing; FRAG_CHANGED names it once it plays.
      if (level && (!this.state.automaticQuality || !this.state.quality)) this.state.quality = qualityFromHeight(level.height);
    });
    hls.on(E.FRAG_CHANGED!, (_e, data: { frag: { level: number } }) => {
      if (token !== this.loadToken) return;
      const level = hls.levels[data.frag.level];
      if (level) this.state.quality = qualityFromHeight(level.height);
    });
    hls.on(E.FRAG_LOADED!, () => saveBandwidthEstimate(hls.bandwidthEstimate ?? Number.NaN));
    hls.on(E.AUDIO_TRACKS_UPDATED!, () => this.readAudioTracks());
    hls.on(E.AUDIO_TRACK_SWITCHED!, (_e, data: { id: number }) => (this.state.audioTrack = String(data.id)));
    hls.on(E.SUBTITLE_TRACKS_UPDATED!, () => {
      this.state.hlsSubtitles = hls.subtitleTracks.map((t) => ({ id: t.id, label: t.name, language: t.lang ?? 'unknown', url: t.url }));
      // Our overlay renders captions; hls.js must not load or show them itself.
      hls.subtitleDisplay = false;
      hls.subtitleTrack = -1;
    });
    // The first PTS of the main playlist (discontinuity 0): where the media timeline starts.
    if (E.INIT_PTS_FOUND)
      hls.on(E.INIT_PTS_FOUND, (_e, data: { id?: string; frag?: { cc?: number }; initPTS: number; timescale: number }) => {
        if (token !== this.loadToken || this.state.hlsStartPts !== null) return;
        if ((data.id ?? 'main') !== 'main' || (data.frag?.cc ?? 0) !== 0 || !(data.timescale > 0)) return;
        this.state.hlsStartPts = data.initPTS / data.timescale;
      });
    let deadFragments = 0;
    hls.on(E.FRAG_LOADED!, () => (deadFragments = 0));
    hls.on(E.ERROR!, (_e, data: { fatal: boolean; type?: string; details?: string; error?: Error; response?: { code?: number } }) => {
      if (isDeadFragment(data)) deadFragments++;
      // hls.js does not retry a 4xx fragment; with no other level it skips it and stalls for ever.
      if (!data.fatal && deadFragments >= DEAD_FRAGMENT_LIMIT) return this.fail({ ...hlsErrorInfo(data), code: 2 });
      if (!shouldReportHlsError(data)) return;
      this.fail(hlsErrorInfo(data));
    });
    hls.attachMedia(video);
    hls.loadSource(source.url);
  }

  /** A source for the Cast receiver: the state starts over as for a local load, the receiver loads it. */
  private loadRemote(source: SourceSlice, options: { startAt?: number; autoplay?: boolean; quality?: QualityKey }) {
    this.loadToken++;
    this.teardownSource();
    const available = fileQualities(source);
    let quality: QualityKey | null = null;
    if (source.type === 'file') {
      try {
        quality =
          options.quality && available.includes(options.quality) ? options.quality : chooseQuality(available, this.options.quality());
      } catch (error) {
        if (error instanceof NoUsableQualityError) return this.fail({ code: 4, message: error.message, name: error.name });
        throw error;
      }
    }
    Object.assign(this.state, {
      source: ref(source),
      error: null,
      ended: false,
      time: options.startAt ?? 0,
      duration: 0,
      buffered: 0,
      qualities: available,
      quality,
      audioTracks: [],
      audioTrack: null,
      hlsSubtitles: [],
      hlsStartPts: null,
      loading: true,
    } satisfies Partial<EngineState>);
    this.remoteTarget!.load(source, { startAt: options.startAt ?? 0, autoplay: !!options.autoplay, quality, rate: this.state.rate });
  }

  /**
   * A Cast session started (spec §4): the receiver plays the source from the current time, playing if
   * it was; this page's element stops and unloads. The controls now drive the receiver.
   */
  connectRemote(target: RemoteMediaTarget): void {
    if (this.remoteTarget === target) return;
    const video = this.video;
    const at = this.remoteTarget ? this.state.time : video?.currentTime || this.state.time;
    const wasPlaying = this.remoteTarget ? this.state.playing : !!video && !video.paused;
    video?.pause();
    this.remoteTarget = target;
    this.state.remotePlayer = true;
    this.state.seeking = false;
    const source = this.state.source;
    if (!source || this.state.error) {
      this.teardownSource();
      return;
    }
    // Casting before the first play starts playback there: the cast is the request to watch.
    this.loadRemoteAt(source, at, wasPlaying || !this.state.hasPlayedOnce);
  }

  /** The source on the receiver from `startAt`, at the quality and rate playing now. */
  private loadRemoteAt(source: SourceSlice, startAt: number, autoplay: boolean) {
    this.loadRemote(source, { startAt, autoplay, ...(this.state.quality ? { quality: this.state.quality } : {}) });
  }

  /** The receiver's media state (its change events, features/player/cast). Ignored when no receiver plays. */
  updateFromRemote(patch: RemoteMediaPatch): void {
    if (!this.remoteTarget) return;
    Object.assign(this.state, patch);
    if (patch.playing) {
      this.state.hasPlayedOnce = true;
      this.state.ended = false;
    }
    if (patch.time !== undefined) this.state.buffered = Math.max(this.state.buffered, patch.time);
  }

  /**
   * The Cast session ended: this page's player takes over, the source loaded again where the receiver
   * was (`at`, else the last time it reported), playing if it played.
   */
  async disconnectRemote(at?: { time: number; playing: boolean }): Promise<void> {
    if (!this.remoteTarget) return;
    const time = at?.time ?? this.state.time;
    const playing = at?.playing ?? this.state.playing;
    this.remoteTarget = null;
    this.state.remotePlayer = false;
    Object.assign(this.state, { time, playing: false, loading: false });
    const source = this.state.source;
    if (!source || !this.video || this.state.error) return;
    const quality = source.type === 'file' ? this.state.quality : null;
    await this.load(source, { startAt: time, autoplay: playing, ...(quality ? { quality } : {}) });
  }

  private setVideoSrc(url: string, startAt: number, autoplay?: boolean) {
    const video = this.video!;
    video.src = url;
    if (startAt > 0) {
      const seek = () => (video.currentTime = startAt);
      video.addEventListener('loadedmetadata', seek, { once: true });
    }
    video.load();
    if (autoplay) void this.play();
  }

  private readLevels() {
    const hls = this.hls!;
    const keys = new Set(hls.levels.map((l) => qualityFromHeight(l.height)));
    this.state.qualities = QUALITY_ORDER.filter((q) => keys.has(q));
    this.readAudioTracks();
  }

  private readAudioTracks() {
    const hls = this.hls;
    if (!hls) return;
    this.state.audioTracks = hls.audioTracks.map((t) => ({ id: String(t.id), label: t.name, language: t.lang ?? 'unknown' }));
    const current = hls.audioTracks[hls.audioTrack];
    this.state.audioTrack = current ? String(current.id) : null;
  }

  /** The highest level of a quality key (several levels may share a key). */
  private levelIndexOf(key: QualityKey): number {
    const levels = this.hls?.levels ?? [];
    let best = -1;
    levels.forEach((level, i) => {
      if (qualityFromHeight(level.height) !== key) return;
      if (best === -1 || level.height > levels[best]!.height) best = i;
    });
    return best;
  }

  // ------------------------------------------------------------------ requests from the UI

  async play(): Promise<void> {
    if (this.remoteTarget) {
      if (!this.state.playing) this.remoteTarget.playOrPause();
      return;
    }
    const video = this.video;
    if (!video) return;
    try {
      await video.play();
    } catch (error) {
      // Autoplay refused or the load was replaced: the big play button stays; not a playback error.
      if ((error as Error).name === 'NotAllowedError') Object.assign(this.state, { playing: false, playRequested: false });
    }
  }

  pause(): void {
    if (this.remoteTarget) {
      if (this.state.playing) this.remoteTarget.playOrPause();
      return;
    }
    this.video?.pause();
  }

  togglePlay(): void {
    if (this.remoteTarget) return this.remoteTarget.playOrPause();
    if (!this.video) return;
    if (this.video.paused) void this.play();
    else this.pause();
  }

  /** Seeks within 0..duration; a playing video pauses while seeking and resumes after (spec §4). */
  seek(seconds: number): void {
    if (this.remoteTarget) {
      const target = clamp(seconds, 0, this.state.duration || 0);
      this.remoteTarget.seek(target);
      this.state.time = target;
      return;
    }
    const video = this.video;
    if (!video) return;
    const duration = Number.isFinite(video.duration) ? video.duration : this.state.duration;
    const target = clamp(seconds, 0, duration || 0);
    const wasPlaying = !video.paused;
    if (wasPlaying) {
      this.resumeAfterSeek = true;
      video.pause();
    }
    video.currentTime = target;
    this.state.time = target;
  }

  setVolume(volume: number): void {
    const v = clamp(Number.isFinite(volume) ? volume : 1, 0, 1);
    if (this.remoteTarget) {
      this.remoteTarget.setVolumeLevel(v);
      if (v > 0 && this.state.muted) this.remoteTarget.muteOrUnmute();
    } else if (this.video) {
      this.video.volume = v;
      if (v > 0 && this.video.muted) this.video.muted = false;
    }
    this.state.volume = v;
  }

  toggleMute(): void {
    if (this.remoteTarget) return this.remoteTarget.muteOrUnmute();
    if (!this.video) return;
    this.video.muted = !this.video.muted;
  }

  setRate(rate: number): void {
    const changed = rate !== this.state.rate;
    // Also while casting: this page's player resumes at it when the session ends.
    if (this.video) this.video.playbackRate = rate;
    this.state.rate = rate;
    // A Cast receiver takes the rate with a load (LoadRequest.playbackRate): another load there, from the same
    // time, as for a quality. The speed shown is then the receiver's.
    const source = this.state.source;
    if (this.remoteTarget && changed && source && !this.state.error) this.loadRemoteAt(source, this.state.time, this.state.playing);
  }

  /** Chooses a quality (files: switches the URL at the current time; HLS: the matching level). */
  setQuality(key: QualityKey | 'auto'): void {
    const source = this.state.source;
    const video = this.video;
    if (!source || !video) return;
    if (this.remoteTarget) {
      // The receiver plays one file: another quality is another load there, from the same time.
      if (source.type === 'file' && key !== 'auto' && source.qualities[key]) {
        this.loadRemote(source, { startAt: this.state.time, autoplay: this.state.playing, quality: key });
        this.state.automaticQuality = false;
      }
      return;
    }
    if (source.type === 'file') {
      if (key === 'auto') key = chooseQuality(fileQualities(source), { automaticQuality: true, lastChosenQuality: null });
      const url = source.qualities[key];
      if (!url) return;
      const at = video.currentTime;
      const wasPlaying = !video.paused;
      this.state.quality = key;
      this.state.automaticQuality = false;
      this.setVideoSrc(url, at, wasPlaying);
      return;
    }
    const hls = this.hls;
    if (!hls) return;
    if (key === 'auto') {
      hls.currentLevel = -1;
      this.state.automaticQuality = true;
      return;
    }
    const index = this.levelIndexOf(key);
    if (index < 0) return;
    hls.currentLevel = index;
    this.state.automaticQuality = false;
    this.state.quality = key;
  }

  setAudioTrack(id: string): void {
    const hls = this.hls;
    if (!hls) return;
    const index = hls.audioTracks.findIndex((t) => String(t.id) === id);
    if (index >= 0) {
      hls.audioTrack = index;
      this.state.audioTrack = id;
    }
  }

  /** Opens the browser's cast device picker (Remote Playback API); resolves false when refused. */
  async requestCast(): Promise<boolean> {
    const remote = this.remote;
    if (!remote?.prompt) return false;
    try {
      await remote.prompt();
      return true;
    } catch (error) {
      // The user closed the picker, no device, or the source cannot be cast: nothing changes.
      console.warn('[player] cast prompt refused:', error);
      return false;
    }
  }

  get element(): HTMLVideoElement | null {
    return this.video;
  }

  /**
   * Whether playback is paused at this moment: the video element's own flag, which play() and pause() change at
   * once (the events, and so `state.playing`, come a task later); the receiver's state while casting.
   */
  get paused(): boolean {
    return this.remoteTarget || !this.video ? !this.state.playing : this.video.paused;
  }

  /**
   * Drops the source. `leaving`: the player goes away, and hls.js's teardown (its loaders, buffers and media
   * source, ~20 ms at 4× CPU) runs in a task of its own rather than in the navigation's (issue 19); the
   * video is paused at once, so nothing plays meanwhile.
   */
  private teardownSource(leaving = false) {
    const hls = this.hls;
    this.hls = null;
    this.resumeAfterSeek = false;
    if (hls && leaving) {
      this.video?.pause();
      setTimeout(() => hls.destroy(), 0);
      return;
    }
    hls?.destroy();
    if (this.video) {
      this.video.removeAttribute('src');
    }
  }

  /** Reset (spec §4): no source, time and duration zero. */
  reset(leaving = false): void {
    this.loadToken++;
    this.teardownSource(leaving);
    const { volume, muted, casting, castAvailable, remotePlayer } = this.state;
    Object.assign(this.state, { ...initialEngineState(), volume, muted, casting, castAvailable, remotePlayer });
  }

  /** Leaving the player: a receiver playing our source stops (nothing here controls it any more). */
  destroy(): void {
    if (this.remoteTarget) {
      this.remoteTarget.stop();
      this.remoteTarget = null;
      this.state.remotePlayer = false;
    }
    this.reset(true);
    if (this.remote && this.availabilityId !== null) void this.remote.cancelWatchAvailability?.(this.availabilityId).catch(() => undefined);
    this.remote = null;
    this.availabilityId = null;
    for (const off of this.detach) off();
    this.detach = [];
    this.video = null;
  }
}
