/**
 * cast.framework.RemotePlayer and RemotePlayerController of the Cast stand-in (see cast-sender.ts): every
 * player follows the connected receiver's media status, its fields set first and their change events
 * fired after, as the SDK's data binding does. It runs in the page (serialised by cast-sender.ts), so it
 * may not refer to anything outside its own body.
 */
import type { CastSdk } from './cast-sdk';
import type { Receiver } from './cast-receiver';

/** `connected` gives the session's device and its receiver, or null without a session. */
export function remotePlayerStandIn(sdk: CastSdk, connected: () => { device: string; receiver: Receiver } | null) {
  const { Emitter, RemotePlayerEventType } = sdk;
  type MediaInfo = InstanceType<CastSdk['MediaInfo']>;
  const currentReceiver = () => connected()?.receiver ?? null;

  class RemotePlayer {
    isConnected = false;
    isMediaLoaded = false;
    duration = 0;
    currentTime = 0;
    volumeLevel = 1;
    canControlVolume = false;
    isPaused = false;
    isMuted = false;
    canPause = false;
    canSeek = false;
    displayName = '';
    statusText = '';
    title: string | null = null;
    displayStatus = '';
    mediaInfo: MediaInfo | null = null;
    imageUrl: string | null = null;
    playerState: string | null = null;
    savedPlayerState: { mediaInfo: MediaInfo | null; currentTime: number; isPaused: boolean } | null = null;
    controller: RemotePlayerController | null = null;
  }
  const fieldEvents: Record<string, string> = {
    isConnected: RemotePlayerEventType.IS_CONNECTED_CHANGED,
    isMediaLoaded: RemotePlayerEventType.IS_MEDIA_LOADED_CHANGED,
    duration: RemotePlayerEventType.DURATION_CHANGED,
    currentTime: RemotePlayerEventType.CURRENT_TIME_CHANGED,
    isPaused: RemotePlayerEventType.IS_PAUSED_CHANGED,
    volumeLevel: RemotePlayerEventType.VOLUME_LEVEL_CHANGED,
    isMuted: RemotePlayerEventType.IS_MUTED_CHANGED,
    playerState: RemotePlayerEventType.PLAYER_STATE_CHANGED,
    displayName: RemotePlayerEventType.DISPLAY_NAME_CHANGED,
    title: RemotePlayerEventType.TITLE_CHANGED,
    imageUrl: RemotePlayerEventType.IMAGE_URL_CHANGED,
  };
  const bound: Array<{ player: RemotePlayer; controller: RemotePlayerController; shadow: Record<string, unknown> }> = [];

  /** What a RemotePlayer shows: the connected receiver's media status, or a disconnected player. */
  function playerValues(): Record<string, unknown> {
    const session = connected();
    if (!session) {
      return {
        isConnected: false,
        isMediaLoaded: false,
        displayName: '',
        title: null,
        imageUrl: null,
        duration: 0,
        currentTime: 0,
        isPaused: false,
        playerState: null,
        canPause: false,
        canSeek: false,
        canControlVolume: false,
      };
    }
    const s = session.receiver.state;
    return {
      isConnected: true,
      displayName: session.device,
      canControlVolume: true,
      volumeLevel: s.volume,
      isMuted: s.muted,
      isMediaLoaded: !!s.media,
      title: s.media?.title ?? null,
      imageUrl: s.media?.images[0] ?? null,
      duration: s.media ? s.duration : 0,
      currentTime: s.media ? s.currentTime : 0,
      isPaused: s.paused,
      playerState: s.media ? s.playerState : s.playerState === 'BUFFERING' ? 'BUFFERING' : 'IDLE',
      canPause: !!s.media,
      canSeek: !!s.media,
    };
  }
  /** Sets the changed fields first, then fires their events (and ANY_CHANGE), as the SDK's data binding does. */
  function sync(entry: (typeof bound)[number]) {
    const changes: Array<[string, unknown]> = [];
    for (const [field, value] of Object.entries(playerValues())) {
      if (entry.shadow[field] === value) continue;
      entry.shadow[field] = value;
      (entry.player as unknown as Record<string, unknown>)[field] = value;
      changes.push([field, value]);
    }
    for (const [field, value] of changes) {
      if (fieldEvents[field]) entry.controller.emit(fieldEvents[field], { field, value });
      entry.controller.emit(RemotePlayerEventType.ANY_CHANGE, { field, value });
    }
  }
  function broadcast() {
    for (const entry of bound) sync(entry);
  }

  class RemotePlayerController extends Emitter {
    player: RemotePlayer;
    constructor(player: RemotePlayer) {
      super();
      if (!(player instanceof RemotePlayer)) throw new Error('RemotePlayerController needs a RemotePlayer');
      this.player = player;
      player.controller = this;
      const entry = { player, controller: this, shadow: {} as Record<string, unknown> };
      for (const field of Object.keys(fieldEvents)) entry.shadow[field] = (player as unknown as Record<string, unknown>)[field];
      bound.push(entry);
      sync(entry);
    }
    playOrPause() {
      currentReceiver()?.playOrPause();
    }
    seek() {
      currentReceiver()?.seek(this.player.currentTime);
    }
    setVolumeLevel() {
      currentReceiver()?.setVolume(this.player.volumeLevel);
    }
    muteOrUnmute() {
      const receiver = currentReceiver();
      receiver?.setMuted(!receiver.state.muted);
    }
    stop() {
      currentReceiver()?.stop();
    }
    getFormattedTime(seconds: number) {
      const s = Math.floor(seconds);
      return [Math.floor(s / 3600), Math.floor((s % 3600) / 60), s % 60].map((n) => String(n).padStart(2, '0')).join(':');
    }
    getSeekPosition(currentTime: number, duration: number) {
      return (currentTime / duration) * 100;
    }
    getSeekTime(position: number, duration: number) {
      return (position * duration) / 100;
    }
  }

  /** Where the receiver was when a session ended, kept on every RemotePlayer (savedPlayerState). */
  function saveState(saved: RemotePlayer['savedPlayerState']) {
    for (const entry of bound) entry.player.savedPlayerState = saved;
  }

  return { RemotePlayer, RemotePlayerController, broadcast, saveState };
}
