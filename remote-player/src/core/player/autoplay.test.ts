import { describe, expect, it } from 'vitest';
import { startsByItself } from './autoplay';

describe('a found stream starts by itself', () => {
  it.each([
    [false, { hasBeenActive: true }, true], // Play pressed on the details, a card, Continue Watching
    [false, { hasBeenActive: false }, false], // a reload, a new tab, an untouched embed: the big play button
    [true, { hasBeenActive: false }, true], // the episode before played on into this one
    [false, undefined, true], // the browser does not say: try, it refuses without a gesture
  ] as const)('continuing %s, activation %j → %s', (continuing, activation, expected) =>
    expect(startsByItself({ continuing, activation })).toBe(expected),
  );
});
