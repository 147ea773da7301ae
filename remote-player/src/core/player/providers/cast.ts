/**
 * A Cast receiver (Cast framework session) plays the source: the UI's requests go to it, and its media
 * state comes back through the engine's `updateFromRemote` (features/player/cast). A receiver takes a
 * quality and a playback rate with a load, so changing either loads the source there again.
 */
import type { QualityKey } from 'shared-contracts';
import type { EngineState } from '../engine-state';
import type { SourceSlice } from '../source';
import type { LoadRequest, MediaProvider, ProviderHost } from './provider';

/** A player elsewhere (a Cast receiver) that plays the source while it is connected. */
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

export class CastProvider implements MediaProvider {
  constructor(
    readonly target: RemoteMediaTarget,
    private readonly host: ProviderHost,
  ) {}

  load(source: SourceSlice, request: LoadRequest): void {
    const { startAt, autoplay, quality, rate } = request;
    this.target.load(source, { startAt, autoplay, quality, rate });
  }

  play(): Promise<void> {
    if (!this.host.state.playing) this.target.playOrPause();
    return Promise.resolve();
  }

  pause(): void {
    if (this.host.state.playing) this.target.playOrPause();
  }

  togglePlay(): void {
    this.target.playOrPause();
  }

  seek(seconds: number): void {
    const { state } = this.host;
    const target = Math.min(Math.max(seconds, 0), state.duration || 0);
    this.target.seek(target);
    state.time = target;
  }

  setVolume(volume: number): void {
    this.target.setVolumeLevel(volume);
    if (volume > 0 && this.host.state.muted) this.target.muteOrUnmute();
  }

  toggleMute(): void {
    this.target.muteOrUnmute();
  }

  /** Another load there, from the same time (the speed shown is then the receiver's). */
  setRate(): void {
    const { state } = this.host;
    this.host.reload({ startAt: state.time, autoplay: state.playing, ...(state.quality ? { quality: state.quality } : {}) });
  }

  /** The receiver plays one file: another quality is another load there, from the same time. */
  setQuality(key: QualityKey | 'auto'): void {
    const { state } = this.host;
    const source = state.source;
    if (source?.type !== 'file' || key === 'auto' || !source.qualities[key]) return;
    this.host.reload({ startAt: state.time, autoplay: state.playing, quality: key });
    state.automaticQuality = false;
  }

  /** A receiver plays the audio its load chose. */
  setAudioTrack(): void {}

  get paused(): boolean {
    return !this.host.state.playing;
  }

  /** The last position the receiver reported. */
  get currentTime(): number {
    return this.host.state.time;
  }

  /** The receiver's next load replaces its source; nothing to drop here. */
  unload(): void {}

  /** Nothing here controls the receiver any more: it stops. */
  stop(): void {
    this.target.stop();
  }
}
