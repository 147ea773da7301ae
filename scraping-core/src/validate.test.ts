import { describe, expect, it } from 'vitest';
import { tableFetcher } from './testkit';
import type { FetchResponse, Stream } from './types';
import { validateStream } from './validate';

const ts = (() => {
  const b = new Uint8Array(376);
  b[0] = 0x47;
  b[188] = 0x47;
  return b;
})();
const box = (type: string) => new Uint8Array([0, 0, 0, 24, ...[...type].map((c) => c.charCodeAt(0)), 0, 0, 0, 0, 0, 0, 0, 0]);
const hls = (playlist: string): Stream => ({ id: 's', type: 'hls', playlist, flags: ['cors-allowed'], captions: [] });
const T = 'http://t.test';

const table: Record<string, Partial<FetchResponse>> = {
  // master → second variant works (first 404)
  [`${T}/a/master.m3u8`]: {
    status: 200,
    body: '#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=1\nlow/i.m3u8\n#EXT-X-STREAM-INF:BANDWIDTH=2\nhigh/i.m3u8\n',
  },
  [`${T}/a/high/i.m3u8`]: { status: 200, body: '#EXTM3U\n#EXTINF:4,\ns0.ts\n' },
  [`${T}/a/high/s0.ts`]: { status: 206, bytes: ts },
  // media playlist given directly, fMP4 with an init segment
  [`${T}/b/i.m3u8`]: { status: 200, body: '#EXTM3U\n#EXT-X-MAP:URI="init.mp4"\n#EXTINF:4,\ns0.m4s\n' },
  [`${T}/b/init.mp4`]: { status: 206, bytes: box('ftyp') },
  // a master redirected elsewhere: relative URIs resolve against the final URL
  [`${T}/c/master.m3u8`]: { status: 200, finalUrl: `${T}/moved/master.m3u8`, body: '#EXTM3U\n#EXTINF:4,\nseg.ts\n' },
  [`${T}/moved/seg.ts`]: { status: 200, bytes: ts },
  // broken ones
  [`${T}/html/master.m3u8`]: { status: 200, body: '<!DOCTYPE html><html></html>' },
  [`${T}/empty/master.m3u8`]: { status: 200, body: '#EXTM3U\n#EXT-X-ENDLIST\n' },
  [`${T}/garbage/i.m3u8`]: { status: 200, body: '#EXTM3U\n#EXTINF:4,\ns.ts\n' },
  [`${T}/garbage/s.ts`]: { status: 200, bytes: new Uint8Array(376).fill(7) },
  [`${T}/novariant/master.m3u8`]: { status: 200, body: '#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=1\nv/i.m3u8\n' },
  // files
  [`${T}/f/1080.mp4`]: { status: 404 },
  [`${T}/f/720.mp4`]: { status: 206, bytes: box('ftyp') },
  [`${T}/f/480.mp4`]: { status: 206, bytes: new Uint8Array(16).fill(1) },
};

describe('validateStream', () => {
  it.each([
    ['first variant 404, second plays', `${T}/a/master.m3u8`, null],
    ['media playlist with an fMP4 init segment', `${T}/b/i.m3u8`, null],
    ['redirected playlist', `${T}/c/master.m3u8`, null],
    ['playlist 404', `${T}/none/master.m3u8`, 'playlist: HTTP 404'],
    ['a web page', `${T}/html/master.m3u8`, 'playlist: not an HLS playlist'],
    ['no segment', `${T}/empty/master.m3u8`, 'playlist: no segment'],
    ['garbage segment', `${T}/garbage/i.m3u8`, 'segment: not media'],
    ['no variant answers', `${T}/novariant/master.m3u8`, 'playlist: no variant answers'],
  ])('hls: %s', async (_name, playlist, problem) => {
    const result = await validateStream(hls(playlist), { fetcher: tableFetcher(table) });
    if (problem === null) expect(result).toMatchObject({ ok: true });
    else expect(result).toMatchObject({ ok: false, error: { code: 'scrape/invalid-stream', message: 'no stream', detail: problem } });
  });

  it('file: keeps only the qualities that answer with MP4, sends the stream headers and a small Range', async () => {
    const fetcher = tableFetcher(table);
    const stream: Stream = {
      id: 'f',
      type: 'file',
      flags: ['cors-allowed'],
      captions: [],
      headers: { Referer: 'http://r.test' },
      qualities: {
        '1080': { type: 'mp4', url: `${T}/f/1080.mp4` },
        '720': { type: 'mp4', url: `${T}/f/720.mp4` },
        '480': { type: 'mp4', url: `${T}/f/480.mp4` },
      },
    };
    const result = await validateStream(stream, { fetcher });
    expect(result).toMatchObject({ ok: true, value: { qualities: { '720': { url: `${T}/f/720.mp4` } } } });
    if (result.ok && result.value.type === 'file') expect(Object.keys(result.value.qualities)).toEqual(['720']);
    expect(fetcher.requests[0]?.headers).toEqual({ Referer: 'http://r.test', Range: 'bytes=0-15' });
    const none = await validateStream({ ...stream, qualities: { '1080': { type: 'mp4', url: `${T}/f/1080.mp4` } } }, { fetcher });
    expect(none).toMatchObject({ ok: false, error: { detail: 'file: no quality answers with media' } });
  });

  it('a network failure is an invalid stream, not a throw', async () => {
    const result = await validateStream(hls(`${T}/x.m3u8`), { fetcher: async () => Promise.reject(new Error('ECONNREFUSED')) });
    expect(result).toEqual({ ok: false, error: { code: 'scrape/invalid-stream', message: 'no stream', detail: 'ECONNREFUSED' } });
  });
});
