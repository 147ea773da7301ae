/**
 * The plain parts of the Cast Web Sender SDK's stand-in (see cast-sender.ts): its enums, chrome.cast's
 * data classes (Image, MediaInfo, GenericMediaMetadata, LoadRequest) and the event emitter its objects
 * share. It runs in the page (serialised by cast-sender.ts), so it may not refer to anything outside
 * its own body.
 */
export function castSdkStandIn() {
  type Handler = (event: Record<string, unknown>) => void;
  class Emitter {
    listeners = new Map<string, Set<Handler>>();
    addEventListener(type: string, handler: Handler) {
      if (!this.listeners.has(type)) this.listeners.set(type, new Set());
      this.listeners.get(type)!.add(handler);
    }
    removeEventListener(type: string, handler: Handler) {
      this.listeners.get(type)?.delete(handler);
    }
    emit(type: string, event: Record<string, unknown>) {
      for (const handler of [...(this.listeners.get(type) ?? [])]) handler({ type, ...event });
    }
  }

  const CastState = {
    NO_DEVICES_AVAILABLE: 'NO_DEVICES_AVAILABLE',
    NOT_CONNECTED: 'NOT_CONNECTED',
    CONNECTING: 'CONNECTING',
    CONNECTED: 'CONNECTED',
  };
  const SessionState = {
    NO_SESSION: 'NO_SESSION',
    SESSION_STARTING: 'SESSION_STARTING',
    SESSION_STARTED: 'SESSION_STARTED',
    SESSION_START_FAILED: 'SESSION_START_FAILED',
    SESSION_ENDING: 'SESSION_ENDING',
    SESSION_ENDED: 'SESSION_ENDED',
    SESSION_RESUMED: 'SESSION_RESUMED',
  };
  const CastContextEventType = { CAST_STATE_CHANGED: 'caststatechanged', SESSION_STATE_CHANGED: 'sessionstatechanged' };
  const RemotePlayerEventType = {
    ANY_CHANGE: 'anyChanged',
    IS_CONNECTED_CHANGED: 'isConnectedChanged',
    IS_MEDIA_LOADED_CHANGED: 'isMediaLoadedChanged',
    DURATION_CHANGED: 'durationChanged',
    CURRENT_TIME_CHANGED: 'currentTimeChanged',
    IS_PAUSED_CHANGED: 'isPausedChanged',
    VOLUME_LEVEL_CHANGED: 'volumeLevelChanged',
    IS_MUTED_CHANGED: 'isMutedChanged',
    PLAYER_STATE_CHANGED: 'playerStateChanged',
    DISPLAY_NAME_CHANGED: 'displayNameChanged',
    TITLE_CHANGED: 'titleChanged',
    MEDIA_INFO_CHANGED: 'mediaInfoChanged',
    IMAGE_URL_CHANGED: 'imageUrlChanged',
  };
  const ErrorCode = {
    CANCEL: 'cancel',
    TIMEOUT: 'timeout',
    API_NOT_INITIALIZED: 'api_not_initialized',
    INVALID_PARAMETER: 'invalid_parameter',
    RECEIVER_UNAVAILABLE: 'receiver_unavailable',
    SESSION_ERROR: 'session_error',
    LOAD_MEDIA_FAILED: 'load_media_failed',
  };

  // chrome.cast
  class Image {
    url: string;
    height: number | null = null;
    width: number | null = null;
    constructor(url: string) {
      this.url = url;
    }
  }
  class MediaInfo {
    contentId: string;
    contentType: string;
    streamType = 'BUFFERED';
    duration: number | null = null;
    metadata: { title?: string; images?: Image[] } | null = null;
    customData = null;
    constructor(contentId: string, contentType: string) {
      this.contentId = contentId;
      this.contentType = contentType;
    }
  }
  class GenericMediaMetadata {
    metadataType = 0;
    title: string | undefined;
    subtitle: string | undefined;
    images: Image[] | undefined;
  }
  class LoadRequest {
    type = 'LOAD';
    media: MediaInfo;
    autoplay = true;
    currentTime: number | null = null;
    playbackRate: number | undefined = undefined;
    customData = null;
    activeTrackIds = null;
    sessionId: string | null = null;
    constructor(media: MediaInfo) {
      this.media = media;
    }
  }

  return {
    Emitter,
    CastState,
    SessionState,
    CastContextEventType,
    RemotePlayerEventType,
    ErrorCode,
    Image,
    MediaInfo,
    GenericMediaMetadata,
    LoadRequest,
  };
}

export type CastSdk = ReturnType<typeof castSdkStandIn>;
