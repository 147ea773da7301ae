/**
 * One run of the watch page for one title or episode, as named steps: reset the player, look the
 * title up, show it, find a stream (passing over episodes without one when autoplay got here), then
 * play it from the saved position. The page starts a run per title and cancels it when it leaves.
 */
import type { HostApi, MediaRef } from 'shared-contracts';
import { startsByItself } from '../../core/player/autoplay';
import { resumeFrom } from '../../core/player/resume';
import type { ScrapeError } from 'scraping-core/errors';
import type { RunOutput } from 'scraping-core/types';
import { cancelScrape, getExtensionBridge, scrapeAll } from '../../worker/player.client';
import {
  type Player,
  type PlayerMeta,
  plain,
  postToParent,
  preparePlayback,
  scrapeOptionsForRun,
  startStream,
  stopThumbnails,
  openMenuFromLink,
  resetForTitle,
  scrapeProgressed,
  setIntroSkipTime,
  setMeta,
  setPlayerHooks,
  setResumeFrom,
  setScrapeError,
  setSkippedEpisodes,
  stopAutoplay,
} from '../player';
import { fetchIntroSkip } from './skips';
import { catalogErrorKind, extensionLacksPermission, scrapingServerAnswers, takenDown, type MetaErrorKind } from './meta-checks';
import { documentTitle, EpisodeNotFound, resolveMeta, type ResolvedTitle } from './title-meta';

/** The page's loading state; `show` names the show when it exists but the episode does not. */
export type LoadState =
  { status: 'loading' } | { status: 'ready' } | { status: 'error'; kind: MetaErrorKind; show?: { tmdbId: string; title: string } };

/** Autoplay tries at most this many episodes without a stream in a row before it stops. */
export const MAX_AUTOPLAY_SKIPS = 3;

/** Episodes autoplay passed over, kept by the page across the runs of a chain. */
export interface AutoplayChain {
  continuing: boolean;
  skipped: { season: number; episode: number }[];
}

export interface WatchRunInput {
  player: Player;
  host: HostApi;
  ref: MediaRef;
  season: string | undefined;
  episode: string | undefined;
  embed: boolean;
  chain: AutoplayChain;
  /** A press inside the app led here (Play, a card, the next episode): the stream starts by itself. */
  arrivedByPress: boolean;
  /** The page's loading state: the title is being looked up, is shown, or could not be. */
  onLoad: (state: LoadState) => void;
}

interface WatchRun extends WatchRunInput {
  runId: string;
  signal: AbortSignal;
  /** Autoplay (or skip credits) brought the person here: an episode without a stream is passed over. */
  reachedByAutoplay: boolean;
  /**
   * The found stream starts by itself: the person pressed Play to get here, or the episode before
   * played on into this one (startsByItself).
   */
  autoplayNext: boolean;
  /** Reached with the media keys: starts from the beginning. */
  fromStart: boolean;
}

/** Starts a run; the returned function cancels it (the page left the title). */
export function startWatchRun(input: WatchRunInput): () => void {
  const controller = new AbortController();
  const { player, host, chain } = input;
  const run: WatchRun = {
    ...input,
    runId: crypto.randomUUID(),
    signal: controller.signal,
    reachedByAutoplay: chain.continuing,
    autoplayNext: startsByItself({
      continuing: player.engine.state.hasPlayedOnce && host.state.preferences.enableAutoplay && host.config.allowAutoplay,
      arrivedByPress: input.arrivedByPress,
    }),
    fromStart: player.ui.startFromBeginning,
  };
  void playTitle(run);
  void stopWithoutExtensionPermission(run, () => controller.abort());
  return () => {
    controller.abort();
    void cancelScrape(run.runId);
  };
}

async function playTitle(run: WatchRun): Promise<void> {
  resetPlayer(run);
  preparePlayback();
  const resolved = await lookUpTitle(run);
  if (!resolved || run.signal.aborted) return;
  if (resolved.redirect) return redirectToEpisode(run, resolved.redirect);
  const meta = resolved.meta!;
  showTitle(run, resolved, meta);
  loadIntroSkip(run, meta);
  const result = await findStream(run, meta);
  if (!result || run.signal.aborted) return;
  if (!result.ok) return passOverOrStop(run, resolved, meta, result.error);
  playFromSavedPosition(run, meta, result.value);
  openMenuFromQuery(run.player);
}

/**
 * An extension that may not work on this site until the person grants it permission stops the run
 * with its screen. It runs beside the look-up so a page without the extension never waits for
 * hello's timeout: an installed extension answers long before a stream plays.
 */
async function stopWithoutExtensionPermission(run: WatchRun, abort: () => void) {
  if (!(await extensionLacksPermission(getExtensionBridge())) || run.signal.aborted) return;
  abort();
  void cancelScrape(run.runId);
  stopThumbnails();
  run.player.engine.reset();
  run.onLoad({ status: 'error', kind: 'extension-permission' });
}

/** A new title: nothing of the previous one stays (engine, status, source, progress, prompts). */
function resetPlayer({ player, chain, reachedByAutoplay }: WatchRun) {
  if (!reachedByAutoplay) chain.skipped = [];
  chain.continuing = false;
  stopThumbnails();
  player.engine.reset();
  player.dispatch({ type: 'reset' });
  resetForTitle(player);
}

/**
 * The catalog's title (and episode), after the checks that stop a title before it plays: the takedown
 * list and the remote scraping server's provider list. A failure is the page's error screen of its kind.
 */
async function lookUpTitle(run: WatchRun): Promise<ResolvedTitle | null> {
  const { host, ref, signal } = run;
  run.onLoad({ status: 'loading' });
  const stop = (kind: MetaErrorKind, show?: { tmdbId: string; title: string }) => {
    if (!signal.aborted) run.onLoad({ status: 'error', kind, ...(show ? { show } : {}) });
    return null;
  };
  if (takenDown(ref, host.config.disallowedIds)) return stop('takedown');
  const lookUp = resolveMeta(host, ref, run.season, run.episode, signal).then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error }),
  );
  const [serverAnswers, found] = await Promise.all([scrapingServerAnswers(host.state.proxyUrls, undefined, signal), lookUp]);
  if (signal.aborted) return null;
  if (!serverAnswers) return stop('api-failed');
  if (found.ok) return found.value;
  if (found.error instanceof EpisodeNotFound) return stop('not-found', found.error.show);
  return stop(catalogErrorKind(found.error));
}

/** A show opened without an episode: its first aired episode, keeping the query (and /embed/). */
function redirectToEpisode({ host, embed }: WatchRun, path: string) {
  host.navigate(`${embed ? path.replace(/^\/media\//, '/embed/') : path}${window.location.search}`, { replace: true });
}

/** The title is known: the player shows it, the tab names it, the embedding page hears it is ready. */
function showTitle({ player, host, onLoad }: WatchRun, resolved: ResolvedTitle, meta: PlayerMeta) {
  setPlayerHooks(player, { nextEpisode: resolved.next, previousEpisode: resolved.previous });
  setMeta(player, meta);
  player.dispatch({ type: 'setMeta' });
  onLoad({ status: 'ready' });
  host.actions.setDocumentTitle(documentTitle(meta));
  postToParent({
    type: 'ready',
    media: {
      tmdbId: meta.media.tmdbId,
      type: meta.media.type,
      title: meta.media.title,
      ...(meta.episode ? { season: meta.episode.seasonNumber, episode: meta.episode.episodeNumber } : {}),
    },
  });
}

/**
 * docs/behaviour.md#player-skip-intro: the intro's end for Skip intro, only when the config allows the febbox
 * key and the user has set a token.
 */
function loadIntroSkip({ player, host, signal }: WatchRun, meta: PlayerMeta) {
  if (!meta.episode || !meta.imdbId || !host.config.skipsUrl || !host.config.allowFebboxKey || !host.state.preferences.febboxKey) return;
  void fetchIntroSkip(host.config.skipsUrl, meta.imdbId, meta.episode.seasonNumber, meta.episode.episodeNumber, signal).then((seconds) => {
    if (!signal.aborted) setIntroSkipTime(player, seconds);
  });
}

/** Every source in order (the progress view follows), after a Turnstile token when the config asks for one. Null when cancelled. */
async function findStream({ player, host, runId, signal }: WatchRun, meta: PlayerMeta) {
  const options = await scrapeOptionsForRun(host, runId, signal);
  if (signal.aborted) return null;
  const result = options.ok
    ? await scrapeAll(plain(meta.scrape!), options.value, (event) => {
        if (!signal.aborted) scrapeProgressed(player, event);
      })
    : options;
  if (!result.ok && result.error.code === 'scrape/cancelled') return null;
  return result;
}

/**
 * No stream: reached by autoplay, the next episode is tried instead (at most MAX_AUTOPLAY_SKIPS in a
 * row, then autoplay stops and says so); otherwise the not-found screen with its ways out.
 */
function passOverOrStop({ player, chain, reachedByAutoplay }: WatchRun, resolved: ResolvedTitle, meta: PlayerMeta, error: ScrapeError) {
  if (reachedByAutoplay && meta.episode && error.code === 'scrape/not-found') {
    const label = { season: meta.episode.seasonNumber, episode: meta.episode.episodeNumber };
    if (resolved.next && chain.skipped.length < MAX_AUTOPLAY_SKIPS) {
      chain.skipped.push(label);
      player.hooks.current.goToEpisode?.(resolved.next.seasonId, resolved.next.episodeId, { auto: true });
      return;
    }
    stopAutoplay(player, [...chain.skipped]);
    chain.skipped = [];
  }
  setScrapeError(player, error);
  player.dispatch({ type: 'scrapeNotFound' });
  postToParent({ type: 'error', message: error.message });
}

/** Plays the found stream where the person left off (with the resume prompt), or from the start. */
function playFromSavedPosition({ player, host, chain, autoplayNext, fromStart }: WatchRun, meta: PlayerMeta, found: RunOutput) {
  const saved = host.state.progress[meta.media.tmdbId];
  const watched = meta.episode ? saved?.episodes[meta.episode.episode.id]?.progress : saved?.progress;
  const resume = watched && !fromStart ? resumeFrom(watched.watched, watched.duration) : { startAt: 0, prompt: false };
  if (resume.prompt) setResumeFrom(player, resume.startAt);
  if (chain.skipped.length) {
    setSkippedEpisodes(player, chain.skipped);
    chain.skipped = [];
  }
  startStream(
    player,
    host,
    found.stream,
    { sourceId: found.sourceId, embedId: found.embedId },
    { startAt: resume.startAt, autoplay: autoplayNext, kind: 'playMedia' },
  );
}

/** Overlay routing through query param r (e.g. r=settings/captions/settings). */
function openMenuFromQuery(player: Player) {
  const overlay = /^(settings|episodes)(\/.*)?$/.exec(new URLSearchParams(window.location.search).get('r') ?? '');
  if (!overlay) return;
  openMenuFromLink(player, overlay[1] as 'settings' | 'episodes', overlay[2] ?? '/', overlay[0]);
}
