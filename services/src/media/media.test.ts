import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MOVIES, SHOWS, movieById } from '../catalog/data';
import type { RunningService } from '../types';
import { MEDIA_ROOT } from './app';
import { start } from './index';
import {
  BROKEN_MOVIES,
  HOSTED_MOVIES,
  LIBRARY_SOURCES,
  MIRRORED_MOVIES,
  MOVIES_WITHOUT_STREAM,
  type IndexEntry,
  type IndexSource,
} from './library';

let service: RunningService;
const lines: string[] = [];
beforeAll(async () => {
  service = await start({ port: 0, host: 'localhost', dataDir: '', urls: {}, log: (l) => lines.push(l), env: {} });
});
afterAll(() => service.close());

const get = (p: string, init?: RequestInit) => fetch(p.startsWith('http') ? p : `${service.url}${p}`, init);
const index = async (p: string): Promise<{ status: number; body: IndexEntry }> => {
  const res = await get(p);
  return { status: res.status, body: (await res.json()) as IndexEntry };
};
const streamSources = (entry: IndexEntry) =>
  entry.sources.filter((s): s is Extract<IndexSource, { kind: 'stream' }> => s.kind === 'stream');

/** Every URI line and URI="..." attribute of a playlist, resolved against its URL. */
const playlistUris = (text: string, base: string): string[] => [
  ...text
    .split('\n')
    .filter((l) => l.trim() && !l.startsWith('#'))
    .map((l) => new URL(l.trim(), base).href),
  ...[...text.matchAll(/URI="([^"]+)"/g)].map((m) => new URL(m[1]!, base).href),
];

describe('media index', () => {
  it('lists HLS, MP4 and embed sources with captions for a movie', async () => {
    const { status, body } = await index('/index/movie/653');
    expect(status).toBe(200);
    expect(body).toMatchObject({ type: 'movie', tmdbId: 653, imdbId: 'tt0013442', available: true });
    const hls = streamSources(body).find((s) => s.stream.type === 'hls')!;
    const file = streamSources(body).find((s) => s.stream.type === 'file')!;
    expect(hls.stream).toMatchObject({
      type: 'hls',
      playlist: `${service.url}/long/meadow/${movieById.get(653)!.runtime}/master.m3u8`,
      qualities4k: true,
    });
    expect(file.stream.type === 'file' && Object.keys(file.stream.qualities).sort()).toEqual(['1080', '360', '480', '720']);
    expect(hls.stream.captions.map((c) => c.language)).toEqual(['en', 'es', 'fr', 'de']);
    expect(body.sources.some((s) => s.kind === 'embeds')).toBe(true);
    // Every URL in the entry answers.
    const urls = [
      ...streamSources(body).flatMap((s) => [
        ...(s.stream.type === 'hls' ? [s.stream.playlist] : Object.values(s.stream.qualities).map((q) => q.url)),
        ...s.stream.captions.map((c) => c.url),
      ]),
      ...body.sources.flatMap((s) => (s.kind === 'embeds' ? s.embeds.map((e) => e.url) : [])),
    ];
    for (const url of urls) expect((await get(url, { method: 'HEAD' })).status, url).toBe(200);
  });

  it('answers episodes, with no stream for unaired episodes, and 404 for unknown ids', async () => {
    const show = SHOWS[0]!;
    const aired = await index(`/index/tv/${show.id}/1/1`);
    expect(aired.status).toBe(200);
    expect(aired.body).toMatchObject({ type: 'show', available: true, season: { number: 1 }, episode: { number: 1 } });
    expect(aired.body.sources.length).toBeGreaterThan(0);
    const today = new Date().toISOString().slice(0, 10);
    const unaired = SHOWS.flatMap((s) => s.seasons.flatMap((season) => season.episodes.map((e) => ({ s, e })))).find(
      ({ e }) => !e.airDate || e.airDate > today,
    )!;
    const future = await index(`/index/tv/${unaired.s.id}/${unaired.e.seasonNumber}/${unaired.e.number}`);
    expect(future.body).toMatchObject({ available: false, sources: [] });
    expect((await get('/index/movie/1')).status).toBe(404);
    expect((await get(`/index/tv/${show.id}/99/1`)).status).toBe(404);
  });

  it('has movies deliberately without a stream and broken ones', async () => {
    expect(MOVIES_WITHOUT_STREAM.length).toBeGreaterThan(3);
    expect((await index(`/index/movie/${MOVIES_WITHOUT_STREAM[0]}`)).body).toMatchObject({ available: false, sources: [] });
    const missing = streamSources((await index(`/index/movie/${BROKEN_MOVIES.missingSegments}`)).body)[0]!;
    expect(missing.broken).toBe('segments-404');
    const master = await (await get(missing.stream.type === 'hls' ? missing.stream.playlist : '')).text();
    const variant = playlistUris(master, `${service.url}/broken/missing-segments/master.m3u8`)[0]!;
    const segment = playlistUris(await (await get(variant)).text(), variant)[0]!;
    expect((await get(segment)).status).toBe(404);
    const notPlaylist = streamSources((await index(`/index/movie/${BROKEN_MOVIES.notAPlaylist}`)).body)[0]!;
    const page = await get(notPlaylist.stream.type === 'hls' ? notPlaylist.stream.playlist : '');
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(await page.text()).not.toContain('#EXTM3U');
    const garbage = (await index(`/index/movie/${BROKEN_MOVIES.garbageSegments}`)).body;
    expect(streamSources(garbage)[0]!.broken).toBe('undecodable-segments');
    const fallThrough = (await index(`/index/movie/${BROKEN_MOVIES.brokenThenWorking}`)).body;
    expect(streamSources(fallThrough).map((s) => [s.id, s.broken])).toEqual([
      ['local-hls-mirror', 'segments-404'],
      ['local-hls-backup', 'not-a-playlist'],
      ['local-hls', undefined],
      ['local-mp4', undefined],
    ]);
  });

  it('mirrors, embed hosts and low-quality copies: in rank order, with the names and ranks of LIBRARY_SOURCES', async () => {
    const mirrored = (await index(`/index/movie/${MIRRORED_MOVIES[0]}`)).body;
    expect(mirrored.sources.map((s) => s.id).slice(0, 4)).toEqual(['local-hls-mirror', 'local-hls', 'local-mp4-mirror', 'local-mp4']);
    for (const s of mirrored.sources) expect({ name: s.name, rank: s.rank }).toEqual(LIBRARY_SOURCES[s.id as keyof typeof LIBRARY_SOURCES]);
    const hosted = (await index(`/index/movie/${HOSTED_MOVIES.firstHostRemoved[0]}`)).body.sources.find((s) => s.id === 'local-hosts');
    expect(hosted?.kind).toBe('embeds');
    const [removed, playing] = hosted?.kind === 'embeds' ? hosted.embeds : [];
    expect((await get(removed!.url)).status).toBe(404);
    expect((await get(playing!.url)).status).toBe(200);
    const one = (await index(`/index/movie/${HOSTED_MOVIES.oneHost[0]}`)).body.sources.find((s) => s.id === 'local-hosts');
    expect(one?.kind === 'embeds' && one.embeds.map((e) => e.url)).toEqual([expect.stringMatching(/\/embed\/(meadow|harbor)\?type=mp4$/)]);
    const gone = (await index(`/index/movie/${HOSTED_MOVIES.removedEverywhere[0]}`)).body.sources.find((s) => s.id === 'local-hosts');
    expect(gone).toMatchObject({ kind: 'embeds', embeds: [] });
    let sd: IndexSource | undefined;
    for (let id = 900001; !sd && id < 900060; id += 1)
      sd = (await index(`/index/movie/${id}`)).body.sources?.find((s) => s.id === 'local-hls-sd' && !('broken' in s && s.broken));
    const playlist = sd?.kind === 'stream' && sd.stream.type === 'hls' ? sd.stream.playlist : '';
    const text = await (await get(playlist)).text();
    expect(text).toContain('#EXTINF');
    expect(text).not.toContain('#EXT-X-STREAM-INF');
  });

  it('covers most released movies', async () => {
    let available = 0;
    const released = MOVIES.filter((m) => !m.adult && m.releaseDate && m.releaseDate <= new Date().toISOString().slice(0, 10));
    for (const m of released) if ((await index(`/index/movie/${m.id}`)).body.available) available += 1;
    expect(available / released.length).toBeGreaterThan(0.75);
    expect(available).toBeLessThan(released.length);
  });
});

describe('HLS', () => {
  it('has a master playlist with 4+ video renditions (one 3840x2160), 2 audio languages and WebVTT subtitles, all reachable', async () => {
    const masterUrl = `${service.url}/clips/meadow/hls/master.m3u8`;
    const res = await get(masterUrl);
    expect(res.headers.get('content-type')).toBe('application/vnd.apple.mpegurl');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    const master = await res.text();
    expect(master.startsWith('#EXTM3U')).toBe(true);
    const variants = master.split('\n').filter((l) => l.startsWith('#EXT-X-STREAM-INF'));
    expect(variants.length).toBeGreaterThanOrEqual(4);
    expect(variants.some((v) => v.includes('RESOLUTION=3840x2160'))).toBe(true);
    const audio = master.split('\n').filter((l) => l.includes('TYPE=AUDIO'));
    expect(new Set(audio.map((l) => /LANGUAGE="([^"]+)"/.exec(l)?.[1])).size).toBeGreaterThanOrEqual(2);
    expect(master).toMatch(/TYPE=SUBTITLES/);
    for (const playlistUrl of playlistUris(master, masterUrl)) {
      const playlist = await get(playlistUrl);
      expect(playlist.status, playlistUrl).toBe(200);
      const text = await playlist.text();
      expect(text).toContain('#EXT-X-ENDLIST');
      for (const segmentUrl of playlistUris(text, playlistUrl)) {
        const segment = await get(segmentUrl);
        expect(segment.status, segmentUrl).toBe(200);
        const type = segment.headers.get('content-type');
        expect(type).toBe(segmentUrl.endsWith('.vtt') ? 'text/vtt; charset=utf-8' : 'video/mp2t');
        const body = new Uint8Array(await segment.arrayBuffer());
        if (segmentUrl.endsWith('.ts'))
          expect(body[0]).toBe(0x47); // MPEG-TS sync byte
        else expect(new TextDecoder().decode(body.slice(0, 6))).toBe('WEBVTT');
      }
    }
  });
});

describe('MP4 and subtitles', () => {
  const file = path.join(MEDIA_ROOT, 'clips', 'meadow', 'mp4', '720.mp4');

  it('serves MP4 with Range support', async () => {
    const size = fs.statSync(file).size;
    const whole = await get('/clips/meadow/mp4/720.mp4');
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('video/mp4');
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    expect(Number(whole.headers.get('content-length'))).toBe(size);
    await whole.arrayBuffer();
    const part = await get('/clips/meadow/mp4/720.mp4', { headers: { Range: 'bytes=100-199' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 100-199/${size}`);
    expect(Buffer.from(await part.arrayBuffer())).toEqual(fs.readFileSync(file).subarray(100, 200));
    const tail = await get('/clips/meadow/mp4/720.mp4', { headers: { Range: 'bytes=-10' } });
    expect(tail.headers.get('content-range')).toBe(`bytes ${size - 10}-${size - 1}/${size}`);
    await tail.arrayBuffer();
    expect((await get('/clips/meadow/mp4/720.mp4', { headers: { Range: `bytes=${size}-` } })).status).toBe(416);
    const head = await get('/clips/meadow/mp4/720.mp4', { method: 'HEAD' });
    expect(head.headers.get('content-length')).toBe(String(size));
  });

  it('serves SRT and VTT subtitles in several languages', async () => {
    for (const lang of ['en', 'es', 'fr', 'de']) {
      const vtt = await get(`/subtitles/meadow/${lang}.vtt`);
      expect(vtt.headers.get('content-type')).toBe('text/vtt; charset=utf-8');
      expect((await vtt.text()).startsWith('WEBVTT')).toBe(true);
      const srt = await get(`/subtitles/harbor/${lang}.srt`);
      expect(srt.status).toBe(200);
      expect(await srt.text()).toMatch(/^1\n00:00:00,000 --> 00:00:02,000\n/);
    }
  });

  it('refuses paths outside the library and unknown files', async () => {
    expect((await get('/clips/%2e%2e/%2e%2e/package.json')).status).toBeGreaterThanOrEqual(403);
    expect((await get('/clips/meadow/mp4/9999.mp4')).status).toBe(404);
  });

  it('serves embed pages carrying their stream', async () => {
    const page = await (await get('/embed/harbor?type=mp4')).text();
    const data = JSON.parse(/<script id="__EMBED_DATA__" type="application\/json">(.*?)<\/script>/s.exec(page)![1]!);
    expect(data.type).toBe('file');
    expect((await get(data.qualities['720'].url, { method: 'HEAD' })).status).toBe(200);
    expect((await get('/embed/nothing')).status).toBe(404);
  });

  it('keeps the library under 20 MB', () => {
    const du = (dir: string): number =>
      fs
        .readdirSync(dir, { withFileTypes: true })
        .reduce((n, e) => n + (e.isDirectory() ? du(path.join(dir, e.name)) : fs.statSync(path.join(dir, e.name)).size), 0);
    expect(du(MEDIA_ROOT)).toBeLessThan(20 * 1024 * 1024);
  });

  it('answers CORS preflights and logs requests', async () => {
    const pre = await get('/clips/meadow/mp4/720.mp4', {
      method: 'OPTIONS',
      headers: { Origin: 'http://localhost:3000', 'Access-Control-Request-Method': 'GET', 'Access-Control-Request-Headers': 'range' },
    });
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-origin')).toBe('*');
    expect(lines.some((l) => /GET \/clips\/meadow\/mp4\/720\.mp4 206/.test(l))).toBe(true);
  });
});
