/**
 * The playback engine (no React). It keeps the player's playback state and routes the UI's requests
 * (play, seek, setQuality…) to the current provider: the page's <video> (files, and HLS through
 * hls.js), or a Cast receiver while a session is on; the Remote Playback API moves the <video> itself
 * to a device. Each load resets the state in one place, then the provider plays and writes what it
 * observes. The UI only requests: it never writes the state.
 */
import { proxy, ref } from 'valtio/vanilla';
import type { QualityKey, QualityPreference } from 'shared-contracts';
import { initialEngineState, type EngineState } from './engine-state';
import { clamp } from './format-time';
import { NoUsableQualityError, chooseQuality } from './quality';
import { fileQualities, type SourceSlice } from './source';
import type { PlaybackErrorInfo } from './status';
import { CastProvider, type RemoteMediaPatch, type RemoteMediaTarget } from './providers/cast';
import type { HlsLoader } from './providers/hls';
import type { MediaProvider, PageProvider, PageProviderFactory, ProviderHost } from './providers/provider';
import { RemotePlayback } from './providers/remote-playback';
import { VideoProvider } from './providers/video';

export * from './engine-state';
export type { HlsConstructor, HlsLike, HlsLoader } from './providers/hls';
export type { RemoteMediaPatch, RemoteMediaTarget } from './providers/cast';
export type { RemotePlaybackLike } from './providers/remote-playback';
export type { LoadRequest, MediaProvider, PageProvider, PageProviderFactory, ProviderHost } from './providers/provider';

export interface EngineOptions {
  loadHls: HlsLoader;
  /** The user's quality preference at load time. */
  quality: () => QualityPreference;
  onFatal?: (error: PlaybackErrorInfo) => void;
  /** Native HLS is used when the browser has it and hls.js is not supported (Safari iOS). */
  preferNativeHls?: boolean;
  now?: () => number;
  /** The provider of the page's <video> (default: the element itself plays, VideoProvider). */
  pageProvider?: PageProviderFactory;
}

type LoadOptions = { startAt?: number; autoplay?: boolean; quality?: QualityKey };

export class PlaybackEngine {
  readonly state = proxy<EngineState>(initialEngineState());
  private video: PageProvider | null = null;
  private cast: CastProvider | null = null;
  private remotePlayback: RemotePlayback | null = null;
  private loadToken = 0;
  private readonly host: ProviderHost = {
    state: this.state,
    fail: (error) => this.fail(error),
    reload: (options) => {
      const source = this.state.source;
      if (source && !this.state.error) void this.load(source, options);
    },
  };

  constructor(private readonly options: EngineOptions) {}

  /** The provider requests go to: the Cast receiver while a session is on, else the page's <video>. */
  private get provider(): MediaProvider | null {
    return this.cast ?? this.video;
  }

  attach(element: HTMLVideoElement): void {
    if (this.video?.element === element) return;
    this.video?.destroy();
    this.remotePlayback?.destroy();
    this.video = (this.options.pageProvider ?? this.videoProvider)(element, this.host);
    this.video.active = !this.cast;
    this.remotePlayback = RemotePlayback.watch(element, this.state, () => void this.reloadHere());
  }

  private readonly videoProvider: PageProviderFactory = (element, host) =>
    new VideoProvider(element, host, {
      loadHls: this.options.loadHls,
      quality: this.options.quality,
      preferNativeHls: this.options.preferNativeHls,
      nativeHlsRequired: () => this.state.casting === 'connected',
      now: () => this.now(),
    });

  private now() {
    return this.options.now?.() ?? performance.now();
  }

  private fail(error: PlaybackErrorInfo) {
    if (this.state.error) return;
    Object.assign(this.state, { error, playing: false, playRequested: false });
    this.options.onFatal?.(error);
  }

  /** Loads a source and starts at `startAt` seconds; playing is asked for when `autoplay`. */
  async load(source: SourceSlice, options: LoadOptions = {}): Promise<void> {
    const provider = this.provider;
    if (!provider) throw new Error('PlaybackEngine.load before attach');
    const token = ++this.loadToken;
    // The page's element stops whoever plays next: this page again, or a receiver.
    this.video?.unload();
    const startAt = options.startAt ?? 0;
    Object.assign(this.state, {
      source: ref(source),
      error: null,
      ended: false,
      time: startAt,
      duration: 0,
      buffered: 0,
      qualities: [],
      quality: null,
      audioTracks: [],
      audioTrack: null,
      hlsSubtitles: [],
      hlsStartPts: null,
      loading: true,
    } satisfies Partial<EngineState>);
    let quality: QualityKey | null = null;
    if (source.type === 'file') {
      const available = fileQualities(source);
      try {
        quality =
          options.quality && available.includes(options.quality) ? options.quality : chooseQuality(available, this.options.quality());
      } catch (error) {
        if (error instanceof NoUsableQualityError) return this.fail({ code: 4, message: error.message, name: error.name });
        throw error;
      }
      Object.assign(this.state, { qualities: available, quality });
    }
    const current = () => token === this.loadToken;
    await provider.load(source, { startAt, autoplay: !!options.autoplay, quality, rate: this.state.rate, current });
  }

  /** The source again where it is (same time, playing if it was): the Remote Playback connection changed. */
  private async reloadHere(): Promise<void> {
    const source = this.state.source;
    const page = this.video;
    if (!source || !page || this.state.error) return;
    const at = page.currentTime || this.state.time;
    const wasPlaying = !page.paused || this.state.playing;
    const quality = source.type === 'file' ? this.state.quality : null;
    await this.load(source, { startAt: at, autoplay: wasPlaying, ...(quality ? { quality } : {}) });
  }

  /**
   * A Cast session started: the receiver plays the source from the current time, playing if it was;
   * this page's element stops and unloads. The controls now drive the receiver.
   */
  connectRemote(target: RemoteMediaTarget): void {
    if (this.cast?.target === target) return;
    const page = this.video;
    const at = this.cast ? this.state.time : page?.currentTime || this.state.time;
    const wasPlaying = this.cast ? this.state.playing : !!page && !page.paused;
    this.cast = new CastProvider(target, this.host);
    // Idle first: the element's own pause is not the new player's state.
    if (page) {
      page.active = false;
      page.pause();
    }
    Object.assign(this.state, { remotePlayer: true, seeking: false });
    const source = this.state.source;
    if (!source || this.state.error) {
      this.video?.unload();
      return;
    }
    // Casting before the first play starts playback there: the cast is the request to watch.
    const quality = this.state.quality;
    void this.load(source, { startAt: at, autoplay: wasPlaying || !this.state.hasPlayedOnce, ...(quality ? { quality } : {}) });
  }

  /** The receiver's media state (its change events, features/player/cast). Ignored when no receiver plays. */
  updateFromRemote(patch: RemoteMediaPatch): void {
    if (!this.cast) return;
    Object.assign(this.state, patch);
    if (patch.playing) Object.assign(this.state, { hasPlayedOnce: true, ended: false });
    if (patch.time !== undefined) this.state.buffered = Math.max(this.state.buffered, patch.time);
  }

  /**
   * The Cast session ended: this page's player takes over, the source loaded again where the receiver
   * was (`at`, else the last time it reported), playing if it played.
   */
  async disconnectRemote(at?: { time: number; playing: boolean }): Promise<void> {
    if (!this.cast) return;
    const time = at?.time ?? this.state.time;
    const playing = at?.playing ?? this.state.playing;
    this.cast = null;
    if (this.video) this.video.active = true;
    Object.assign(this.state, { remotePlayer: false, time, playing: false, loading: false });
    const source = this.state.source;
    if (!source || !this.video || this.state.error) return;
    const quality = source.type === 'file' ? this.state.quality : null;
    await this.load(source, { startAt: time, autoplay: playing, ...(quality ? { quality } : {}) });
  }

  // ------------------------------------------------------------------ requests from the UI

  async play(): Promise<void> {
    await this.provider?.play();
  }

  pause(): void {
    this.provider?.pause();
  }

  togglePlay(): void {
    this.provider?.togglePlay();
  }

  seek(seconds: number): void {
    this.provider?.seek(seconds);
  }

  setVolume(volume: number): void {
    const level = clamp(Number.isFinite(volume) ? volume : 1, 0, 1);
    this.provider?.setVolume(level);
    this.state.volume = level;
  }

  toggleMute(): void {
    this.provider?.toggleMute();
  }

  setRate(rate: number): void {
    const changed = rate !== this.state.rate;
    // Also while casting: this page's player resumes at it when the session ends.
    this.video?.setRate(rate);
    this.state.rate = rate;
    if (changed && this.cast) this.cast.setRate();
  }

  /** Chooses a quality (files: the other URL at the current time; HLS: the matching level). */
  setQuality(key: QualityKey | 'auto'): void {
    if (!this.state.source || !this.video) return;
    this.provider?.setQuality(key);
  }

  setAudioTrack(id: string): void {
    this.provider?.setAudioTrack(id);
  }

  /** Opens the browser's cast device picker (Remote Playback API); resolves false when refused. */
  async requestCast(): Promise<boolean> {
    return (await this.remotePlayback?.prompt()) ?? false;
  }

  get element(): HTMLVideoElement | null {
    return this.video?.element ?? null;
  }

  /**
   * Whether playback is paused at this moment: the video element's own flag, which play() and pause() change at
   * once (the events, and so `state.playing`, come a task later); the receiver's state while casting.
   */
  get paused(): boolean {
    return this.provider?.paused ?? !this.state.playing;
  }

  /** No source, time and duration zero. `leaving`: the player goes away (see VideoProvider.unload). */
  reset(leaving = false): void {
    this.loadToken++;
    this.video?.unload(leaving);
    const { volume, muted, casting, castAvailable, remotePlayer } = this.state;
    Object.assign(this.state, { ...initialEngineState(), volume, muted, casting, castAvailable, remotePlayer });
  }

  /** Leaving the player: a receiver playing our source stops (nothing here controls it any more). */
  destroy(): void {
    if (this.cast) {
      this.cast.stop();
      this.cast = null;
      this.state.remotePlayer = false;
    }
    this.reset(true);
    this.remotePlayback?.destroy();
    this.remotePlayback = null;
    this.video?.destroy();
    this.video = null;
  }
}
