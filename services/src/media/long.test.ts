import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MOVIES, SHOWS, movieById, showById } from '../catalog/data';
import type { RunningService } from '../types';
import { MEDIA_ROOT } from './app';
import { start } from './index';
import { HOSTED_MOVIES, LONG_MOVIES, LONG_SHOW, MIRRORED_MOVIES, episodeEntry, movieEntry, type IndexEntry } from './library';
import { MAX_LONG_MINUTES, shiftTransportStream } from './long';

let service: RunningService;
const lines: string[] = [];
beforeAll(async () => {
  service = await start({ port: 0, host: 'localhost', dataDir: '', urls: {}, log: (l) => lines.push(l), env: {} });
});
afterAll(() => service.close());

const get = (p: string, init?: RequestInit) => fetch(p.startsWith('http') ? p : `${service.url}${p}`, init);
const text = async (p: string) => {
  const res = await get(p);
  expect(res.status, p).toBe(200);
  return res.text();
};

/** A media playlist's segments: URI and EXTINF duration. */
const segmentsOf = (playlist: string) => {
  const out: Array<{ uri: string; duration: number }> = [];
  let duration = Number.NaN;
  for (const line of playlist.split('\n')) {
    if (line.startsWith('#EXTINF:')) duration = Number.parseFloat(line.slice(8));
    else if (line && !line.startsWith('#')) out.push({ uri: line, duration });
  }
  return out;
};
/** The rendition URIs of a master playlist (variant lines and URI="..." attributes). */
const renditionsOf = (master: string) => [
  ...master.split('\n').filter((l) => l && !l.startsWith('#')),
  ...[...master.matchAll(/URI="([^"]+)"/g)].map((m) => m[1]!),
];

/** The first PCR and the first PTS of each PID of an MPEG-TS segment, in 90 kHz ticks. */
function timestamps(ts: Uint8Array): { pcr: number | undefined; pts: Map<number, number> } {
  let pcr: number | undefined;
  const pts = new Map<number, number>();
  for (let i = 0; i + 188 <= ts.length; i += 188) {
    const pid = ((ts[i + 1]! & 0x1f) << 8) | ts[i + 2]!;
    const control = (ts[i + 3]! >> 4) & 3;
    let p = i + 4;
    if (control & 2) {
      if (pcr === undefined && ts[p]! >= 7 && ts[p + 1]! & 0x10) {
        const q = p + 2;
        pcr = ts[q]! * 2 ** 25 + (ts[q + 1]! << 17) + (ts[q + 2]! << 9) + (ts[q + 3]! << 1) + (ts[q + 4]! >> 7);
      }
      p += 1 + ts[p]!;
    }
    if (!(ts[i + 1]! & 0x40) || !(control & 1) || pts.has(pid) || ts[p] !== 0 || ts[p + 1] !== 0 || ts[p + 2] !== 1) continue;
    if (ts[p + 7]! & 0x80) {
      const q = p + 9;
      pts.set(pid, ((ts[q]! >> 1) & 7) * 2 ** 30 + (ts[q + 1]! << 22) + ((ts[q + 2]! >> 1) << 15) + (ts[q + 3]! << 7) + (ts[q + 4]! >> 1));
    }
  }
  return { pcr, pts };
}

const CLIP_SECONDS = { meadow: 16, harbor: 12, lantern: 12 } as const;

describe('long playlists', () => {
  it.each([
    ['meadow', 14],
    ['harbor', 97],
    ['lantern', 31],
    ['meadow', 1],
    ['lantern', MAX_LONG_MINUTES],
  ] as const)(
    '%s for %i min: every rendition adds up to the length, and the repetitions line up across renditions',
    async (clip, minutes) => {
      const base = `/long/${clip}/${minutes}`;
      const master = await text(`${base}/master.m3u8`);
      // The clip's own master: its relative URIs now name the generated renditions.
      expect(master).toBe(fs.readFileSync(path.join(MEDIA_ROOT, 'clips', clip, 'hls', 'master.m3u8'), 'utf8'));
      const renditions = renditionsOf(master);
      expect(renditions.length).toBeGreaterThanOrEqual(2);
      const total = minutes * 60;
      const repetitionStarts = new Map<string, number[]>();
      const videoLines: string[] = [];
      for (const uri of renditions) {
        const res = await get(`${base}/${uri}`);
        expect(res.headers.get('content-type')).toBe('application/vnd.apple.mpegurl');
        const playlist = await res.text();
        expect(playlist.startsWith('#EXTM3U\n')).toBe(true);
        expect(playlist.trimEnd().endsWith('#EXT-X-ENDLIST')).toBe(true);
        expect(playlist).toContain('#EXT-X-PLAYLIST-TYPE:VOD');
        expect(playlist).not.toContain('#EXT-X-DISCONTINUITY'); // the segments' timestamps run on
        const segments = segmentsOf(playlist);
        const sum = segments.reduce((s, x) => s + x.duration, 0);
        expect(sum).toBeCloseTo(total, 3);
        const target = Number(/#EXT-X-TARGETDURATION:(\d+)/.exec(playlist)![1]);
        for (const s of segments) {
          expect(s.duration).toBeGreaterThan(0);
          expect(Math.round(s.duration)).toBeLessThanOrEqual(target);
          expect(s.uri).toMatch(/^(0|[1-9]\d*)\/[a-z0-9]+\.(ts|vtt)$/);
        }
        // Where each repetition starts in this rendition.
        const starts: number[] = [];
        let at = 0;
        let last = -1;
        for (const s of segments) {
          const repetition = Number(s.uri.split('/')[0]);
          if (repetition !== last) {
            expect(repetition).toBe(last + 1);
            starts.push(Math.round(at * 1000) / 1000);
            last = repetition;
          }
          at += s.duration;
        }
        expect(starts.length).toBe(Math.ceil(total / CLIP_SECONDS[clip]));
        repetitionStarts.set(uri, starts);
        if (uri.startsWith('v')) videoLines.push(playlist.replace(/#EXT-X-TARGETDURATION:\d+\n/, ''));
      }
      const expected = Array.from({ length: Math.ceil(total / CLIP_SECONDS[clip]) }, (_, r) => r * CLIP_SECONDS[clip]);
      for (const [uri, starts] of repetitionStarts) expect(starts, uri).toEqual(expected);
      // Every video rendition has the same segment boundaries (ABR switches land on the same frame).
      expect(new Set(videoLines).size).toBe(1);
    },
  );

  it('serves the clip segments with their timestamps moved on by the repetition, deterministically', async () => {
    const original = fs.readFileSync(path.join(MEDIA_ROOT, 'clips', 'meadow', 'hls', 'v720', 'seg001.ts'));
    const before = timestamps(original);
    for (const repetition of [0, 1, 52]) {
      const res = await get(`/long/meadow/14/v720/${repetition}/seg001.ts`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('video/mp2t');
      const body = new Uint8Array(await res.arrayBuffer());
      expect(Number(res.headers.get('content-length'))).toBe(body.length);
      expect(body.length).toBe(original.length);
      const after = timestamps(body);
      expect(after.pcr! - before.pcr!).toBe(repetition * 16 * 90_000);
      for (const [pid, pts] of before.pts) expect(after.pts.get(pid)! - pts, `pid ${pid}`).toBe(repetition * 16 * 90_000);
      const again = new Uint8Array(await (await get(`/long/meadow/14/v720/${repetition}/seg001.ts`)).arrayBuffer());
      expect(Buffer.from(again).equals(Buffer.from(body))).toBe(true);
    }
    // Muxed audio and video move together (harbor: audio inside the video segments).
    const muxed = timestamps(new Uint8Array(await (await get('/long/harbor/97/v360/400/seg002.ts')).arrayBuffer()));
    const muxedBefore = timestamps(fs.readFileSync(path.join(MEDIA_ROOT, 'clips', 'harbor', 'hls', 'v360', 'seg002.ts')));
    expect(muxed.pts.size).toBe(2);
    for (const [pid, pts] of muxedBefore.pts) expect(muxed.pts.get(pid)! - pts).toBe(400 * 12 * 90_000);
    // HEAD answers the length without the body.
    const head = await get('/long/meadow/14/a-en/3/seg000.ts', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(Number(head.headers.get('content-length'))).toBe(
      fs.statSync(path.join(MEDIA_ROOT, 'clips', 'meadow', 'hls', 'a-en', 'seg000.ts')).size,
    );
  });

  it('moves only timestamps: every other byte of a segment is the clip’s', () => {
    const original = fs.readFileSync(path.join(MEDIA_ROOT, 'clips', 'lantern', 'hls', 'v1080', 'seg000.ts'));
    const shifted = shiftTransportStream(original, 12 * 7);
    let changed = 0;
    for (let i = 0; i < original.length; i += 1) if (original[i] !== shifted[i]) changed += 1;
    const packets = original.length / 188;
    expect(Number.isInteger(packets)).toBe(true);
    expect(changed).toBeGreaterThan(0);
    // At most a PCR (5 bytes) and a PTS and a DTS (5 each) per packet.
    expect(changed).toBeLessThan(packets * 15);
    expect(shiftTransportStream(original, 0).equals(original)).toBe(true);
    expect(() => shiftTransportStream(Buffer.from('not a transport stream, not at all, no'), 16)).toThrow(/MPEG-TS/);
  });

  it('generates captions to the same length: files of the index, and the HLS subtitle renditions', async () => {
    const vtt = await text('/long/harbor/97/subtitles/en.vtt');
    expect(vtt.startsWith('WEBVTT\n\n1\n00:00:00.000 --> 00:00:02.000\nSubtitle line 1 (en)\n')).toBe(true);
    expect(vtt.match(/-->/g)).toHaveLength((97 * 60) / 2);
    expect(vtt.trimEnd().endsWith('01:36:58.000 --> 01:37:00.000\nSubtitle line 2910 (en)')).toBe(true);
    const srt = await text('/long/meadow/14/subtitles/de.srt');
    expect(srt).toMatch(/^1\n00:00:00,000 --> 00:00:02,000\nUntertitelzeile 1 \(de\)\n/);
    expect(srt.trimEnd().endsWith('00:13:58,000 --> 00:14:00,000\nUntertitelzeile 420 (de)')).toBe(true);
    expect((await get('/long/meadow/14/subtitles/es.vtt')).headers.get('content-type')).toBe('text/vtt; charset=utf-8');
    // A subtitle rendition's segment: its repetition's cues, timed on the title's clock.
    const segment = await text('/long/meadow/14/s-es/10/sub0.vtt');
    expect(segment).toMatch(/^WEBVTT\nX-TIMESTAMP-MAP=MPEGTS:\d+,LOCAL:00:00:00\.000\n\n/);
    expect(segment).toContain('81\n00:02:40.000 --> 00:02:42.000\nLínea de subtítulo 81 (es)');
    expect(segment.match(/-->/g)).toHaveLength(8);
    // The last repetition is cut at the title's end (840 s = 52 × 16 s + 8 s).
    const last = await text('/long/meadow/14/s-en/52/sub0.vtt');
    expect(last.trimEnd().endsWith('00:13:58.000 --> 00:14:00.000\nSubtitle line 420 (en)')).toBe(true);
  });

  it('answers bad lengths with 400 and unknown clips, renditions, segments and captions with 404, never 500', async () => {
    const cases: Array<[string, number]> = [
      ['/long/meadow/0/master.m3u8', 400],
      [`/long/meadow/${MAX_LONG_MINUTES + 1}/master.m3u8`, 400],
      ['/long/meadow/99999/v720/index.m3u8', 400],
      ['/long/meadow/1.5/master.m3u8', 400],
      ['/long/meadow/-3/master.m3u8', 400],
      ['/long/meadow/014/master.m3u8', 400],
      ['/long/meadow/ten/master.m3u8', 400],
      ['/long/meadow//master.m3u8', 400],
      ['/long/trailer/14/master.m3u8', 404],
      ['/long/nope/14/master.m3u8', 404],
      ['/long/meadow/14/v9999/index.m3u8', 404],
      ['/long/meadow/14/v720/53/seg000.ts', 404], // past the end: 52 whole repetitions and half of the 53rd
      ['/long/meadow/14/v720/52/seg002.ts', 404],
      ['/long/meadow/14/v720/01/seg000.ts', 404],
      ['/long/meadow/14/v720/-1/seg000.ts', 404],
      ['/long/meadow/14/v720/0/seg009.ts', 404],
      ['/long/meadow/14/v720/0/index.m3u8', 404],
      ['/long/meadow/14/v720/0/seg000.ts/more', 404],
      ['/long/meadow/14/subtitles/xx.vtt', 404],
      ['/long/meadow/14/subtitles/en.ass', 404],
      ['/long/meadow/14/other.m3u8', 404],
      ['/long/meadow', 404],
      ['/long/', 404],
    ];
    for (const [p, status] of cases) {
      const res = await get(p);
      expect(res.status, p).toBe(status);
      expect(((await res.json()) as { error: string }).error, p).toBe(status === 400 ? 'bad_request' : 'not_found');
    }
    expect((await get('/long/meadow/14/v720/52/seg001.ts')).status).toBe(200);
    expect(lines.some((l) => / 500 /.test(l))).toBe(false);
  });
});

describe('long titles in the index', () => {
  const index = async (p: string) => (await (await get(p)).json()) as IndexEntry;
  const lengthOf = async (playlistUrl: string) => {
    const master = await text(playlistUrl);
    const first = renditionsOf(master).find((u) => u.startsWith('v'))!;
    return segmentsOf(await text(new URL(first, playlistUrl).href)).reduce((s, x) => s + x.duration, 0);
  };

  it('A Trip to the Moon and an invented film play for their catalog runtime, from the long HLS only', async () => {
    expect(Object.keys(LONG_MOVIES).map(Number)).toEqual(expect.arrayContaining([775]));
    expect(Object.keys(LONG_MOVIES).some((id) => Number(id) >= 900001 && !movieById.get(Number(id))!.publicDomain)).toBe(true);
    for (const [id, clip] of Object.entries(LONG_MOVIES)) {
      const movie = movieById.get(Number(id))!;
      const entry = await index(`/index/movie/${id}`);
      expect(entry).toMatchObject({ available: true, title: movie.title });
      expect(entry.sources.map((s) => s.id)).toEqual(['local-hls']);
      const stream = entry.sources[0]!.kind === 'stream' ? entry.sources[0]!.stream : undefined;
      expect(stream?.type === 'hls' && stream.playlist).toBe(`${service.url}/long/${clip}/${movie.runtime}/master.m3u8`);
      expect(await lengthOf(stream?.type === 'hls' ? stream.playlist : '')).toBeCloseTo(movie.runtime * 60, 3);
      expect(stream!.captions.map((c) => c.language)).toEqual(['en', 'es', 'fr', 'de']);
      for (const caption of stream!.captions) expect((await get(caption.url, { method: 'HEAD' })).status).toBe(200);
      // Not among the titles whose other copies are short clips.
      expect([
        ...MIRRORED_MOVIES,
        ...HOSTED_MOVIES.firstHostRemoved,
        ...HOSTED_MOVIES.oneHost,
        ...HOSTED_MOVIES.removedEverywhere,
      ]).not.toContain(Number(id));
    }
  });

  it('are listed by GET / with their routes', async () => {
    const body = (await (await get('/')).json()) as {
      long: { maxMinutes: number; titles: { movies: Array<{ tmdbId: number; minutes: number }>; shows: Array<{ tmdbId: number }> } };
    };
    expect(body.long.maxMinutes).toBe(MAX_LONG_MINUTES);
    expect(body.long.titles.movies).toEqual(expect.arrayContaining([expect.objectContaining({ tmdbId: 775, minutes: 14 })]));
    expect(body.long.titles.shows.map((s) => s.tmdbId)).toEqual([LONG_SHOW.tmdbId]);
  });

  it("the long show's aired episodes play for their runtime; episodes without a stream stay without", async () => {
    const show = showById.get(LONG_SHOW.tmdbId)!;
    const season = show.seasons.find((s) => s.number === 1)!;
    expect(season.episodes.length).toBeGreaterThanOrEqual(4);
    for (const episode of season.episodes) {
      const entry = await index(`/index/tv/${show.id}/1/${episode.number}`);
      if (episode.number % 5 === 0) {
        expect(entry).toMatchObject({ available: false, sources: [] });
        continue;
      }
      expect(entry.sources.map((s) => s.id)).toEqual(['local-hls']);
      const stream = entry.sources[0]!.kind === 'stream' ? entry.sources[0]!.stream : undefined;
      expect(stream?.type === 'hls' && stream.playlist).toBe(`${service.url}/long/${LONG_SHOW.clip}/${episode.runtime}/master.m3u8`);
      expect(episode.runtime).toBeGreaterThanOrEqual(20);
    }
  });
});

describe('every library title plays its catalog runtime', () => {
  /** Seconds of an HLS playlist URL (a master: its first video rendition), each URL asked once. */
  const lengths = new Map<string, Promise<number>>();
  const lengthOf = (url: string): Promise<number> => {
    let length = lengths.get(url);
    if (!length) {
      length = (async () => {
        const playlist = await text(url);
        if (!playlist.includes('#EXT-X-STREAM-INF')) return segmentsOf(playlist).reduce((s, x) => s + x.duration, 0);
        const video = playlist.split('\n').find((l) => l && !l.startsWith('#'))!;
        return lengthOf(new URL(video, url).href);
      })();
      lengths.set(url, length);
    }
    return length;
  };
  /** Each working HLS copy of an index entry: its playlist and caption files. */
  const hlsStreams = (entry: IndexEntry | undefined) =>
    (entry?.sources ?? []).flatMap((s) => (s.kind === 'stream' && !s.broken && s.stream.type === 'hls' ? [s.stream] : []));

  it('movies: every HLS copy lasts the runtime, and so do its caption files', async () => {
    let checked = 0;
    for (const movie of MOVIES.filter((m) => !m.adult)) {
      for (const stream of hlsStreams(movieEntry(movie.id, service.url))) {
        expect(await lengthOf(stream.type === 'hls' ? stream.playlist : ''), `${movie.title} (${movie.id})`).toBeCloseTo(
          movie.runtime * 60,
          3,
        );
        for (const caption of stream.captions) expect(caption.url, movie.title).toContain(`/${movie.runtime}/subtitles/`);
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(100);
  });

  it("episodes: every aired episode's HLS copies last its runtime", async () => {
    let checked = 0;
    for (const show of SHOWS)
      for (const season of show.seasons)
        for (const episode of season.episodes)
          for (const stream of hlsStreams(episodeEntry(show.id, season.number, episode.number, service.url))) {
            const label = `${show.name} S${season.number}E${episode.number}`;
            expect(await lengthOf(stream.type === 'hls' ? stream.playlist : ''), label).toBeCloseTo((episode.runtime ?? 0) * 60, 3);
            checked += 1;
          }
    expect(checked).toBeGreaterThan(1000);
  });
});
