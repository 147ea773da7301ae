/**
 * The title a watch page plays, from the catalog: a movie, or a show's episode with the aired episodes
 * next to it; a show without an episode in the URL goes to its first aired episode (a redirect).
 */
import { mediaPath, type HostApi, type MediaDetails, type MediaRef } from 'shared-contracts';
import type { ScrapeMedia } from 'scraping-core/types';
import type { EpisodeLink, PlayerMeta } from '../player';

/** The show exists but has no such season or episode: the person can pick one of its real episodes. */
export class EpisodeNotFound extends Error {
  constructor(readonly show: { tmdbId: string; title: string }) {
    super('episode not found');
    this.name = 'EpisodeNotFound';
  }
}

export type ResolvedTitle = Awaited<ReturnType<typeof resolveMeta>>;

export async function resolveMeta(
  host: HostApi,
  ref: MediaRef,
  seasonId: string | undefined,
  episodeId: string | undefined,
  signal: AbortSignal,
) {
  const details = await host.catalog.details(ref, { signal });
  if (ref.type === 'movie') return { details, meta: movieMeta(details), redirect: null, next: null, previous: null };
  const seasons = (details.seasons ?? []).filter((s) => s.number > 0);
  const season = seasonId ? (details.seasons ?? []).find((s) => s.id === seasonId) : seasons[0];
  if (!season) throw new EpisodeNotFound({ tmdbId: details.tmdbId, title: details.title });
  const seasonDetails = await host.catalog.season(ref.tmdbId, season.number, { signal });
  const episode = episodeId ? seasonDetails.episodes.find((e) => e.id === episodeId) : seasonDetails.episodes[0];
  if (!episode) throw new EpisodeNotFound({ tmdbId: details.tmdbId, title: details.title });
  if (!seasonId || !episodeId)
    return {
      details,
      meta: null,
      redirect: mediaPath(ref, details.title, { seasonId: season.id, episodeId: episode.id }),
      next: null,
      previous: null,
    };
  const index = seasonDetails.episodes.indexOf(episode);
  let next: EpisodeLink | null = null;
  const today = new Date().toISOString().slice(0, 10);
  const following = seasonDetails.episodes[index + 1];
  if (following && following.airDate && following.airDate <= today)
    next = { seasonId: season.id, episodeId: following.id, title: following.title };
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
    media: {
      tmdbId: details.tmdbId,
      type: 'show',
      title: details.title,
      ...(details.year ? { year: details.year } : {}),
      ...(details.poster ? { poster: details.poster } : {}),
    },
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

export function movieMeta(details: MediaDetails): PlayerMeta {
  const scrape: ScrapeMedia = {
    type: 'movie',
    title: details.title,
    releaseYear: details.year ?? 0,
    tmdbId: details.tmdbId,
    ...(details.imdbId ? { imdbId: details.imdbId } : {}),
  };
  return {
    media: {
      tmdbId: details.tmdbId,
      type: 'movie',
      title: details.title,
      ...(details.year ? { year: details.year } : {}),
      ...(details.poster ? { poster: details.poster } : {}),
    },
    imdbId: details.imdbId,
    scrape,
  };
}

export function documentTitle(meta: PlayerMeta): string {
  const e = meta.episode;
  return e ? `${meta.media.title} - S${e.seasonNumber} E${e.episodeNumber}` : meta.media.title;
}
