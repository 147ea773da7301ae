import { describe, expect, it } from 'vitest';
import { nextTap, type TapState } from './double-tap';

const width = 400;
/** Folds taps (ms, x) through nextTap; the seconds each tap seeks. */
const seeks = (taps: Array<[number, number]>) => {
  let state: TapState | null = null;
  return taps.map(([at, x]) => {
    const result = nextTap(state, { at, x, width });
    state = result.state;
    return result.seek;
  });
};

describe('double tap on the picture', () => {
  it.each([
    ['a single tap seeks nothing', [[0, 100]], [0]],
    [
      'two quick taps on the left half go back 10 s',
      [
        [0, 100],
        [200, 120],
      ],
      [0, -10],
    ],
    [
      'two quick taps on the right half go forward 10 s',
      [
        [0, 300],
        [250, 320],
      ],
      [0, 10],
    ],
    [
      'each further quick tap adds 10 s',
      [
        [0, 300],
        [200, 300],
        [400, 300],
        [600, 300],
      ],
      [0, 10, 10, 10],
    ],
    [
      'taps further apart than 300 ms are single taps',
      [
        [0, 100],
        [301, 100],
      ],
      [0, 0],
    ],
    [
      'a quick tap on the other half is a single tap there',
      [
        [0, 100],
        [100, 300],
        [200, 300],
      ],
      [0, 0, 10],
    ],
    [
      'the middle belongs to the right half',
      [
        [0, 200],
        [100, 200],
      ],
      [0, 10],
    ],
  ] as const)('%s', (_name, taps, expected) => expect(seeks(taps.map(([at, x]) => [at, x]))).toEqual(expected));

  it('counts the taps in a row', () => {
    let state: TapState | null = null;
    for (const at of [0, 200, 400]) state = nextTap(state, { at, x: 10, width }).state;
    expect(state).toEqual({ at: 400, direction: -1, count: 3 });
  });
});
