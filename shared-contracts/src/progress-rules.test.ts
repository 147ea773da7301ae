import { describe, expect, it } from 'vitest';
import type { ProgressItem } from 'shared-contracts';
import { continueWatching, lastWatchedEpisode } from './progress-rules';

const movie = (watched: number, duration: number, updatedAt = 1): ProgressItem => ({
  type: 'movie',
  title: 'M',
  updatedAt,
  progress: { watched, duration },
  seasons: {},
  episodes: {},
});

describe('continue watching', () => {
  it('lists resumable movies, newest first (20 s watched, 120 s left)', () => {
    const list = continueWatching({ a: movie(600, 6000, 1), b: movie(10, 6000, 3), c: movie(5950, 6000, 4), d: movie(1200, 6000, 5) });
    expect(list.map((e) => e.tmdbId)).toEqual(['d', 'a']);
  });

  it('resumes a show at its latest episode', () => {
    const show: ProgressItem = {
      type: 'show',
      title: 'S',
      updatedAt: 1,
      seasons: { s1: { id: 's1', number: 1, title: 'Season 1' } },
      episodes: {
        e1: { id: 'e1', number: 1, title: 'One', seasonId: 's1', updatedAt: 1, progress: { watched: 600, duration: 2400 } },
        e2: { id: 'e2', number: 2, title: 'Two', seasonId: 's1', updatedAt: 2, progress: { watched: 300, duration: 2400 } },
      },
    };
    expect(continueWatching({ x: show })[0]?.episode?.id).toBe('e2');
    expect(lastWatchedEpisode(show)?.id).toBe('e2');
    expect(lastWatchedEpisode(undefined)).toBeUndefined();
  });
});
