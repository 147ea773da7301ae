/**
 * What the player says in its polite live region (screen readers read it when it changes): which
 * source is being checked while a stream is searched for, that the video is ready, that it ended.
 */
import type { SourceState } from 'scraping-core/types';
import type { PlayerStatus } from '../../core/player/status';

export interface AnnounceInput {
  status: PlayerStatus;
  /** The search's progress: the source being checked, by id. */
  progress: { current: string | null; sources: Readonly<Record<string, Pick<SourceState, 'name' | 'status'>>> };
  hasPlayedOnce: boolean;
  ended: boolean;
  /** A show's episode, or a movie. */
  episode: boolean;
}

/** A translation key of the player namespace and its values, or null to say nothing. */
export type Announcement = { key: string; values?: Record<string, string> } | null;

export function announcement({ status, progress, hasPlayedOnce, ended, episode }: AnnounceInput): Announcement {
  if (status === 'scraping') {
    const current = progress.current ? progress.sources[progress.current] : undefined;
    // The source's name isolated (FSI…PDI) from the sentence's direction.
    return current?.status === 'pending'
      ? { key: 'announce.checking', values: { source: `\u2068${current.name}\u2069` } }
      : { key: 'scraping.title' };
  }
  if (status !== 'playing') return null; // the not-found and error screens are alerts of their own
  if (ended) return { key: episode ? 'ended.episode' : 'ended.movie' };
  if (!hasPlayedOnce) return { key: 'announce.ready' };
  return null;
}
