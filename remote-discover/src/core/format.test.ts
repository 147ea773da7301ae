import { describe, expect, it } from 'vitest';
import { barPercent, formatVotes, ratingColor, releaseYear, ringPercent, runtimeKey, splitRuntime } from './format';

describe('display rules', () => {
  it.each([
    [0, 100, 0],
    [50, 100, 50],
    [98, 100, 98],
    [98.1, 100, 100],
    [10, 0, 0],
  ])('bar: %f of %f → %i% (full above 98%)', (w, d, p) => expect(barPercent(w, d)).toBe(p));

  it.each([
    [90, 100, 90],
    [90.5, 100, 100],
    [45, 100, 45],
  ])('ring: %f of %f → %i% (full above 90%)', (w, d, p) => expect(ringPercent(w, d)).toBe(p));

  it.each([
    [10, 'green'],
    [8, 'green'],
    [7.9, 'yellow'],
    [6, 'yellow'],
    [5.9, 'orange'],
    [4, 'orange'],
    [3.9, 'red'],
    [0, 'red'],
  ] as const)('rating %f is %s', (rating, color) => expect(ratingColor(rating)).toBe(color));

  it.each([
    [0, '0'],
    [999, '999'],
    [1000, '1K+'],
    [96_512, '96K+'],
  ])('votes %i → %s', (votes, text) => expect(formatVotes(votes)).toBe(text));

  it('runtime in hours and minutes', () => {
    expect(splitRuntime(135)).toEqual({ hours: 2, minutes: 15 });
    expect(splitRuntime(40)).toEqual({ hours: 0, minutes: 40 });
  });

  it.each([
    [40, 'runtimeMinutes'],
    [120, 'runtimeHours'],
    [135, 'runtimeValue'],
    [0, 'runtimeMinutes'],
  ] as const)('a runtime of %i min reads with %s (no "0h 40m")', (minutes, key) => {
    expect(runtimeKey(splitRuntime(minutes))).toBe(key);
  });

  it('year or Unreleased', () => {
    const now = new Date('2026-06-15T12:00:00Z');
    expect(releaseYear({ year: 2020, releaseDate: '2020-01-01' }, now)).toBe(2020);
    expect(releaseYear({ year: 2026, releaseDate: '2026-07-01' }, now)).toBe('unreleased');
    expect(releaseYear({ year: 2026 }, now)).toBe(2026);
    expect(releaseYear({ year: 2027 }, now)).toBe('unreleased');
    expect(releaseYear({}, now)).toBe('unreleased');
  });
});
