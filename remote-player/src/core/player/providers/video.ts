/**
 * The page's <video>: files by URL, HLS through hls.js (or the browser's own HLS where it has it and
 * hls.js cannot run, or while the element plays on a remote device). The element's events write the
 * media state while this provider is the engine's current one.
 */
import type { QualityKey, QualityPreference } from 'shared-contracts';
import { clamp } from '../format-time';
import { chooseQuality } from '../quality';
import { fileQualities, type SourceSlice } from '../source';
import { HlsPlayback, type HlsLoader } from './hls';
import type { LoadRequest, PageProvider, ProviderHost } from './provider';

export interface VideoOptions {
  loadHls: HlsLoader;
  quality: () => QualityPreference;
  /** Native HLS is used when the browser has it and hls.js is not supported (Safari iOS). */
  preferNativeHls?: boolean;
  /** True while the element plays on a remote device: a device takes a URL, not a MediaSource. */
  nativeHlsRequired: () => boolean;
  now: () => number;
}

export class VideoProvider implements PageProvider {
  /** False while another provider (a Cast receiver) plays: the idle element's events do not count. */
  active = true;
  private hls: HlsPlayback | null = null;
  private resumeAfterSeek = false;
  private loadStarted = 0;
  /** The time a source was loaded to start at, until the element reports being past 0. */
  private startingAt: number | null = null;
  private readonly detach: Array<() => void> = [];

  constructor(
    readonly element: HTMLVideoElement,
    private readonly host: ProviderHost,
    private readonly options: VideoOptions,
  ) {
    const { state } = host;
    const video = element;
    video.volume = state.volume;
    video.muted = state.muted;
    const on = <K extends keyof HTMLMediaElementEventMap>(type: K, listener: () => void) => {
      const local = () => {
        if (this.active) listener();
      };
      video.addEventListener(type, local);
      this.detach.push(() => video.removeEventListener(type, local));
    };
    on('play', () => Object.assign(state, { playing: true, hasPlayedOnce: true, playRequested: false, ended: false }));
    on('pause', () => (state.playing = false));
    on('playing', () => Object.assign(state, { loading: false, playing: true, hasPlayedOnce: true }));
    on('waiting', () => (state.loading = true));
    on('canplay', () => (state.loading = false));
    on('seeking', () => (state.seeking = true));
    on('seeked', () => {
      state.seeking = false;
      if (this.resumeAfterSeek) {
        this.resumeAfterSeek = false;
        void this.play();
      }
    });
    on('timeupdate', () => {
      // A new source reads 0 until it has reached the time it starts at: the time shown stays that one.
      if (this.startingAt !== null && video.currentTime === 0) return;
      this.startingAt = null;
      state.time = video.currentTime;
      if (state.firstFrameMs === null && video.currentTime > 0) state.firstFrameMs = this.options.now() - this.loadStarted;
      this.updateBuffered();
    });
    on('progress', () => this.updateBuffered());
    const readDuration = () => (state.duration = Number.isFinite(video.duration) ? video.duration : 0);
    on('durationchange', readDuration);
    on('loadedmetadata', readDuration);
    on('volumechange', () => Object.assign(state, { volume: video.volume, muted: video.muted }));
    on('ratechange', () => (state.rate = video.playbackRate));
    on('ended', () => Object.assign(state, { ended: true, playing: false }));
    on('error', () => {
      // With hls.js attached, its ERROR event reports (it knows more); a media error still counts.
      const error = video.error;
      if (!error || !state.source) return;
      if (this.hls && error.code !== 3 && error.code !== 4) return;
      host.fail({ code: error.code, message: error.message || `MediaError ${error.code}`, name: 'MediaError' });
    });
  }

  async load(source: SourceSlice, request: LoadRequest): Promise<void> {
    const { state } = this.host;
    const preference = this.options.quality();
    Object.assign(state, { playRequested: request.autoplay, firstFrameMs: null, automaticQuality: preference.automaticQuality });
    this.loadStarted = this.options.now();
    this.startingAt = request.startAt > 0 ? request.startAt : null;
    if (source.type === 'file') return this.setSrc(source.qualities[request.quality!]!, request.startAt, request.autoplay);

    const video = this.element;
    const native = video.canPlayType('application/vnd.apple.mpegurl') !== '';
    const useNative = native && (this.options.preferNativeHls || this.options.nativeHlsRequired());
    const Hls = useNative ? null : await this.options.loadHls().catch(() => null);
    if (!request.current()) return;
    if (!Hls || !Hls.isSupported()) {
      if (native) return this.setSrc(source.url, request.startAt, request.autoplay);
      return this.host.fail({ code: 4, message: 'HLS not supported. Update your browser.', name: 'NotSupported' });
    }
    this.hls = new HlsPlayback(Hls, video, source.url, request, this.host, preference, () => void this.play());
  }

  async play(): Promise<void> {
    try {
      await this.element.play();
    } catch (error) {
      // Autoplay refused or the load was replaced: the big play button stays; not a playback error.
      if ((error as Error).name === 'NotAllowedError') Object.assign(this.host.state, { playing: false, playRequested: false });
    }
  }

  pause(): void {
    this.element.pause();
  }

  togglePlay(): void {
    if (this.element.paused) void this.play();
    else this.pause();
  }

  /** Within 0..duration; a playing video pauses while seeking and resumes after. */
  seek(seconds: number): void {
    const video = this.element;
    const duration = Number.isFinite(video.duration) ? video.duration : this.host.state.duration;
    const target = clamp(seconds, 0, duration || 0);
    if (!video.paused) {
      this.resumeAfterSeek = true;
      video.pause();
    }
    this.startingAt = null;
    video.currentTime = target;
    this.host.state.time = target;
  }

  setVolume(volume: number): void {
    this.element.volume = volume;
    if (volume > 0 && this.element.muted) this.element.muted = false;
  }

  toggleMute(): void {
    this.element.muted = !this.element.muted;
  }

  setRate(rate: number): void {
    this.element.playbackRate = rate;
  }

  /** Files: the other quality's URL from the current time. HLS: the matching level. */
  setQuality(key: QualityKey | 'auto'): void {
    const { state } = this.host;
    const source = state.source;
    if (!source) return;
    if (source.type !== 'file') return this.hls?.setQuality(key);
    const chosen = key === 'auto' ? chooseQuality(fileQualities(source), { automaticQuality: true, lastChosenQuality: null }) : key;
    const url = source.qualities[chosen];
    if (!url) return;
    const at = this.element.currentTime;
    const wasPlaying = !this.element.paused;
    state.quality = chosen;
    state.automaticQuality = false;
    this.setSrc(url, at, wasPlaying);
  }

  setAudioTrack(id: string): void {
    this.hls?.setAudioTrack(id);
  }

  get paused(): boolean {
    return this.element.paused;
  }

  get currentTime(): number {
    return this.element.currentTime;
  }

  /** `leaving`: the video pauses at once and hls.js is torn down in a task of its own. */
  unload(leaving = false): void {
    const hls = this.hls;
    this.hls = null;
    this.resumeAfterSeek = false;
    if (hls && leaving) {
      this.element.pause();
      hls.destroy(true);
      return;
    }
    hls?.destroy();
    this.element.removeAttribute('src');
  }

  /** Stops listening to the element. */
  destroy(): void {
    for (const off of this.detach) off();
    this.detach.length = 0;
  }

  private setSrc(url: string, startAt: number, autoplay: boolean) {
    const video = this.element;
    video.src = url;
    if (startAt > 0) video.addEventListener('loadedmetadata', () => (video.currentTime = startAt), { once: true });
    video.load();
    if (autoplay) void this.play();
  }

  private updateBuffered() {
    const video = this.element;
    const { state } = this.host;
    const t = video.currentTime;
    for (let i = 0; i < video.buffered.length; i++) {
      if (video.buffered.start(i) <= t + 0.5 && video.buffered.end(i) >= t) {
        state.buffered = video.buffered.end(i);
        return;
      }
    }
    state.buffered = t;
  }
}
