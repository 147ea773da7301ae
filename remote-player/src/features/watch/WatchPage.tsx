/**
 * The watch page (/media/:media[/:season/:episode], /embed/...): meta from the catalog, scraping with
 * the progress view, then playback. Shows without an episode go to their first aired episode.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router';
import { CatalogError, decodeMediaId, mediaPath, type HostApi, type MediaDetails, type MediaRef, useHostServices } from 'shared-contracts';
import styled from 'styled-components';
import { useSnapshot } from 'valtio/react';
import { applyScrapeEvent, emptyProgress } from '../../core/scraping/progress';
import type { ScrapeMedia } from '../../core/scraping/types';
import { cancelScrape, scrapeAll } from '../../worker/player.client';
import { resumeFrom } from '../../core/player/resume';
import { fetchIntroSkip } from './skips';
import { useViewParams } from './view-params';
import { newPlayer, MetaErrorScreen, PlayerView, PlayerContext, type EpisodeLink, type Player, type PlayerMeta, plain, scrapeOptionsForRun, scrapeOptionsFrom, startStream, stopThumbnails, postToParent, usePlaybackEffects } from '../player';

const Message = styled.div`
  position: absolute;
  inset: 0;
  z-index: 3;
  display: grid;
  place-items: center;
  text-align: center;
  padding: 2rem;
  background: #000;
  color: #fff;
`;

/** Autoplay tries at most this many episodes without a stream in a row before it stops. */
export const MAX_AUTOPLAY_SKIPS = 3;

type LoadState = { status: 'loading' } | { status: 'ready' } | { status: 'error'; notFound: boolean };

async function resolveMeta(host: HostApi, ref: MediaRef, seasonId: string | undefined, episodeId: string | undefined, signal: AbortSignal) {
  const details = await host.catalog.details(ref, { signal });
  if (ref.type === 'movie') return { details, meta: movieMeta(details), redirect: null, next: null, previous: null };
  const seasons = (details.seasons ?? []).filter((s) => s.number > 0);
  const season = seasonId ? (details.seasons ?? []).find((s) => s.id === seasonId) : seasons[0];
  if (!season) throw new CatalogError('not-found', 'season not found');
  const seasonDetails = await host.catalog.season(ref.tmdbId, season.number, { signal });
  const episode = episodeId ? seasonDetails.episodes.find((e) => e.id === episodeId) : seasonDetails.episodes[0];
  if (!episode) throw new CatalogError('not-found', 'episode not found');
  if (!seasonId || !episodeId) return { details, meta: null, redirect: mediaPath(ref, details.title, { seasonId: season.id, episodeId: episode.id }), next: null, previous: null };
  const index = seasonDetails.episodes.indexOf(episode);
  let next: EpisodeLink | null = null;
  const today = new Date().toISOString().slice(0, 10);
  const following = seasonDetails.episodes[index + 1];
  if (following && following.airDate && following.airDate <= today) next = { seasonId: season.id, episodeId: following.id, title: following.title };
  else if (!following) {
    const nextSeason = seasons.find((s) => s.number === season.number + 1);
    if (nextSeason) {
      const nextDetails = await host.catalog.season(ref.tmdbId, nextSeason.number, { signal }).catch(() => null);
      const first = nextDetails?.episodes[0];
      if (first && first.airDate && first.airDate <= today) next = { seasonId: nextSeason.id, episodeId: first.id, title: first.title };
    }
  }
  // The previous episode: the one before in this season, else the last aired one of the season before.
  let previous: EpisodeLink | null = null;
  const before = seasonDetails.episodes[index - 1];
  if (before) previous = { seasonId: season.id, episodeId: before.id, title: before.title };
  else {
    const previousSeason = seasons.find((s) => s.number === season.number - 1);
    if (previousSeason) {
      const previousDetails = await host.catalog.season(ref.tmdbId, previousSeason.number, { signal }).catch(() => null);
      const last = previousDetails?.episodes.filter((e) => e.airDate && e.airDate <= today).at(-1);
      if (last) previous = { seasonId: previousSeason.id, episodeId: last.id, title: last.title };
    }
  }
  const meta: PlayerMeta = {
    media: { tmdbId: details.tmdbId, type: 'show', title: details.title, ...(details.year ? { year: details.year } : {}), ...(details.poster ? { poster: details.poster } : {}) },
    imdbId: details.imdbId,
    scrape: {
      type: 'show',
      title: details.title,
      releaseYear: details.year ?? 0,
      tmdbId: details.tmdbId,
      ...(details.imdbId ? { imdbId: details.imdbId } : {}),
      season: { number: season.number, tmdbId: season.id },
      episode: { number: episode.number, tmdbId: episode.id },
    },
    episode: {
      season: { id: season.id, number: season.number, title: season.title },
      episode: { id: episode.id, number: episode.number, title: episode.title },
      seasonNumber: season.number,
      episodeNumber: episode.number,
    },
  };
  return { details, meta, redirect: null, next, previous };
}

function movieMeta(details: MediaDetails): PlayerMeta {
  const scrape: ScrapeMedia = { type: 'movie', title: details.title, releaseYear: details.year ?? 0, tmdbId: details.tmdbId, ...(details.imdbId ? { imdbId: details.imdbId } : {}) };
  return {
    media: { tmdbId: details.tmdbId, type: 'movie', title: details.title, ...(details.year ? { year: details.year } : {}), ...(details.poster ? { poster: details.poster } : {}) },
    imdbId: details.imdbId,
    scrape,
  };
}

export function documentTitle(meta: PlayerMeta): string {
  const e = meta.episode;
  return e ? `${meta.media.title} - S${e.seasonNumber} E${e.episodeNumber}` : meta.media.title;
}

function usePlayerInstance(): Player {
  const host = useHostServices();
  const hostRef = useRef(host);
  hostRef.current = host;
  return useMemo(() => newPlayer(() => ({ ...hostRef.current.state.quality })), []);
}

export default function WatchPage() {
  const { t } = useTranslation('player');
  const { media = '', season, episode } = useParams();
  const { pathname } = useLocation();
  const host = useHostServices();
  const hostRef = useRef(host);
  hostRef.current = host;
  const player = usePlayerInstance();
  const view = useSnapshot(player.ui);
  const [load, setLoad] = useState<LoadState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const embed = pathname.startsWith('/embed/');
  const ref = decodeMediaId(media);
  const navigatingTo = useRef<string | null>(null);
  // Autoplay of the next episode passes over episodes without a stream (at most MAX_AUTOPLAY_SKIPS).
  const autoplayChain = useRef<{ continuing: boolean; skipped: string[] }>({ continuing: false, skipped: [] });
  usePlaybackEffects(player);
  useViewParams();

  player.hooks.current.embed = embed;
  player.hooks.current.backUrl = new URLSearchParams(window.location.search).get('back') ?? '/';
  player.hooks.current.scrapeOptions = () => scrapeOptionsFrom(hostRef.current);
  player.hooks.current.scrapeOptionsForRun = (runId, signal) => scrapeOptionsForRun(hostRef.current, runId, signal);
  player.hooks.current.playStream = (stream, sourceId, embedId, options) =>
    startStream(player, hostRef.current, stream, { sourceId, embedId }, { startAt: options?.startAt ?? player.engine.state.time, autoplay: player.engine.state.playing || player.engine.state.hasPlayedOnce, kind: 'chooseSource' });
  player.hooks.current.goToEpisode = (seasonId, episodeId, options) => {
    if (!ref) return;
    const base = embed ? `/embed/${media}` : `/media/${media}`;
    const target = `${seasonId}/${episodeId}`;
    // A media key can arrive twice (key event and media session) before the new episode is shown.
    if (target === `${season}/${episode}` || target === navigatingTo.current) return;
    navigatingTo.current = target;
    if (options?.fromStart) player.ui.startFromBeginning = true;
    autoplayChain.current.continuing = options?.auto ?? false;
    hostRef.current.navigate(`${base}/${target}${window.location.search}`);
  };

  useEffect(() => {
    if (!ref) return;
    const controller = new AbortController();
    const runId = crypto.randomUUID();
    const h = hostRef.current;
    let cancelled = false;
    const chain = autoplayChain.current;
    const autoplayNext = player.engine.state.hasPlayedOnce && h.state.preferences.enableAutoplay && h.config.allowAutoplay;
    // Reached by autoplay (or skip credits): an episode without a stream is passed over.
    const autoplayChainRun = chain.continuing;
    if (!autoplayChainRun) chain.skipped = [];
    chain.continuing = false;
    navigatingTo.current = null;
    const fromStart = player.ui.startFromBeginning;
    player.ui.startFromBeginning = false;
    stopThumbnails();
    player.engine.reset();
    player.dispatch({ type: 'reset' });
    Object.assign(player.ui, { meta: null, sourceId: null, embedId: null, progress: emptyProgress(), scrapeError: null, introSkipTime: null, resumeFrom: null, skippedEpisodes: [], autoplayStopped: false });
    setLoad({ status: 'loading' });

    void (async () => {
      let resolved: Awaited<ReturnType<typeof resolveMeta>>;
      try {
        resolved = await resolveMeta(h, ref, season, episode, controller.signal);
      } catch (error) {
        if (controller.signal.aborted) return;
        const notFound = error instanceof CatalogError && error.kind === 'not-found';
        setLoad({ status: 'error', notFound });
        return;
      }
      if (cancelled) return;
      if (resolved.redirect) {
        h.navigate(`${embed ? resolved.redirect.replace(/^\/media\//, '/embed/') : resolved.redirect}${window.location.search}`, { replace: true });
        return;
      }
      const meta = resolved.meta!;
      player.hooks.current.nextEpisode = resolved.next;
      player.hooks.current.previousEpisode = resolved.previous;
      player.ui.meta = meta;
      player.dispatch({ type: 'setMeta' });
      setLoad({ status: 'ready' });
      h.actions.setDocumentTitle(documentTitle(meta));
      postToParent({
        type: 'ready',
        media: { tmdbId: meta.media.tmdbId, type: meta.media.type, title: meta.media.title, ...(meta.episode ? { season: meta.episode.seasonNumber, episode: meta.episode.episodeNumber } : {}) },
      });
      if (meta.episode && meta.imdbId && h.config.skipsUrl && h.config.allowFebboxKey && h.state.preferences.febboxKey) {
        // Spec §6: only when the config allows the febbox key and the user has set a token (Settings > Connections).
        void fetchIntroSkip(h.config.skipsUrl, meta.imdbId, meta.episode.seasonNumber, meta.episode.episodeNumber, controller.signal).then((s) => {
          if (!cancelled) player.ui.introSkipTime = s;
        });
      }

      // With a Turnstile site key the run first gets a token (the progress view says Verifying humanity).
      const options = await scrapeOptionsForRun(h, runId, controller.signal);
      if (cancelled) return;
      const result = options.ok
        ? await scrapeAll(plain(meta.scrape!), options.value, (event) => {
            if (!cancelled) player.ui.progress = applyScrapeEvent(player.ui.progress, event);
          })
        : options;
      if (cancelled) return;
      if (!result.ok) {
        if (result.error.code === 'scrape/cancelled') return;
        const next = resolved.next;
        if (autoplayChainRun && meta.episode && result.error.code === 'scrape/not-found') {
          const label = `S${meta.episode.seasonNumber} E${meta.episode.episodeNumber}`;
          if (next && chain.skipped.length < MAX_AUTOPLAY_SKIPS) {
            chain.skipped.push(label);
            player.hooks.current.goToEpisode?.(next.seasonId, next.episodeId, { auto: true });
            return;
          }
          player.ui.autoplayStopped = true;
          player.ui.skippedEpisodes = [...chain.skipped];
          chain.skipped = [];
        }
        player.ui.scrapeError = result.error;
        player.dispatch({ type: 'scrapeNotFound' });
        postToParent({ type: 'error', message: result.error.message });
        return;
      }
      const saved = h.state.progress[meta.media.tmdbId];
      const watched = meta.episode ? saved?.episodes[meta.episode.episode.id]?.progress : saved?.progress;
      // Spec §4: an episode reached with the media keys starts from the beginning.
      const resume = watched && !fromStart ? resumeFrom(watched.watched, watched.duration) : { startAt: 0, prompt: false };
      if (resume.prompt) player.ui.resumeFrom = resume.startAt;
      if (chain.skipped.length) {
        player.ui.skippedEpisodes = chain.skipped;
        chain.skipped = [];
      }
      startStream(player, h, result.value.stream, { sourceId: result.value.sourceId, embedId: result.value.embedId }, { startAt: resume.startAt, autoplay: autoplayNext, kind: 'playMedia' });
      // Spec §2: overlay routing through query param r (e.g. r=settings/captions/settings).
      const overlay = /^(settings|episodes)(\/.*)?$/.exec(new URLSearchParams(window.location.search).get('r') ?? '');
      if (overlay) {
        player.ui.menu = { id: overlay[1] as 'settings' | 'episodes', route: overlay[2] ?? '/' };
        player.ui.menuFromQuery = overlay[0];
      }
    })();

    return () => {
      cancelled = true;
      controller.abort();
      void cancelScrape(runId);
    };
    // One run per title/episode; the host snapshot is read through hostRef.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [media, season, episode, player, attempt]);

  useEffect(() => () => {
    stopThumbnails();
    player.engine.destroy();
    hostRef.current.actions.setDocumentTitle(null);
  }, [player]);

  const title = view.meta ? documentTitle(view.meta as PlayerMeta) : '';
  return (
    <PlayerContext.Provider value={player}>
      <PlayerView title={title}>
        {load.status === 'loading' && view.status.status === 'idle' && (
          <Message role="status" data-testid="watch-loading">
            {t('meta.loading')}
          </Message>
        )}
        {load.status === 'error' && <MetaErrorScreen message={load.notFound ? t('meta.notFound') : t('meta.failed')} {...(load.notFound ? {} : { retry: () => setAttempt((n) => n + 1) })} />}
        {!ref && <MetaErrorScreen message={t('meta.notFound')} />}
      </PlayerView>
    </PlayerContext.Provider>
  );
}
