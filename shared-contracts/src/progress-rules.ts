/**
 * Which titles Continue Watching lists and where each resumes (docs/behaviour.md#player-resume: hidden under 20 s watched or
 * within 120 s of the end; a first episode with under 20 s watched is ignored). Pure.
 */
import type { ProgressEpisode, ProgressItem, WatchProgress } from './stores';

export const MIN_WATCHED_S = 20;
export const END_MARGIN_S = 120;

export const isResumable = (p: WatchProgress) => p.duration > 0 && p.watched >= MIN_WATCHED_S && p.watched < p.duration - END_MARGIN_S;

export interface ContinueEntry {
  tmdbId: string;
  item: ProgressItem;
  episode?: ProgressEpisode;
  progress: WatchProgress;
  updatedAt: number;
}

export function continueWatching(items: Readonly<Record<string, ProgressItem>>): ContinueEntry[] {
  const out: ContinueEntry[] = [];
  for (const [tmdbId, item] of Object.entries(items)) {
    if (item.type === 'movie') {
      if (item.progress && isResumable(item.progress)) out.push({ tmdbId, item, progress: item.progress, updatedAt: item.updatedAt });
      continue;
    }
    const episode = Object.values(item.episodes)
      .filter((e) => isResumable(e.progress))
      .sort((a, b) => b.updatedAt - a.updatedAt)[0];
    if (episode) out.push({ tmdbId, item, episode, progress: episode.progress, updatedAt: episode.updatedAt });
  }
  return out.sort((a, b) => b.updatedAt - a.updatedAt);
}

/** The episode a show's Resume button continues: the most recently watched one, if any. */
export function lastWatchedEpisode(item: ProgressItem | undefined): ProgressEpisode | undefined {
  if (!item) return undefined;
  return Object.values(item.episodes).sort((a, b) => b.updatedAt - a.updatedAt)[0];
}
