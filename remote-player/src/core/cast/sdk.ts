/**
 * The part of the Google Cast Web Sender SDK (cast.framework and chrome.cast, loaded from
 * cast_sender.js?loadCastFramework=1) that the player uses, typed here so the code that drives it is
 * checked and tests can stand in for it. Names and values as documented by the SDK.
 */

/** cast.framework.CastState */
export type CastStateName = 'NO_DEVICES_AVAILABLE' | 'NOT_CONNECTED' | 'CONNECTING' | 'CONNECTED';

/** cast.framework.SessionState */
export type SessionStateName =
  'NO_SESSION' | 'SESSION_STARTING' | 'SESSION_STARTED' | 'SESSION_START_FAILED' | 'SESSION_ENDING' | 'SESSION_ENDED' | 'SESSION_RESUMED';

/** chrome.cast.media.PlayerState */
export type RemotePlayerStateName = 'IDLE' | 'PLAYING' | 'PAUSED' | 'BUFFERING';

export interface CastMediaInfo {
  contentId: string;
  contentType: string;
  streamType?: string;
  metadata?: { title?: string; images?: Array<{ url: string }> } | null;
}

export interface CastLoadRequest {
  media: CastMediaInfo;
  currentTime: number | null;
  autoplay: boolean;
  /** The media playback rate (optional in the framework; the receiver plays at 1 without it). */
  playbackRate?: number;
}

export interface CastSession {
  getCastDevice(): { friendlyName: string };
  /** Resolves when the receiver loaded the media; rejects with a chrome.cast.ErrorCode. */
  loadMedia(request: CastLoadRequest): Promise<unknown>;
}

export interface CastContext {
  setOptions(options: { receiverApplicationId: string; autoJoinPolicy: string }): void;
  getCastState(): CastStateName;
  getSessionState(): SessionStateName;
  getCurrentSession(): CastSession | null;
  /** Opens the device picker; rejects with a chrome.cast.ErrorCode (e.g. 'cancel'). */
  requestSession(): Promise<unknown>;
  endCurrentSession(stopCasting: boolean): void;
  addEventListener(type: string, handler: (event: CastContextEvent) => void): void;
  removeEventListener(type: string, handler: (event: CastContextEvent) => void): void;
}

/** cast.framework.CastStateEventData and SessionStateEventData, as one shape. */
export interface CastContextEvent {
  type: string;
  castState?: CastStateName;
  sessionState?: SessionStateName;
  session?: CastSession | null;
  errorCode?: string | null;
}

export interface RemotePlayer {
  isConnected: boolean;
  isMediaLoaded: boolean;
  currentTime: number;
  duration: number;
  volumeLevel: number;
  isMuted: boolean;
  isPaused: boolean;
  playerState: RemotePlayerStateName | null;
  /** Set when the session ends: where the receiver was. */
  savedPlayerState: { mediaInfo: CastMediaInfo | null; currentTime: number; isPaused: boolean } | null;
}

/** cast.framework.RemotePlayerChangedEvent */
export interface RemotePlayerChangedEvent {
  type: string;
  field: string;
  value: unknown;
}

export interface RemotePlayerController {
  playOrPause(): void;
  /** Seeks the receiver to the player's currentTime. */
  seek(): void;
  /** Sets the receiver's volume to the player's volumeLevel. */
  setVolumeLevel(): void;
  muteOrUnmute(): void;
  stop(): void;
  addEventListener(type: string, handler: (event: RemotePlayerChangedEvent) => void): void;
  removeEventListener(type: string, handler: (event: RemotePlayerChangedEvent) => void): void;
}

export interface CastFrameworkNamespace {
  CastContext: { getInstance(): CastContext };
  CastContextEventType: { CAST_STATE_CHANGED: string; SESSION_STATE_CHANGED: string };
  RemotePlayer: new () => RemotePlayer;
  RemotePlayerController: new (player: RemotePlayer) => RemotePlayerController;
  RemotePlayerEventType: {
    IS_CONNECTED_CHANGED: string;
    IS_MEDIA_LOADED_CHANGED: string;
    CURRENT_TIME_CHANGED: string;
    DURATION_CHANGED: string;
    IS_PAUSED_CHANGED: string;
    VOLUME_LEVEL_CHANGED: string;
    IS_MUTED_CHANGED: string;
    PLAYER_STATE_CHANGED: string;
  };
}

export interface ChromeCastNamespace {
  AutoJoinPolicy: { ORIGIN_SCOPED: string };
  Image: new (url: string) => { url: string };
  media: {
    DEFAULT_MEDIA_RECEIVER_APP_ID: string;
    StreamType: { BUFFERED: string };
    MediaInfo: new (contentId: string, contentType: string) => CastMediaInfo;
    GenericMediaMetadata: new () => { title?: string; images?: Array<{ url: string }> };
    LoadRequest: new (media: CastMediaInfo) => CastLoadRequest;
  };
}

/** What cast_sender.js puts on window once it calls __onGCastApiAvailable(true). */
export interface CastSdk {
  framework: CastFrameworkNamespace;
  chromeCast: ChromeCastNamespace;
}
