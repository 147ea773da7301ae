import { describe, expect, it } from 'vitest';
import { reachedInsideApp, startsByItself } from './autoplay';

describe('a found stream starts by itself', () => {
  it.each([
    [false, true, true], // Play pressed on the details, a card, Continue Watching, a result
    [false, false, false], // an address loaded, a new tab, an embed: the big play button
    [true, false, true], // the episode before played on into this one
  ] as const)('continuing %s, arrived by a press %s → %s', (continuing, arrivedByPress, expected) =>
    expect(startsByItself({ continuing, arrivedByPress })).toBe(expected),
  );

  it.each([
    [null, false], // a document loaded here: no state yet
    [{ idx: 0, key: 'default' }, false], // the entry the page was loaded at, or one that replaced it
    [{ idx: 3, key: 'x8f2k1', usr: null }, true], // pushed by a navigation inside the app
    [{ idx: '2' }, false],
  ])('history state %j reached inside the app: %s', (state, expected) => expect(reachedInsideApp(state)).toBe(expected));
});
