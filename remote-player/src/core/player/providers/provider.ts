/**
 * A provider is one playback technology: the page's <video> (with hls.js for HLS), or a Cast
 * receiver. The engine keeps one current provider, resets the state once per load and routes the UI's
 * requests to it; the provider plays and writes the media state it observes.
 */
import type { QualityKey } from 'shared-contracts';
import type { EngineState } from '../engine-state';
import type { SourceSlice } from '../source';
import type { PlaybackErrorInfo } from '../status';

export interface LoadRequest {
  /** Seconds. */
  startAt: number;
  autoplay: boolean;
  /** A file source's quality, chosen by the engine; null for HLS. */
  quality: QualityKey | null;
  rate: number;
  /** False once a newer load (or a reset) replaced this one: an async load stops there. */
  current(): boolean;
}

export interface MediaProvider {
  load(source: SourceSlice, request: LoadRequest): Promise<void> | void;
  play(): Promise<void>;
  pause(): void;
  togglePlay(): void;
  /** Within 0..duration. */
  seek(seconds: number): void;
  /** `volume` is already clamped to 0..1. */
  setVolume(volume: number): void;
  toggleMute(): void;
  setRate(rate: number): void;
  setQuality(key: QualityKey | 'auto'): void;
  setAudioTrack(id: string): void;
  /** Paused at this moment (before the state hears of it). */
  readonly paused: boolean;
  /** The position at this moment (before the state hears of it), in seconds. */
  readonly currentTime: number;
  /** Drops the source. `leaving`: the player goes away, so nothing slow runs in the navigation's task. */
  unload(leaving?: boolean): void;
}

/** What a provider may use of the engine. */
export interface ProviderHost {
  readonly state: EngineState;
  fail(error: PlaybackErrorInfo): void;
  /** Loads the current source again through the engine (one reset), unless there is none or it failed. */
  reload(options: { startAt: number; autoplay: boolean; quality?: QualityKey }): void;
}

/**
 * The provider of the page's own <video>: the one the engine attaches to the element, which stays while
 * a Cast receiver plays (idle then) and takes over again when the session ends.
 */
export interface PageProvider extends MediaProvider {
  readonly element: HTMLVideoElement;
  /** False while another provider (a Cast receiver) plays: the idle element's events do not count. */
  active: boolean;
  /** Stops listening to the element. */
  destroy(): void;
}

/** Makes the page's provider for an element (the engine's default: the <video> itself, VideoProvider). */
export type PageProviderFactory = (element: HTMLVideoElement, host: ProviderHost) => PageProvider;
