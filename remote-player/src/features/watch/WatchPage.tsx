/**
 * The watch page (/media/:media[/:season/:episode], /embed/...): meta from the catalog, scraping with
 * the progress view, then playback. Shows without an episode go to their first aired episode.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'shared-contracts/router';
import { decodeMediaId, useHostServices, type HostApi } from 'shared-contracts';
import { useSnapshot } from 'valtio/react';
import { usePlayerViewParams } from './view-params';
import {
  newPlayer,
  MetaErrorScreen,
  WaitingScreen,
  PlayerView,
  PlayerContext,
  type Player,
  scrapeOptionsForRun,
  scrapeOptionsFrom,
  setPlayerHooks,
  setStartFromBeginning,
  startStream,
  stopThumbnails,
  usePlaybackEffects,
} from '../player';
import { reachedInsideApp } from '../../core/player/autoplay';
import { documentTitle } from './title-meta';
import { startWatchRun, type AutoplayChain, type LoadState as RunLoadState } from './watch-run';
import { useRetryWhenOnline } from './retry-online';
import { RETRYABLE_META_ERRORS, type MetaErrorKind } from './meta-checks';
import { getExtensionBridge } from '../../worker/player.client';

/** The title as this device knows it before the catalog answers (watch progress, else a bookmark). */
const knownTitle = (state: HostApi['state'], tmdbId: string) => state.progress[tmdbId]?.title || state.bookmarks[tmdbId]?.title || null;

/** A look-up that failed while offline says so rather than blaming the catalog. */
type LoadState = RunLoadState | { status: 'error'; kind: MetaErrorKind; offline: true };

function usePlayerInstance(): Player {
  const host = useHostServices();
  const hostRef = useRef(host);
  // eslint-disable-next-line react-hooks/refs -- latest value for the callbacks, written during render on purpose
  hostRef.current = host;
  // eslint-disable-next-line react-hooks/refs -- the player reads the ref when it scrapes, never while rendering
  return useMemo(() => newPlayer(() => ({ ...hostRef.current.state.quality })), []);
}

/** Each kind's message and the line under it. */
const META_ERROR_KEYS: Record<MetaErrorKind, { message: string; text?: string }> = {
  'not-found': { message: 'meta.notFound' },
  failed: { message: 'meta.failed' },
  'api-failed': { message: 'meta.apiFailed', text: 'meta.apiFailedText' },
  takedown: { message: 'meta.takedown' },
  'extension-permission': { message: 'meta.extensionPermission', text: 'meta.extensionPermissionText' },
};

export default function WatchPage() {
  const { t } = useTranslation('player');
  const { media = '', season, episode } = useParams();
  const { pathname } = useLocation();
  const host = useHostServices();
  const hostRef = useRef(host);
  // eslint-disable-next-line react-hooks/refs -- latest value for the callbacks, written during render on purpose
  hostRef.current = host;
  const player = usePlayerInstance();
  const view = useSnapshot(player.ui);
  const [load, setLoad] = useState<LoadState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const embed = pathname.startsWith('/embed/');
  const ref = decodeMediaId(media);
  const navigatingTo = useRef<string | null>(null);
  // Kept from the page's first location: a show's redirect to its first episode is not a press.
  const arrivedByPress = useRef(reachedInsideApp(window.history.state));
  // Autoplay of the next episode passes over episodes without a stream (at most MAX_AUTOPLAY_SKIPS).
  const autoplayChain = useRef<AutoplayChain>({ continuing: false, skipped: [] });
  usePlaybackEffects(player);
  usePlayerViewParams();
  useRetryWhenOnline(load.status === 'error' && RETRYABLE_META_ERRORS.has(load.kind), () => setAttempt((n) => n + 1));

  // Set on each render, for the player screen to read as it renders.
  // eslint-disable-next-line react-hooks/refs -- the callbacks use this page's refs when called (a press, a scrape), never while rendering
  setPlayerHooks(player, {
    embed,
    backUrl: new URLSearchParams(window.location.search).get('back') ?? '/',
    scrapeOptions: () => scrapeOptionsFrom(hostRef.current),
    scrapeOptionsForRun: (runId, signal) => scrapeOptionsForRun(hostRef.current, runId, signal),
    playStream: (stream, sourceId, embedId, options) =>
      startStream(
        player,
        hostRef.current,
        stream,
        { sourceId, embedId },
        {
          startAt: options?.startAt ?? player.engine.state.time,
          autoplay: player.engine.state.playing || player.engine.state.hasPlayedOnce,
          kind: 'chooseSource',
        },
      ),
    goToEpisode: (seasonId, episodeId, options) => {
      if (!ref) return;
      const base = embed ? `/embed/${media}` : `/media/${media}`;
      const target = `${seasonId}/${episodeId}`;
      // A media key can arrive twice (key event and media session) before the new episode is shown.
      if (target === `${season}/${episode}` || target === navigatingTo.current) return;
      navigatingTo.current = target;
      if (options?.fromStart) setStartFromBeginning(player, true);
      arrivedByPress.current = true; // the next episode button, the episodes menu, a media key: a press

      autoplayChain.current.continuing = options?.auto ?? false;
      hostRef.current.navigate(`${base}/${target}${window.location.search}`);
    },
  });

  // One run per title or episode (watch-run.ts: reset, look up, show, find a stream, play); the host
  // is read at its start through hostRef.
  useEffect(() => {
    if (!ref) return;
    navigatingTo.current = null;
    const onLoad = (state: RunLoadState) =>
      setLoad(state.status === 'error' && RETRYABLE_META_ERRORS.has(state.kind) && !navigator.onLine ? { ...state, offline: true } : state);
    return startWatchRun({
      player,
      host: hostRef.current,
      ref,
      season,
      episode,
      embed,
      chain: autoplayChain.current,
      arrivedByPress: arrivedByPress.current,
      onLoad,
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [media, season, episode, player, attempt]);

  // An error screen instead of the player: the site's header above it, to go on from there.
  const framed = !embed && load.status === 'error';
  useEffect(() => {
    hostRef.current.actions.showSiteFrame?.(framed);
  }, [framed]);
  useEffect(() => () => hostRef.current.actions.showSiteFrame?.(false), []);

  useEffect(
    () => () => {
      stopThumbnails();
      player.engine.destroy();
      hostRef.current.actions.setDocumentTitle(null);
    },
    [player],
  );

  const title = view.meta ? documentTitle(view.meta) : '';
  return (
    <PlayerContext.Provider value={player}>
      <PlayerView title={title}>
        {load.status === 'loading' && view.status.status === 'idle' && (
          <WaitingScreen label={t('meta.loading')} title={ref ? knownTitle(host.state, ref.tmdbId) : null} />
        )}
        {load.status === 'error' && 'offline' in load && (
          <MetaErrorScreen message={t('meta.offlineTitle')} text={t('meta.offlineText')} retry={() => setAttempt((n) => n + 1)} />
        )}
        {load.status === 'error' && !('offline' in load) && load.show && (
          <MetaErrorScreen message={t('meta.episodeNotFound')} title={load.show.title}>
            <a
              href={`/discover?m=details-tmdb-tv-${load.show.tmdbId}`}
              className="primary"
              data-testid="way-out-episodes"
              onClick={(e) => {
                e.preventDefault();
                host.navigate(`/discover?m=details-tmdb-tv-${load.show!.tmdbId}`);
              }}
            >
              {t('meta.showEpisodes', { title: `\u2068${load.show.title}\u2069` })}
            </a>
          </MetaErrorScreen>
        )}
        {load.status === 'error' && !('offline' in load) && !load.show && (
          <MetaErrorScreen
            kind={load.kind}
            message={t(META_ERROR_KEYS[load.kind].message)}
            {...(META_ERROR_KEYS[load.kind].text ? { text: t(META_ERROR_KEYS[load.kind].text!) } : {})}
            {...(load.kind === 'not-found' || load.kind === 'takedown' ? {} : { retry: () => setAttempt((n) => n + 1) })}
          >
            {load.kind === 'extension-permission' && (
              <button
                type="button"
                className="secondary"
                data-testid="extension-permission"
                onClick={() => void getExtensionBridge()?.openPage({ page: 'PermissionGrant', redirectUrl: window.location.href })}
              >
                {t('meta.extensionPermissionAllow')}
              </button>
            )}
          </MetaErrorScreen>
        )}
        {!ref && <MetaErrorScreen message={t('meta.notFound')} />}
      </PlayerView>
    </PlayerContext.Provider>
  );
}
