/**
 * Chromecast through the Cast framework (docs/behaviour.md#player-casting): follows the CastContext (devices in reach, sessions)
 * and, while a session is on, makes the receiver the engine's player: the engine's requests (the
 * controls, the keyboard, the media keys, the embed API: one dispatcher) go to the RemotePlayerController
 * and the RemotePlayer's change events become the engine's media state. When the session ends, the
 * web player loads the source again where the receiver was.
 */
import type { RemoteMediaTarget } from '../../../core/player/engine';
import { castMediaRequest, patchFromRemote, patchFromRemotePlayer, resumeAfterCast, sessionSwitch } from '../../../core/cast/cast-state';
import type { CastContextEvent, CastSdk, RemotePlayerChangedEvent } from '../../../core/cast/sdk';
import { setCastControl, setCastDevice, setCastSdk, setCastState } from '../player.actions';
import type { Player } from '../player.store';

/** CastContext.setOptions once per page (the context is the page's). */
const configured = new WeakSet<object>();

function titleOf(player: Player): string {
  const meta = player.ui.meta;
  if (!meta) return '';
  const e = meta.episode;
  return e ? `${meta.media.title} - S${e.seasonNumber} E${e.episodeNumber}` : meta.media.title;
}

/** Binds the Cast framework to a player; returns the function that unbinds it. */
export function startCastController(sdk: CastSdk, player: Player): () => void {
  const { framework, chromeCast } = sdk;
  const { engine } = player;
  const context = framework.CastContext.getInstance();
  if (!configured.has(context)) {
    context.setOptions({
      receiverApplicationId: chromeCast.media.DEFAULT_MEDIA_RECEIVER_APP_ID,
      autoJoinPolicy: chromeCast.AutoJoinPolicy.ORIGIN_SCOPED,
    });
    configured.add(context);
  }
  const remotePlayer = new framework.RemotePlayer();
  const controller = new framework.RemotePlayerController(remotePlayer);

  const target: RemoteMediaTarget = {
    load(source, { startAt, autoplay, quality, rate }) {
      const session = context.getCurrentSession();
      const request = castMediaRequest(source, {
        quality,
        title: titleOf(player),
        poster: player.ui.meta?.media.poster ?? null,
        startAt,
        autoplay,
        rate,
      });
      if (!session || !request) {
        console.warn('[player] nothing to cast:', session ? 'the source has no file a receiver can play' : 'no Cast session');
        return;
      }
      const media = new chromeCast.media.MediaInfo(request.url, request.contentType);
      media.streamType = chromeCast.media.StreamType.BUFFERED;
      const metadata = new chromeCast.media.GenericMediaMetadata();
      metadata.title = request.title;
      metadata.images = request.poster ? [new chromeCast.Image(request.poster)] : [];
      media.metadata = metadata;
      const load = new chromeCast.media.LoadRequest(media);
      load.currentTime = request.startAt;
      load.autoplay = request.autoplay;
      load.playbackRate = request.playbackRate;
      session.loadMedia(load).catch((code: unknown) => {
        // The receiver cannot play this stream: the web player takes over again, where it was.
        console.warn('[player] the Cast receiver did not load the media:', code);
        if (context.getCurrentSession() === session) context.endCurrentSession(true);
      });
    },
    playOrPause: () => controller.playOrPause(),
    seek(seconds) {
      remotePlayer.currentTime = seconds;
      controller.seek();
    },
    setVolumeLevel(volume) {
      remotePlayer.volumeLevel = volume;
      controller.setVolumeLevel();
    },
    muteOrUnmute: () => controller.muteOrUnmute(),
    stop: () => controller.stop(),
  };

  const connect = () => {
    const session = context.getCurrentSession();
    if (!session) return;
    setCastDevice(player, session.getCastDevice()?.friendlyName || null);
    engine.connectRemote(target);
  };
  const disconnect = () => {
    setCastDevice(player, null);
    if (!engine.state.remotePlayer) return;
    const { time, playing } = engine.state;
    void engine.disconnectRemote(resumeAfterCast(remotePlayer.savedPlayerState, { time, playing }));
  };

  const onCastState = (event: CastContextEvent) => {
    if (event.castState) setCastState(player, event.castState);
  };
  const onSessionState = (event: CastContextEvent) => {
    if (event.sessionState === 'SESSION_START_FAILED')
      console.warn('[player] Chromecast session failed to start:', event.errorCode ?? 'unknown error');
    const change = sessionSwitch(event.sessionState);
    if (change === 'connect') connect();
    else if (change === 'disconnect') disconnect();
  };
  const E = framework.RemotePlayerEventType;
  const onRemote = (event: RemotePlayerChangedEvent) => {
    if (event.field === 'isConnected') {
      if (event.value === false) disconnect();
      return;
    }
    // A disconnected remote player resets its fields, and one without media reports no position:
    // neither is where the receiver plays. Volume and mute are the receiver's own.
    if (!remotePlayer.isConnected) return;
    if (event.field === 'isMediaLoaded') {
      if (event.value === true) engine.updateFromRemote(patchFromRemotePlayer(remotePlayer));
      return;
    }
    if (!remotePlayer.isMediaLoaded && event.field !== 'volumeLevel' && event.field !== 'isMuted') return;
    const patch = patchFromRemote(event.field, event.value);
    if (patch) engine.updateFromRemote(patch);
  };
  const remoteEvents = [
    E.IS_CONNECTED_CHANGED,
    E.IS_MEDIA_LOADED_CHANGED,
    E.CURRENT_TIME_CHANGED,
    E.DURATION_CHANGED,
    E.IS_PAUSED_CHANGED,
    E.VOLUME_LEVEL_CHANGED,
    E.IS_MUTED_CHANGED,
    E.PLAYER_STATE_CHANGED,
  ];

  const C = framework.CastContextEventType;
  context.addEventListener(C.CAST_STATE_CHANGED, onCastState);
  context.addEventListener(C.SESSION_STATE_CHANGED, onSessionState);
  for (const type of remoteEvents) controller.addEventListener(type, onRemote);
  setCastSdk(player, 'ready');
  setCastState(player, context.getCastState());
  setCastControl(player, {
    async toggleSession() {
      if (context.getCurrentSession()) {
        context.endCurrentSession(true);
        return;
      }
      try {
        await context.requestSession();
      } catch (code) {
        // 'cancel': the picker was closed; other codes: the device refused. Nothing changes here.
        console.info('[player] no Cast session:', code);
      }
    },
  });
  // A session that is already on (joined on page load, or started on the previous title).
  if (sessionSwitch(context.getSessionState()) === 'connect') connect();

  return () => {
    context.removeEventListener(C.CAST_STATE_CHANGED, onCastState);
    context.removeEventListener(C.SESSION_STATE_CHANGED, onSessionState);
    for (const type of remoteEvents) controller.removeEventListener(type, onRemote);
    setCastControl(player, null);
  };
}
