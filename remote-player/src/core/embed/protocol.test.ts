import { describe, expect, it } from 'vitest';
import { MESSAGE_SOURCE as source, createThrottle, parsePlayerCommand } from './protocol';

describe('embed commands', () => {
  it.each([
    [
      { source, type: 'play' },
      { source, type: 'play' },
    ],
    [
      { source, type: 'seek', time: 12 },
      { source, type: 'seek', time: 12 },
    ],
    [{ source, type: 'seek', time: 'x' }, null],
    [
      { source, type: 'volume', volume: 0.5 },
      { source, type: 'volume', volume: 0.5 },
    ],
    [{ source, type: 'loadMedia', url: 'javascript:alert(1)' }, null],
    [
      { source, type: 'loadMedia', url: 'https://a/x.m3u8', streamType: 'hls' },
      { source, type: 'loadMedia', url: 'https://a/x.m3u8', streamType: 'hls' },
    ],
    [{ source: 'other', type: 'play' }, null],
    [{ source, type: 'explode' }, null],
    ['play', null],
  ])('%j → %j', (input, output) => expect(parsePlayerCommand(input)).toEqual(output));

  it('throttles', () => {
    let t = 0;
    const pass = createThrottle(1000, () => t);
    expect(pass()).toBe(true);
    t = 500;
    expect(pass()).toBe(false);
    t = 1000;
    expect(pass()).toBe(true);
  });
});
