/** The local-library provider and the whole engine against the real media service (no fakes). */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServices, type RunningServices } from 'services/run';
import { BROKEN_MOVIES, HOSTED_MOVIES, LIBRARY_SOURCES, MIRRORED_MOVIES, MOVIES_WITHOUT_STREAM } from 'services/media-library';
import { localLibrarySources } from './local-library';
import { applyScrapeEvent, emptyProgress } from '../progress';
import { runAll, runEmbed, runSource } from '../scraper';
import type { ScrapeEvent, ScrapeMedia, ScrapeOptions } from '../types';

let services: RunningServices;
let options: ScrapeOptions;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mw-local-library-'));

beforeAll(async () => {
  services = await startServices({ names: ['media', 'catalog'], ports: { media: 0, catalog: 0 }, dataDir, log: () => undefined });
  options = { settings: { localLibraryUrl: services.urls.media! } };
});
afterAll(async () => {
  await services?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const movie = (tmdbId: number, title = 'Some title'): ScrapeMedia => ({ type: 'movie', title, releaseYear: 2000, tmdbId: String(tmdbId) });

async function run(media: ScrapeMedia, extra: ScrapeOptions = {}) {
  const events: ScrapeEvent[] = [];
  const result = await runAll(media, { ...options, ...extra }, { onEvent: (e) => events.push(e) });
  return { result, events, progress: events.reduce(applyScrapeEvent, emptyProgress()) };
}

describe('local library through the engine', () => {
  it('finds the HLS source of a public-domain film, validated, with captions', async () => {
    const { result, progress } = await run(movie(653, 'Nosferatu'));
    expect(result).toMatchObject({ ok: true, value: { sourceId: 'local-hls', stream: { type: 'hls', flags: ['cors-allowed'] } } });
    if (result.ok) expect(result.value.stream.captions[0]).toMatchObject({ language: 'en', type: 'vtt', needsProxy: false });
    expect(progress.order).toEqual([
      'local-hls-mirror',
      'local-hls-backup',
      'local-hls',
      'local-mp4-mirror',
      'local-mp4',
      'local-hosts',
      'local-embed',
      'local-hls-sd',
      'local-mp4-sd',
    ]);
    expect(progress.sources['local-hls-mirror']?.status).toBe('notfound');
    expect(progress.sources['local-hls-backup']?.status).toBe('notfound');
    expect(progress.sources['local-hls']?.status).toBe('success');
    expect(progress.sources['local-mp4']?.status).toBe('waiting');
  });

  it('falls through two broken sources to the third', async () => {
    const { result, progress } = await run(movie(BROKEN_MOVIES.brokenThenWorking!));
    expect(result).toMatchObject({ ok: true, value: { sourceId: 'local-hls' } });
    expect(progress.sources['local-hls-mirror']).toMatchObject({
      status: 'failure',
      error: { code: 'scrape/invalid-stream' },
      reason: 'segment: HTTP 404',
    });
    expect(progress.sources['local-hls-backup']).toMatchObject({
      status: 'failure',
      error: { code: 'scrape/invalid-stream' },
      reason: 'playlist: not an HLS playlist',
    });
    expect(progress.sources['local-hls']?.status).toBe('success');
  });

  it('a title whose every copy is broken: every source and embed is tried, none plays, then not found', async () => {
    const { result, progress } = await run(movie(BROKEN_MOVIES.everySourceBroken!));
    expect(result).toMatchObject({ ok: false, error: { code: 'scrape/not-found' } });
    const statuses = Object.fromEntries(progress.order.map((id) => [id, progress.sources[id]?.status]));
    // The broken copies fail validation; the embed sources, whose every embed page is gone, are not found.
    const embedSources = ['local-hosts', 'local-embed'];
    expect(statuses).toEqual(
      Object.fromEntries(localLibrarySources.map((s) => [s.id, embedSources.includes(s.id) ? 'notfound' : 'failure'])),
    );
    expect(progress.sources['local-hosts']?.children.map((id) => progress.sources[id]?.status)).toEqual(['notfound', 'notfound']);
  });

  it('a mirrored title plays from the mirror, the first source', async () => {
    const { result, progress } = await run(movie(MIRRORED_MOVIES[0]!));
    expect(result).toMatchObject({ ok: true, value: { sourceId: 'local-hls-mirror', stream: { type: 'hls' } } });
    expect(progress.sources['local-hls']?.status).toBe('waiting');
    const mp4 = await runSource('local-mp4-mirror', movie(MIRRORED_MOVIES[0]!), options);
    expect(mp4).toMatchObject({ ok: true, value: { stream: { type: 'file' }, embeds: [] } });
  });

  it('embed hosts: the first removed the video, the second plays it; or one host has it; or none any more', async () => {
    const hosted = await runSource('local-hosts', movie(HOSTED_MOVIES.firstHostRemoved[0]!), options);
    expect(hosted).toMatchObject({ ok: true, value: { embeds: [{ embedId: 'local-player' }, { embedId: 'local-player' }] } });
    if (!hosted.ok) return;
    expect(await runEmbed('local-player', hosted.value.embeds[0]!.url, options)).toMatchObject({
      ok: false,
      error: { code: 'scrape/not-found' },
    });
    expect(await runEmbed('local-player', hosted.value.embeds[1]!.url, options)).toMatchObject({
      ok: true,
      value: { stream: [{ type: 'file' }] },
    });
    expect(await runSource('local-hosts', movie(HOSTED_MOVIES.oneHost[0]!), options)).toMatchObject({
      ok: true,
      value: { embeds: [{ embedId: 'local-player' }] },
    });
    expect(await runSource('local-hosts', movie(HOSTED_MOVIES.removedEverywhere[0]!), options)).toMatchObject({
      ok: false,
      error: { code: 'scrape/no-embeds' },
    });
  });

  it('the low-quality HLS copy is a single media playlist (no master), validated by its first segment', async () => {
    let id: number | undefined;
    for (let tmdbId = 900001; !id && tmdbId < 900060; tmdbId += 1) {
      const entry = (await (await fetch(`${services.urls.media}/index/movie/${tmdbId}`)).json()) as {
        sources?: Array<{ id: string; broken?: string }>;
      };
      if (entry.sources?.some((s) => s.id === 'local-hls-sd' && !s.broken)) id = tmdbId;
    }
    expect(id).toBeDefined();
    const { result } = await run(movie(id!), { enableSourceOrder: true, sourceOrder: ['local-hls-sd'] });
    expect(result).toMatchObject({
      ok: true,
      value: { sourceId: 'local-hls-sd', stream: { type: 'hls', playlist: expect.stringMatching(/\/v360\/index\.m3u8$/) } },
    });
  });

  it('registers the sources of the library index with the same names and ranks', () => {
    expect(localLibrarySources.map((s) => ({ id: s.id, name: s.name, rank: s.rank }))).toEqual(
      Object.entries(LIBRARY_SOURCES).map(([id, s]) => ({ id, ...s })),
    );
  });

  it.each([
    ['missingSegments', 'segment: HTTP 404'],
    ['garbageSegments', 'segment: not media'],
    ['notAPlaylist', 'playlist: not an HLS playlist'],
    ['badMp4', 'file: no quality answers with media'],
  ])('rejects the %s stream (validation) and ends not found', async (name, reason) => {
    const { result, progress } = await run(movie(BROKEN_MOVIES[name]!));
    expect(result).toMatchObject({ ok: false, error: { code: 'scrape/not-found', message: 'not found' } });
    const failed = Object.values(progress.sources).find((s) => s.status === 'failure');
    expect(failed?.reason).toBe(reason);
  });

  it('a title the library has no stream for is not found everywhere', async () => {
    const { result, progress } = await run(movie(MOVIES_WITHOUT_STREAM[0]!));
    expect(result.ok).toBe(false);
    expect(Object.values(progress.sources).every((s) => s.status === 'notfound')).toBe(true);
  });

  it('an unknown title is not found', async () => {
    expect((await run(movie(123456789))).result).toMatchObject({ ok: false, error: { code: 'scrape/not-found' } });
  });

  it('reaches the embed source when the stream sources are disallowed, and the local-player embed reads the page', async () => {
    const { result, progress } = await run(movie(653, 'Nosferatu'), { disallowedIds: ['local-hls', 'local-mp4'] });
    expect(result).toMatchObject({ ok: true, value: { sourceId: 'local-embed', embedId: 'local-player' } });
    expect(progress.sources['local-embed']?.children).toEqual(['local-embed-0', 'local-embed-1']);
  });

  it('a custom order puts the MP4 source first', async () => {
    const { result } = await run(movie(653), { enableSourceOrder: true, sourceOrder: ['local-mp4'] });
    expect(result).toMatchObject({ ok: true, value: { sourceId: 'local-mp4', stream: { type: 'file' } } });
    if (result.ok && result.value.stream.type === 'file')
      expect(Object.keys(result.value.stream.qualities).sort()).toEqual(['1080', '360', '480', '720']);
  });

  it('episodes: finds the episode stream; the broken episode fails', async () => {
    const ep = (tmdbId: number, s: number, e: number): ScrapeMedia => ({
      type: 'show',
      title: 'x',
      releaseYear: 2020,
      tmdbId: String(tmdbId),
      season: { number: s, tmdbId: '' },
      episode: { number: e, tmdbId: '' },
    });
    expect((await run(ep(910001, 1, 1))).result).toMatchObject({ ok: true, value: { sourceId: 'local-hls' } });
    expect((await run(ep(910006, 1, 2))).result.ok).toBe(false);
  });

  it('runSource lists embeds for the menu; runEmbed scrapes one; unknown ids are invalid', async () => {
    const source = await runSource('local-embed', movie(653), options);
    expect(source).toMatchObject({ ok: true, value: { embeds: [{ embedId: 'local-player' }, { embedId: 'local-player' }] } });
    if (!source.ok) return;
    const embed = await runEmbed('local-player', source.value.embeds[0]!.url, options);
    expect(embed).toMatchObject({ ok: true, value: { stream: [{ type: 'hls' }] } });
    expect(await runEmbed('local-player', `${services.urls.media}/embed/nope`, options)).toMatchObject({
      ok: false,
      error: { code: 'scrape/not-found' },
    });
    expect(await runSource('nope', movie(653), options)).toMatchObject({ ok: false, error: { code: 'scrape/invalid-source-id' } });
    expect(await runEmbed('direct-url', `${services.urls.media}/clips/harbor/mp4/720.mp4`, options)).toMatchObject({
      ok: true,
      value: { stream: [{ type: 'file' }] },
    });
  });

  it('a browser run with the extension enabled does not wait for its hello when nothing needs it', async () => {
    let helloSent = false;
    const silent = {
      hello: () => ((helloSent = true), new Promise<never>(() => undefined)), // no extension: never answers
      makeRequest: async () => null,
      prepareStream: async () => null,
      openPage: async () => null,
    };
    const result = await runAll(movie(653), { ...options, useExtension: true }, { extension: silent });
    expect(result).toMatchObject({ ok: true, value: { sourceId: 'local-hls' } });
    expect(helloSent).toBe(true);
  });

  // The time of this run is a budget (300 ms), measured by the benches (scraping-core/bench/first-source.ts and the e2e scraping bench).
  it('a run that finds a stream on the first source asks only what it needs: index, playlist, variant, first segment', async () => {
    const asked: string[] = [];
    const fetchImpl: typeof fetch = (input, init) => {
      asked.push(String(input instanceof Request ? input.url : input));
      return fetch(input, init);
    };
    const result = await runAll(movie(MIRRORED_MOVIES[0]!), options, { fetchImpl });
    expect(result).toMatchObject({ ok: true, value: { sourceId: 'local-hls-mirror' } });
    expect(asked.map((u) => new URL(u).pathname.replace(/\/long\/\w+\/\d+\//, '/long/…/'))).toEqual([
      `/index/movie/${MIRRORED_MOVIES[0]}`,
      '/long/…/master.m3u8',
      expect.stringMatching(/^\/long\/…\/v\d+\/index\.m3u8$/),
      expect.stringMatching(/^\/long\/…\/v\d+\/0\/seg000\.ts$/),
    ]);
  });
});
