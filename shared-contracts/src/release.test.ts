import { describe, expect, it } from 'vitest';
import { isAired, isReleased } from './release';

const now = new Date('2026-11-21T12:00:00Z');

describe('release rules', () => {
  it.each([
    [{ releaseDate: '2026-11-21' }, true],
    [{ releaseDate: '2026-11-22', year: 2026 }, false],
    [{ releaseDate: '1999-03-31' }, true],
    [{ year: 2026 }, true],
    [{ year: 2027 }, false],
    [{}, false],
  ])('%j released %s', (title, released) => expect(isReleased(title, now)).toBe(released));

  it.each([
    ['2026-11-20', true],
    ['2026-11-21', true],
    ['2026-11-22', false],
    [null, false],
    ['', false],
  ])('air date %j aired %s', (date, aired) => expect(isAired(date, now)).toBe(aired));
});
