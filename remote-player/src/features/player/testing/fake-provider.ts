/**
 * The browser's media pipeline, for component tests (jsdom plays nothing): a page provider that reports
 * what a <video> would, through the engine's host as the real provider's element events do. A load
 * reports the duration the test chose, at the start position; play, pause, seek, volume and speed are
 * reported at once; `report` says what the element would say by itself (ended, waiting, an error). The
 * engine, the stores, the commands and the UI stay the real ones.
 */
import type { QualityKey } from 'shared-contracts';
import type { LoadRequest, PageProvider, ProviderHost } from '../../../core/player/engine';
import { clamp } from '../../../core/player/format-time';
import type { SourceSlice } from '../../../core/player/source';

/** What the element reports of its media. */
export interface MediaFacts {
  /** Seconds; NaN before a source loads, as an element reports it. */
  duration: number;
  paused: boolean;
  currentTime: number;
}

/** What happens to the media by itself (not asked for by the player). */
export type MediaEvent = 'play' | 'playing' | 'pause' | 'waiting' | 'canplay' | 'timeupdate' | 'durationchange' | 'ended' | 'error';

export class FakeMedia {
  /** The duration the next load reports, in seconds. */
  duration = 60;
  /** Every source loaded, and how (start position, autoplay, quality), in order. */
  readonly loads: Array<{ source: SourceSlice; request: Omit<LoadRequest, 'current'> }> = [];
  readonly facts: MediaFacts = { duration: Number.NaN, paused: true, currentTime: 0 };
  private provider: FakeProvider | null = null;

  /** The engine's `pageProvider` option. */
  readonly pageProvider = (element: HTMLVideoElement, host: ProviderHost): PageProvider => {
    this.provider = new FakeProvider(element, host, this);
    return this.provider;
  };

  /** The element reports `event` after its facts changed as given (e.g. ended at the end). */
  report(event: MediaEvent, change: Partial<MediaFacts> = {}, error: { code: number; message: string } = { code: 3, message: '' }): void {
    Object.assign(this.facts, change);
    this.provider?.report(event, error);
  }
}

class FakeProvider implements PageProvider {
  active = true;

  constructor(
    readonly element: HTMLVideoElement,
    private readonly host: ProviderHost,
    private readonly media: FakeMedia,
  ) {
    element.volume = host.state.volume;
    element.muted = host.state.muted;
  }

  private get facts() {
    return this.media.facts;
  }

  /** The element's event, written as the real provider writes it (only while this provider is the current one). */
  report(event: MediaEvent, error?: { code: number; message: string }): void {
    if (!this.active) return;
    const { state } = this.host;
    const facts = this.facts;
    switch (event) {
      case 'play':
        Object.assign(state, { playing: true, hasPlayedOnce: true, playRequested: false, ended: false });
        break;
      case 'playing':
        Object.assign(state, { loading: false, playing: true, hasPlayedOnce: true });
        break;
      case 'pause':
        state.playing = false;
        break;
      case 'waiting':
        state.loading = true;
        break;
      case 'canplay':
        state.loading = false;
        break;
      case 'timeupdate':
        state.time = facts.currentTime;
        state.buffered = Math.max(state.buffered, facts.currentTime);
        break;
      case 'durationchange':
        state.duration = Number.isFinite(facts.duration) ? facts.duration : 0;
        break;
      case 'ended':
        Object.assign(state, { ended: true, playing: false });
        break;
      case 'error':
        if (state.source && error)
          this.host.fail({ code: error.code, message: error.message || `MediaError ${error.code}`, name: 'MediaError' });
        break;
    }
  }

  load(source: SourceSlice, request: LoadRequest): void {
    const { startAt, autoplay, quality, rate } = request;
    this.media.loads.push({ source, request: { startAt, autoplay, quality, rate } });
    this.host.state.playRequested = request.autoplay;
    // An element seeks to the start position once it knows the duration, and no further than it.
    const duration = this.media.duration;
    Object.assign(this.facts, { duration, currentTime: clamp(request.startAt, 0, duration), paused: true });
    this.report('durationchange');
    this.report('timeupdate');
    this.report('canplay');
    if (request.autoplay) void this.play();
  }

  play(): Promise<void> {
    this.facts.paused = false;
    this.report('play');
    this.report('playing');
    return Promise.resolve();
  }

  pause(): void {
    this.facts.paused = true;
    this.report('pause');
  }

  togglePlay(): void {
    if (this.facts.paused) void this.play();
    else this.pause();
  }

  seek(seconds: number): void {
    const duration = Number.isFinite(this.facts.duration) ? this.facts.duration : 0;
    this.facts.currentTime = clamp(seconds, 0, duration);
    this.report('timeupdate');
  }

  setVolume(volume: number): void {
    this.element.volume = volume;
    if (volume > 0) this.element.muted = false;
    this.reportVolume();
  }

  toggleMute(): void {
    this.element.muted = !this.element.muted;
    this.reportVolume();
  }

  setRate(rate: number): void {
    if (this.active) this.host.state.rate = rate;
  }

  setQuality(key: QualityKey | 'auto'): void {
    if (key !== 'auto' && this.host.state.qualities.includes(key)) this.host.state.quality = key;
  }

  setAudioTrack(id: string): void {
    if (this.host.state.audioTracks.some((track) => track.id === id)) this.host.state.audioTrack = id;
  }

  get paused(): boolean {
    return this.facts.paused;
  }

  get currentTime(): number {
    return this.facts.currentTime;
  }

  unload(): void {
    Object.assign(this.facts, { duration: Number.NaN, paused: true, currentTime: 0 });
  }

  destroy(): void {
    this.active = false;
  }

  /** jsdom keeps an element's volume and muted flag: they are read back as the volumechange event would be. */
  private reportVolume() {
    if (this.active) Object.assign(this.host.state, { volume: this.element.volume, muted: this.element.muted });
  }
}
