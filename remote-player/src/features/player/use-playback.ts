/**
 * What runs beside the screen while media plays: the status machine follows engine errors; progress
 * is saved every 3 s while playing and changed; skip credits at 99%; the embedding parent hears events and may send
 * commands (docs/behaviour.md#player-resume, #player-next-episode, #embed-messages).
 */
import { useEffect, useRef } from 'react';
import { useHostServices } from 'shared-contracts';
import { subscribe } from 'valtio/vanilla';
import { resumeAgainst } from '../../core/player/resume';
import { commandFromEmbed, createThrottle, embedOriginAllowed, embedOriginsOf, parsePlayerCommand } from '../../core/embed/protocol';
import type { PlayerCommand } from '../../core/player/commands';
import { runCommand } from './commands';
import { postToParent, setEmbedOrigins, type EventBody } from './embed-parent';
import { setResumeFrom } from './player.actions';
import type { Player } from './player.store';

const SAVE_INTERVAL_MS = 3000;

export function usePlaybackEffects(player: Player): void {
  const host = useHostServices();
  const hostRef = useRef(host);
  // eslint-disable-next-line react-hooks/refs -- latest value for the callbacks, written during render on purpose
  hostRef.current = host;

  // Before any event is posted: who may hear them.
  useEffect(() => setEmbedOrigins(embedOriginsOf(hostRef.current.config)), []);

  // Engine fatal errors → playbackError; also tells the parent.
  useEffect(() => {
    let lastError = player.engine.state.error;
    return subscribe(player.engine.state, () => {
      const error = player.engine.state.error;
      if (error && error !== lastError) {
        player.dispatch({ type: 'playbackError', error: { ...error } });
        const message: EventBody = { type: 'error', message: error.message };
        if (error.code !== undefined) (message as { code?: number }).code = error.code;
        postToParent(message);
      }
      lastError = error;
    });
  }, [player]);

  // Progress: every 3 s while playing and changed.
  useEffect(() => {
    let saved = -1;
    const id = setInterval(() => {
      const { playing, time, duration } = player.engine.state;
      const meta = player.ui.meta;
      if (!meta?.scrape || !playing || duration <= 0 || Math.abs(time - saved) < 0.5) return; // no scrape media: /dev/video, nothing to save
      saved = time;
      const episode = meta.episode;
      hostRef.current.actions.updateProgress(
        { ...meta.media },
        { watched: time, duration },
        episode ? { season: { ...episode.season }, episode: { ...episode.episode } } : undefined,
      );
    }, SAVE_INTERVAL_MS);
    return () => clearInterval(id);
  }, [player]);

  // The resume prompt against the duration of the stream that plays: a saved position past
  // its end, or within 120 s of it, starts from the beginning without a prompt.
  useEffect(
    () =>
      subscribe(player.engine.state, () => {
        const at = player.ui.resumeFrom;
        const duration = player.engine.state.duration;
        // Decided once the start position has been applied (the engine seeks on loadedmetadata).
        if (at === null || !(duration > 0) || Math.abs(player.engine.state.time - Math.min(at, duration)) > 1) return;
        const decision = resumeAgainst(at, duration);
        if (decision.prompt && decision.startAt === at) return;
        setResumeFrom(player, decision.prompt ? decision.startAt : null);
        player.engine.seek(decision.startAt);
      }),
    [player],
  );

  // Skip credits (the next episode at 99%) and autoplay of the next episode at the end.
  useEffect(() => {
    let fired = false;
    return subscribe(player.engine.state, () => {
      const { time, duration, ended } = player.engine.state;
      const next = player.hooks.current.nextEpisode;
      if (!next || duration <= 0 || fired) return;
      const h = hostRef.current;
      const credits = h.state.preferences.enableSkipCredits && time / duration >= 0.99;
      const autoplay = ended && h.state.preferences.enableAutoplay && h.config.allowAutoplay;
      if (credits || autoplay) {
        fired = true;
        // Autoplay: an episode without a stream is passed over (the watch page).
        player.hooks.current.goToEpisode?.(next.seasonId, next.episodeId, { auto: true });
      }
    });
  }, [player]);

  // Overlay routing through query param r (settings/quality, episodes/episodes...). The
  // router's own history state is kept: only the query string changes, no navigation happens.
  useEffect(() => {
    let last = '';
    return subscribe(player.ui, () => {
      const { id, route } = player.ui.menu;
      const value = id ? `${id}${route === '/' ? '' : route}` : '';
      if (value === last) return;
      last = value;
      const url = new URL(window.location.href);
      if (value) url.searchParams.set('r', value);
      else url.searchParams.delete('r');
      if (url.href !== window.location.href) window.history.replaceState(window.history.state, '', url);
    });
  }, [player]);

  // Media keys and the OS media controls (next/previous episode start from the beginning).
  useEffect(() => {
    const session = typeof navigator !== 'undefined' ? navigator.mediaSession : undefined;
    if (!session) return;
    const set = (action: MediaSessionAction, handler: MediaSessionActionHandler | null) => {
      try {
        session.setActionHandler(action, handler);
      } catch {
        // This browser does not know the action: nothing to register.
      }
    };
    const run = (command: PlayerCommand) => () => runCommand(player, command);
    set('play', run({ type: 'play' }));
    set('pause', run({ type: 'pause' }));
    set('seekbackward', run({ type: 'seekBy', seconds: -10 }));
    set('seekforward', run({ type: 'seekBy', seconds: 10 }));
    // The OS shows next/previous only while there is such an episode: registered per episode.
    let episodes = '';
    const update = () => {
      const meta = player.ui.meta;
      if (meta && typeof MediaMetadata !== 'undefined' && session.metadata?.title !== meta.media.title) {
        session.metadata = new MediaMetadata({
          title: meta.media.title,
          ...(meta.media.poster ? { artwork: [{ src: meta.media.poster }] } : {}),
        });
      }
      const { nextEpisode, previousEpisode } = player.hooks.current;
      const key = `${nextEpisode?.episodeId ?? ''}/${previousEpisode?.episodeId ?? ''}`;
      if (key === episodes) return;
      episodes = key;
      set('nexttrack', nextEpisode ? run({ type: 'episode', direction: 1 }) : null);
      set('previoustrack', previousEpisode ? run({ type: 'episode', direction: -1 }) : null);
    };
    update();
    const unsubscribe = subscribe(player.ui, update);
    return () => {
      unsubscribe();
      for (const action of ['play', 'pause', 'seekbackward', 'seekforward', 'nexttrack', 'previoustrack'] as const) set(action, null);
    };
  }, [player]);

  // Embed: events to the parent.
  useEffect(() => {
    if (window.parent === window) return;
    const throttle = createThrottle(1000);
    let wasPlaying = false;
    let wasEnded = false;
    return subscribe(player.engine.state, () => {
      const s = player.engine.state;
      if (s.playing !== wasPlaying) postToParent({ type: s.playing ? 'play' : 'pause', time: s.time });
      wasPlaying = s.playing;
      if (s.ended && !wasEnded) postToParent({ type: 'ended' });
      wasEnded = s.ended;
      if (s.playing && throttle()) postToParent({ type: 'timeupdate', time: s.time, duration: s.duration });
    });
  }, [player]);

  // Embed: commands from the parent.
  useEffect(() => {
    if (window.parent === window) return;
    const onMessage = (event: MessageEvent) => {
      if (event.source !== window.parent || !embedOriginAllowed(embedOriginsOf(hostRef.current.config), event.origin)) return;
      const command = parsePlayerCommand(event.data);
      if (command) runCommand(player, commandFromEmbed(command));
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [player]);
}
