/**
 * HLS through hls.js on the page's <video> (loaded lazily through an injected loader): levels become
 * qualities, audio and subtitle renditions become tracks, fatal errors become playback errors.
 */
import type { QualityKey, QualityPreference } from 'shared-contracts';
import { browserStartEstimate, saveBandwidthEstimate } from '../bandwidth';
import { HLS_CONFIG } from '../hls-config';
import { DEAD_FRAGMENT_LIMIT, hlsErrorInfo, isDeadFragment, shouldReportHlsError } from '../playback-error';
import { QUALITY_ORDER, chooseQuality, qualityFromHeight } from '../quality';
import type { LoadRequest, ProviderHost } from './provider';

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

type HlsError = { fatal: boolean; type?: string; details?: string; error?: Error; response?: { code?: number } };

/** One HLS source playing through hls.js; a new source is a new instance. */
export class HlsPlayback {
  private readonly hls: HlsLike;

  constructor(
    Hls: HlsConstructor,
    video: HTMLVideoElement,
    url: string,
    request: LoadRequest,
    private readonly host: ProviderHost,
    preference: QualityPreference,
    play: () => void,
  ) {
    const { state } = host;
    // The first level comes from a bandwidth estimate (last measurement, else the downlink hint), not hls.js's 500 kbit/s.
    const startPosition = request.startAt > 0 ? request.startAt : -1;
    const hls = new Hls({ ...HLS_CONFIG, abrEwmaDefaultEstimate: browserStartEstimate(), startPosition });
    this.hls = hls;
    const E = Hls.Events;
    hls.on(E.MANIFEST_PARSED!, () => {
      if (!request.current()) return;
      this.readLevels();
      try {
        const chosen = chooseQuality(state.qualities, preference);
        if (!preference.automaticQuality && preference.lastChosenQuality) {
          const index = this.levelIndexOf(chosen);
          if (index >= 0) hls.currentLevel = index;
          state.quality = chosen;
        }
        // Automatic: the label names the level that plays (FRAG_CHANGED), not a guess.
      } catch {
        // Levels without heights: leave hls.js on automatic.
      }
      if (request.autoplay) play();
    });
    hls.on(E.LEVEL_SWITCHED!, (_e, data: { level: number }) => {
      const level = hls.levels[data.level];
      // Automatic: a switched level is loading, not yet playing; FRAG_CHANGED names it once it plays.
      if (level && (!state.automaticQuality || !state.quality)) state.quality = qualityFromHeight(level.height);
    });
    hls.on(E.FRAG_CHANGED!, (_e, data: { frag: { level: number } }) => {
      if (!request.current()) return;
      const level = hls.levels[data.frag.level];
      if (level) state.quality = qualityFromHeight(level.height);
    });
    hls.on(E.FRAG_LOADED!, () => saveBandwidthEstimate(hls.bandwidthEstimate ?? Number.NaN));
    hls.on(E.AUDIO_TRACKS_UPDATED!, () => this.readAudioTracks());
    hls.on(E.AUDIO_TRACK_SWITCHED!, (_e, data: { id: number }) => (state.audioTrack = String(data.id)));
    hls.on(E.SUBTITLE_TRACKS_UPDATED!, () => {
      state.hlsSubtitles = hls.subtitleTracks.map((t) => ({ id: t.id, label: t.name, language: t.lang ?? 'unknown', url: t.url }));
      // Our overlay renders captions; hls.js must not load or show them itself.
      hls.subtitleDisplay = false;
      hls.subtitleTrack = -1;
    });
    // The first PTS of the main playlist (discontinuity 0): where the media timeline starts.
    if (E.INIT_PTS_FOUND)
      hls.on(E.INIT_PTS_FOUND, (_e, data: { id?: string; frag?: { cc?: number }; initPTS: number; timescale: number }) => {
        if (!request.current() || state.hlsStartPts !== null) return;
        if ((data.id ?? 'main') !== 'main' || (data.frag?.cc ?? 0) !== 0 || !(data.timescale > 0)) return;
        state.hlsStartPts = data.initPTS / data.timescale;
      });
    let deadFragments = 0;
    hls.on(E.FRAG_LOADED!, () => (deadFragments = 0));
    hls.on(E.ERROR!, (_e, data: HlsError) => {
      if (isDeadFragment(data)) deadFragments++;
      // hls.js does not retry a 4xx fragment; with no other level it skips it and stalls for ever.
      if (!data.fatal && deadFragments >= DEAD_FRAGMENT_LIMIT) return host.fail({ ...hlsErrorInfo(data), code: 2 });
      if (!shouldReportHlsError(data)) return;
      host.fail(hlsErrorInfo(data));
    });
    hls.attachMedia(video);
    hls.loadSource(url);
  }

  setQuality(key: QualityKey | 'auto'): void {
    const { state } = this.host;
    if (key === 'auto') {
      this.hls.currentLevel = -1;
      state.automaticQuality = true;
      return;
    }
    const index = this.levelIndexOf(key);
    if (index < 0) return;
    this.hls.currentLevel = index;
    state.automaticQuality = false;
    state.quality = key;
  }

  setAudioTrack(id: string): void {
    const index = this.hls.audioTracks.findIndex((t) => String(t.id) === id);
    if (index < 0) return;
    this.hls.audioTrack = index;
    this.host.state.audioTrack = id;
  }

  /** `later`: in a task of its own (hls.js's teardown of loaders, buffers and media source is long). */
  destroy(later = false): void {
    if (later) setTimeout(() => this.hls.destroy(), 0);
    else this.hls.destroy();
  }

  private readLevels() {
    const keys = new Set(this.hls.levels.map((l) => qualityFromHeight(l.height)));
    this.host.state.qualities = QUALITY_ORDER.filter((q) => keys.has(q));
    this.readAudioTracks();
  }

  private readAudioTracks() {
    const { hls } = this;
    const { state } = this.host;
    state.audioTracks = hls.audioTracks.map((t) => ({ id: String(t.id), label: t.name, language: t.lang ?? 'unknown' }));
    const current = hls.audioTracks[hls.audioTrack];
    state.audioTrack = current ? String(current.id) : null;
  }

  /** The highest level of a quality key (several levels may share a key). */
  private levelIndexOf(key: QualityKey): number {
    const levels = this.hls.levels;
    let best = -1;
    levels.forEach((level, i) => {
      if (qualityFromHeight(level.height) !== key) return;
      if (best === -1 || level.height > levels[best]!.height) best = i;
    });
    return best;
  }
}
