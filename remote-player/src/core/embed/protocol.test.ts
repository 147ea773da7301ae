import { describe, expect, it } from 'vitest';
import { MESSAGE_SOURCE as source, createThrottle, embedOriginAllowed, embedOriginsOf, embedTargets, parsePlayerCommand } from './protocol';

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

describe('partner origins', () => {
  it('obeys any parent by default and only listed ones otherwise', () => {
    expect(embedOriginAllowed(['*'], 'https://anyone.example')).toBe(true);
    expect(embedOriginAllowed(['https://partner.example'], 'https://partner.example')).toBe(true);
    expect(embedOriginAllowed(['https://partner.example'], 'https://evil.example')).toBe(false);
    expect(embedOriginAllowed([], 'https://partner.example')).toBe(false);
  });

  it('posts events to each listed partner, or to any parent when any may embed', () => {
    expect(embedTargets(['*'])).toEqual(['*']);
    expect(embedTargets(['https://a.example', 'https://b.example'])).toEqual(['https://a.example', 'https://b.example']);
    expect(embedTargets([])).toEqual([]);
  });

  it('allows any partner under a host built before the setting existed', () => {
    expect(embedOriginsOf({})).toEqual(['*']);
    expect(embedOriginsOf({ embedOrigins: ['https://a.example'] })).toEqual(['https://a.example']);
  });
});
