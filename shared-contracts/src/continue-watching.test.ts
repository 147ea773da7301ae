import { describe, expect, it } from 'vitest';
import type { ProgressItem } from './stores';
import { continueWatching, isResumable } from './progress-rules';

const movie = (watched: number, duration: number, updatedAt = 1): ProgressItem => ({
  type: 'movie',
  title: 'M',
  updatedAt,
  progress: { watched, duration },
  seasons: {},
  episodes: {},
});

describe('continue watching', () => {
  it.each([
    [0, 3600, false],
    [19.9, 3600, false],
    [20, 3600, true],
    [3479, 3600, true],
    [3480, 3600, false],
    [100, 0, false],
  ])('watched %s of %s → resumable %s', (watched, duration, resumable) => expect(isResumable({ watched, duration })).toBe(resumable));

  it('lists resumable movies, newest first', () => {
    const list = continueWatching({ a: movie(100, 3600, 1), b: movie(5, 3600, 2), c: movie(200, 3600, 3) });
    expect(list.map((e) => e.tmdbId)).toEqual(['c', 'a']);
    expect(list[1]!.progress).toEqual({ watched: 100, duration: 3600 });
  });

  it('resumes the latest resumable episode and ignores a barely started first episode', () => {
    const show: ProgressItem = {
      type: 'show',
      title: 'S',
      updatedAt: 10,
      seasons: { s1: { id: 's1', number: 1, title: 'Season 1' } },
      episodes: {
        e1: { id: 'e1', number: 1, title: 'One', seasonId: 's1', updatedAt: 9, progress: { watched: 10, duration: 1800 } },
        e2: { id: 'e2', number: 2, title: 'Two', seasonId: 's1', updatedAt: 5, progress: { watched: 600, duration: 1800 } },
      },
    };
    expect(continueWatching({ x: show })[0]!.episode!.id).toBe('e2');
    const onlyFirst: ProgressItem = { ...show, episodes: { e1: show.episodes.e1! } };
    expect(continueWatching({ x: onlyFirst })).toEqual([]);
  });
});
