/**
 * Which titles Continue Watching lists, and where each resumes (spec §4: hidden under 20 s watched or
 * within 120 s of the end; the first episode with under 20 s watched is ignored). Pure.
 */
import type { ProgressEpisode, ProgressItem, WatchProgress } from 'shared-contracts';

export const MIN_WATCHED_S = 20;
export const END_MARGIN_S = 120;

/** True when the position is worth resuming from. */
export function isResumable(progress: WatchProgress): boolean {
  if (!(progress.duration > 0)) return false;
  return progress.watched >= MIN_WATCHED_S && progress.watched < progress.duration - END_MARGIN_S;
}

export interface ContinueEntry {
  tmdbId: string;
  item: ProgressItem;
  /** The episode to resume, for shows. */
  episode?: ProgressEpisode;
  /** 0..1 of the movie or episode. */
  fraction: number;
  updatedAt: number;
}

function latestEpisode(item: ProgressItem): ProgressEpisode | undefined {
  const episodes = Object.values(item.episodes).filter((episode) => {
    const season = item.seasons[episode.seasonId];
    // A first episode barely started is ignored (it was likely a misclick).
    if (episode.number === 1 && (season?.number ?? 1) === 1 && episode.progress.watched < MIN_WATCHED_S) return false;
    return isResumable(episode.progress);
  });
  return episodes.sort((a, b) => b.updatedAt - a.updatedAt)[0];
}

export function continueWatching(items: Readonly<Record<string, ProgressItem>>): ContinueEntry[] {
  const entries: ContinueEntry[] = [];
  for (const [tmdbId, item] of Object.entries(items)) {
    if (item.type === 'movie') {
      if (item.progress && isResumable(item.progress)) {
        entries.push({ tmdbId, item, fraction: item.progress.watched / item.progress.duration, updatedAt: item.updatedAt });
      }
      continue;
    }
    const episode = latestEpisode(item);
    if (episode) entries.push({ tmdbId, item, episode, fraction: episode.progress.watched / episode.progress.duration, updatedAt: episode.updatedAt });
  }
  return entries.sort((a, b) => b.updatedAt - a.updatedAt);
}
