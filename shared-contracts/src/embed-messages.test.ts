import { describe, expect, it } from 'vitest';
import { EMBED_MESSAGE_SOURCE as source, parsePlayerCommand } from './embed-messages';

describe('embed commands', () => {
  it.each([
    [{ source, type: 'play' }, { source, type: 'play' }],
    [{ source, type: 'seek', time: 12 }, { source, type: 'seek', time: 12 }],
    [{ source, type: 'seek', time: 'x' }, null],
    [{ source, type: 'volume', volume: 0.5 }, { source, type: 'volume', volume: 0.5 }],
    [{ source, type: 'loadMedia', url: 'javascript:alert(1)' }, null],
    [{ source, type: 'loadMedia', url: 'https://a/x.m3u8', streamType: 'hls' }, { source, type: 'loadMedia', url: 'https://a/x.m3u8', streamType: 'hls' }],
    [{ source: 'other', type: 'play' }, null],
    [{ source, type: 'explode' }, null],
    ['play', null],
  ])('%j → %j', (input, output) => expect(parsePlayerCommand(input)).toEqual(output));
});
