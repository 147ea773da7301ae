import fs from 'node:fs';
import { subtitleFixture } from 'fixtures';
import { describe, expect, it } from 'vitest';
import {
  applyTimestampMap,
  normalizePts,
  parseSubtitlePlaylist,
  parseVttTimestamp,
  PTS_HZ,
  readTimestampMap,
  runStartPts,
} from './hls-captions';
import { parseCaptions } from './parse-captions';

const fixture = fs.readFileSync(subtitleFixture('vtt/hls-x-timestamp-map.vtt'), 'utf8');

describe('X-TIMESTAMP-MAP', () => {
  it.each([
    ['00:00:01.500', 1.5],
    ['1:11:16.443', 4276.443],
    ['266:18:35.679', 958715.679],
    ['02:03.004', 123.004],
    ['00:61:00.000', null],
    ['1.5', null],
  ])('timestamp %s is %s s', (text, seconds) => {
    const value = parseVttTimestamp(text);
    if (seconds === null) expect(value).toBeNull();
    else expect(value).toBeCloseTo(seconds, 6);
  });

  it('is read from the header of the fixture (LOCAL then MPEGTS), and in either order', () => {
    expect(readTimestampMap(fixture)).toEqual({ local: expect.closeTo(4276.443, 6), mpegts: 384879885 });
    expect(readTimestampMap('WEBVTT\nX-TIMESTAMP-MAP=MPEGTS:133500,LOCAL:00:00:00.000\n\n1\n00:00:00.000 --> 00:00:02.000\nhi')).toEqual({
      local: 0,
      mpegts: 133500,
    });
  });

  it('is absent, or ignored after the header or when malformed', () => {
    expect(readTimestampMap('WEBVTT\n\n00:00.000 --> 00:01.000\nhi')).toBeNull();
    expect(readTimestampMap('WEBVTT\n\nX-TIMESTAMP-MAP=MPEGTS:1,LOCAL:00:00:00.000\n')).toBeNull();
    expect(readTimestampMap('WEBVTT\nX-TIMESTAMP-MAP=MPEGTS:abc,LOCAL:00:00:00.000\n\n')).toBeNull();
  });

  it('PTS values are unwrapped next to the reference (33-bit clock)', () => {
    const wrap = 2 ** 33;
    expect(normalizePts(100, 0)).toBe(100);
    expect(normalizePts(wrap + 100, 0)).toBe(100);
    expect(normalizePts(10 * wrap + 100, 0)).toBe(100);
    expect(normalizePts(100, wrap)).toBe(wrap + 100);
  });

  it("the fixture's 266 h cues (past 2^33 ticks) land about 2 s into a stream that starts at its MPEGTS", async () => {
    const parsed = await parseCaptions(fixture, 'vtt');
    if (!parsed.ok) throw new Error(parsed.error.message);
    const cues = applyTimestampMap(parsed.value, readTimestampMap(fixture), { streamStartPts: 384879885, segmentStart: 0 });
    // (266:18:35.679 − 1:11:16.443) × 90 kHz, less ten wraps of 2^33 ticks, is 185 320 ticks.
    expect(cues.map((c) => [c.start, c.end])).toEqual([
      [expect.closeTo(185320 / 90000, 4), expect.closeTo(185320 / 90000 + 1.626, 4)],
      [expect.closeTo(185320 / 90000 + 1.754, 4), expect.closeTo(185320 / 90000 + 2.597, 4)],
    ]);
    expect(cues[0]!.text).toBe('  Cue text one');
  });

  it('a segment whose MPEGTS is ahead of the stream start plays that much later; LOCAL is subtracted', () => {
    const cue = { start: 10, end: 12, text: 'x' };
    // The local library: MPEGTS 133500 is the video's first PTS, so cue times are media times.
    expect(applyTimestampMap([cue], { local: 0, mpegts: 133500 }, { streamStartPts: 133500, segmentStart: 0 })).toEqual([cue]);
    // Media starting at 10 s of PTS (900000), subtitles mapped 2 s later.
    expect(applyTimestampMap([cue], { local: 0, mpegts: 1_080_000 }, { streamStartPts: 900_000, segmentStart: 0 })).toEqual([
      { start: 12, end: 14, text: 'x' },
    ]);
    // LOCAL 100 s is MPEGTS of the stream start: a cue at 105 s plays at 5 s (placed by the segment at 4 s).
    expect(
      applyTimestampMap(
        [{ start: 105, end: 106, text: 'y' }],
        { local: 100, mpegts: 900_000 },
        { streamStartPts: 900_000, segmentStart: 4 },
      ),
    ).toEqual([{ start: 5, end: 6, text: 'y' }]);
  });

  it('without a map, cue times are kept', () => {
    const cues = [{ start: 1, end: 2, text: 'a' }];
    expect(applyTimestampMap(cues, null, { streamStartPts: 900_000, segmentStart: 0 })).toEqual(cues);
  });
});

describe('rendition playlist', () => {
  it('lists segments with their start times, URLs resolved against the playlist', () => {
    const playlist =
      '#EXTM3U\n#EXT-X-TARGETDURATION:6\n#EXTINF:6.000,\nseg0.vtt\n#EXTINF:5.5,\n/abs/seg1.vtt?x=1\n#EXTINF:4,\nhttps://cdn.example/seg2.vtt\n#EXT-X-ENDLIST\n';
    expect(parseSubtitlePlaylist(playlist, 'https://media.example/subs/en/index.m3u8')).toEqual([
      { url: 'https://media.example/subs/en/seg0.vtt', start: 0, duration: 6, discontinuity: 0 },
      { url: 'https://media.example/abs/seg1.vtt?x=1', start: 6, duration: 5.5, discontinuity: 0 },
      { url: 'https://cdn.example/seg2.vtt', start: 11.5, duration: 4, discontinuity: 0 },
    ]);
  });

  it('counts the discontinuities before each segment', () => {
    const playlist =
      '#EXTM3U\n#EXTINF:4,\na.vtt\n#EXT-X-DISCONTINUITY\n#EXTINF:4,\nb.vtt\n#EXTINF:4,\nc.vtt\n#EXT-X-DISCONTINUITY\n#EXTINF:4,\nd.vtt\n';
    expect(parseSubtitlePlaylist(playlist, 'https://media.example/s/index.m3u8').map((s) => [s.start, s.discontinuity])).toEqual([
      [0, 0],
      [4, 1],
      [8, 1],
      [12, 2],
    ]);
  });
});

describe('runStartPts', () => {
  const map = (mpegts: number) => ({ local: 0, mpegts });
  it("before a discontinuity the stream's first PTS; after one, the run's first map placed at its segment's start", () => {
    const starts = runStartPts(
      [
        { start: 0, discontinuity: 0, map: map(900_000) },
        { start: 4, discontinuity: 0, map: map(900_000) },
        { start: 8, discontinuity: 1, map: null },
        { start: 12, discontinuity: 1, map: map(450_000) },
        { start: 16, discontinuity: 1, map: map(450_000) },
      ],
      810_000,
    );
    expect([...starts]).toEqual([
      [0, 810_000],
      // The run's first map is on the segment at 12 s: MPEGTS 450000 plays at 12 s.
      [1, 450_000 - 12 * PTS_HZ],
    ]);
  });
});
