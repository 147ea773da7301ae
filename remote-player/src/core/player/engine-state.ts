/** What the player shows of playback: the engine and its providers write it, the UI reads it. */
import type { QualityKey } from 'shared-contracts';
import type { SourceSlice } from './source';
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

export type CastState = 'disconnected' | 'connecting' | 'connected';

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
