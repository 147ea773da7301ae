/**
 * Chromecast through the Cast framework (docs/behaviour.md#player-casting), the pure part: what the player knows of the
 * framework, when its Cast button shows, what a receiver is asked to load, and how the remote player's
 * change events become the engine's media state (the controls read the same state while casting).
 */
import type { QualityKey } from 'shared-contracts';
import type { RemoteMediaPatch } from '../player/providers/cast';
import { chooseQuality, NoUsableQualityError } from '../player/quality';
import { fileQualities, type SourceSlice } from '../player/source';
import type { CastStateName, RemotePlayer, RemotePlayerStateName, SessionStateName } from './sdk';

export interface CastFrameworkState {
  /** loading: cast_sender.js requested; ready: the framework is there; unavailable: no framework (not Chrome, or it failed). */
  sdk: 'idle' | 'loading' | 'ready' | 'unavailable';
  /** The framework's cast state (devices in reach, connecting, connected); null before it is known. */
  castState: CastStateName | null;
  /** The receiver's name while a session is on. */
  device: string | null;
}

export const initialCastFramework = (): CastFrameworkState => ({ sdk: 'idle', castState: null, device: null });

/**
 * Browsers where the Cast framework works (Google's Web Sender SDK: Chrome, and Edge on the same
 * engine), by their User-Agent Client Hints brands. Elsewhere the sender script only says the API is
 * not available, so it is not fetched from Google at all.
 */
export function castCapableBrowser(brands: ReadonlyArray<{ brand: string }> | undefined): boolean {
  return !!brands?.some(({ brand }) => brand === 'Google Chrome' || brand === 'Microsoft Edge');
}

/** The Cast framework's button: the framework is there and a device is in reach (or a session is on). */
export function castFrameworkButtonShown(state: Pick<CastFrameworkState, 'sdk' | 'castState'>): boolean {
  return state.sdk === 'ready' && state.castState !== null && state.castState !== 'NO_DEVICES_AVAILABLE';
}

/** A session state that switches the player: to the receiver, back to this page, or neither. */
export function sessionSwitch(state: SessionStateName | undefined): 'connect' | 'disconnect' | null {
  if (state === 'SESSION_STARTED' || state === 'SESSION_RESUMED') return 'connect';
  if (state === 'SESSION_ENDED') return 'disconnect';
  return null;
}

/** What a receiver is asked to load: chrome.cast.media.MediaInfo and LoadRequest fields. */
export interface CastMediaRequest {
  url: string;
  contentType: string;
  title: string;
  poster: string | null;
  /** Seconds. */
  startAt: number;
  autoplay: boolean;
  /** The rate to play at (LoadRequest.playbackRate). */
  playbackRate: number;
}

/**
 * The URL a receiver plays for a source: the HLS playlist, or the file of the quality that plays here
 * (else the one the preference picks). Null when a file source has no usable quality.
 */
export function castMediaRequest(
  source: SourceSlice,
  options: { quality: QualityKey | null; title: string; poster?: string | null; startAt: number; autoplay: boolean; rate?: number },
): CastMediaRequest | null {
  const common = {
    title: options.title,
    poster: options.poster || null,
    startAt: Math.max(0, options.startAt || 0),
    autoplay: options.autoplay,
    playbackRate: options.rate && Number.isFinite(options.rate) && options.rate > 0 ? options.rate : 1,
  };
  if (source.type === 'hls') return { url: source.url, contentType: 'application/x-mpegurl', ...common };
  const available = fileQualities(source);
  let quality = options.quality && available.includes(options.quality) ? options.quality : null;
  if (!quality) {
    try {
      quality = chooseQuality(available, { automaticQuality: true, lastChosenQuality: null });
    } catch (error) {
      if (error instanceof NoUsableQualityError) return null;
      throw error;
    }
  }
  const url = source.qualities[quality];
  return url ? { url, contentType: 'video/mp4', ...common } : null;
}

const finite = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);

/** One cast.framework.RemotePlayerChangedEvent (its field and value) as engine state; null when nothing of ours changed. */
export function patchFromRemote(field: string, value: unknown): RemoteMediaPatch | null {
  switch (field) {
    case 'currentTime': {
      const time = finite(value);
      return time === null ? null : { time: Math.max(0, time) };
    }
    case 'duration': {
      const duration = finite(value);
      return duration === null ? null : { duration: Math.max(0, duration) };
    }
    case 'isPaused':
      return typeof value === 'boolean' ? { playing: !value } : null;
    case 'volumeLevel': {
      const volume = finite(value);
      return volume === null ? null : { volume: Math.min(1, Math.max(0, volume)) };
    }
    case 'isMuted':
      return typeof value === 'boolean' ? { muted: value } : null;
    case 'playerState': {
      const state = value as RemotePlayerStateName | null;
      if (state === 'BUFFERING') return { loading: true };
      if (state === 'PLAYING') return { loading: false, playing: true };
      if (state === 'PAUSED') return { loading: false, playing: false };
      if (state === 'IDLE') return { loading: false };
      return null;
    }
    default:
      return null;
  }
}

/** The whole remote player as engine state (when a session starts, before any change event). */
export function patchFromRemotePlayer(
  player: Pick<RemotePlayer, 'currentTime' | 'duration' | 'isPaused' | 'volumeLevel' | 'isMuted' | 'playerState'>,
): RemoteMediaPatch {
  return Object.assign(
    {},
    ...(['currentTime', 'duration', 'isPaused', 'volumeLevel', 'isMuted', 'playerState'] as const).map(
      (field) => patchFromRemote(field, player[field]) ?? {},
    ),
  ) as RemoteMediaPatch;
}

/**
 * Where the web player takes over when the session ends: the receiver's saved position (the SDK
 * keeps it once disconnected) or else the last time it reported.
 */
export function resumeAfterCast(
  saved: RemotePlayer['savedPlayerState'],
  last: { time: number; playing: boolean },
): { time: number; playing: boolean } {
  const time = finite(saved?.currentTime);
  if (saved && time !== null && time > 0) return { time, playing: !saved.isPaused };
  return { time: last.time, playing: last.playing };
}
