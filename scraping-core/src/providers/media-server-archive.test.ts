/** The media-server (Jellyfin API) and public-domain (archive API) providers against their stand-ins in services/. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServices, type RunningServices } from 'services/run';
import { LOCAL_JELLYFIN_API_KEY } from 'services/jellyfin';
import { applyScrapeEvent, emptyProgress } from '../progress';
import { runAll, runSource } from '../scraper';
import type { ScrapeEvent, ScrapeMedia, ScrapeOptions } from '../types';

let services: RunningServices;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mw-providers-'));
beforeAll(async () => {
  services = await startServices({
    names: ['media', 'catalog', 'jellyfin', 'archive'],
    ports: { media: 0, catalog: 0, jellyfin: 0, archive: 0 },
    dataDir,
    log: () => undefined,
  });
});
afterAll(async () => {
  await services?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const nosferatu: ScrapeMedia = { type: 'movie', title: 'Nosferatu', releaseYear: 1922, tmdbId: '653', imdbId: 'tt0013442' };
const server = (apiKey = LOCAL_JELLYFIN_API_KEY): ScrapeOptions => ({
  settings: { mediaServer: { url: services.urls.jellyfin!, apiKey } },
});

describe('media server provider (Jellyfin API)', () => {
  it('finds a movie by its TMDB id and plays it through the server HLS endpoint (validated)', async () => {
    const result = await runSource('media-server', nosferatu, server());
    expect(result).toMatchObject({ ok: true, value: { stream: { type: 'hls' } } });
    if (result.ok && result.value.stream?.type === 'hls') {
      const playlist = new URL(result.value.stream.playlist);
      expect(playlist.pathname).toMatch(/^\/Videos\/[0-9a-f]{32}\/master\.m3u8$/);
      expect(playlist.searchParams.get('api_key')).toBe(LOCAL_JELLYFIN_API_KEY);
      const captions = result.value.stream.captions;
      expect(captions.map((c) => c.language)).toEqual(['en', 'es', 'fr', 'de']);
      const vtt = await fetch(captions[0]!.url);
      expect(vtt.status).toBe(200);
      expect((await vtt.text()).startsWith('WEBVTT')).toBe(true);
    }
  });

  it('falls back to the IMDb id when the TMDB id does not match', async () => {
    expect(await runSource('media-server', { ...nosferatu, tmdbId: '999999999' }, server())).toMatchObject({ ok: true });
  });

  it('finds an episode of a show on the server', async () => {
    const ep: ScrapeMedia = {
      type: 'show',
      title: 'x',
      releaseYear: 2020,
      tmdbId: '910001',
      season: { number: 1, tmdbId: '' },
      episode: { number: 2, tmdbId: '' },
    };
    expect(await runSource('media-server', ep, server())).toMatchObject({ ok: true, value: { stream: { type: 'hls' } } });
    expect(await runSource('media-server', { ...ep, episode: { number: 99, tmdbId: '' } }, server())).toMatchObject({
      ok: false,
      error: { code: 'scrape/not-found' },
    });
  });

  it('a title not on the server is not found; a wrong key is a failure', async () => {
    expect(await runSource('media-server', { ...nosferatu, tmdbId: '900002', imdbId: 'tt91000002' }, server())).toMatchObject({
      ok: false,
      error: { code: 'scrape/not-found' },
    });
    expect(await runSource('media-server', nosferatu, server('wrong'))).toMatchObject({
      ok: false,
      error: { code: 'scrape/failed', detail: expect.stringContaining('401') },
    });
  });

  it('is not offered without settings, and ranks first when configured', async () => {
    expect(await runSource('media-server', nosferatu, {})).toMatchObject({ ok: false, error: { code: 'scrape/invalid-source-id' } });
    const events: ScrapeEvent[] = [];
    const result = await runAll(
      nosferatu,
      { settings: { ...server().settings, localLibraryUrl: services.urls.media! } },
      { onEvent: (e) => events.push(e) },
    );
    expect(result).toMatchObject({ ok: true, value: { sourceId: 'media-server' } });
    expect(events.reduce(applyScrapeEvent, emptyProgress()).order[0]).toBe('media-server');
  });
});

describe('public-domain provider (archive API)', () => {
  const archive = (): ScrapeOptions => ({ settings: { archiveUrl: services.urls.archive! } });

  it('matches by title and year and returns the MP4 qualities (validated through the download redirect)', async () => {
    const result = await runSource('archive', nosferatu, archive());
    expect(result).toMatchObject({ ok: true, value: { stream: { type: 'file' } } });
    if (result.ok && result.value.stream?.type === 'file') {
      expect(Object.keys(result.value.stream.qualities).sort()).toEqual(['360', '720']);
      expect(result.value.stream.qualities['720']?.url).toBe(`${services.urls.archive}/download/Nosferatu_1922/Nosferatu_1922.mp4`);
    }
  });

  it('a different year is not the same film; other titles are not found; shows are not served', async () => {
    // Two items share the title: the year picks the 1979 one (its only file is 480p).
    expect(await runSource('archive', { ...nosferatu, releaseYear: 1979 }, archive())).toMatchObject({
      ok: true,
      value: { stream: { qualities: { '480': { type: 'mp4' } } } },
    });
    expect(await runSource('archive', { ...nosferatu, releaseYear: 1950 }, archive())).toMatchObject({
      ok: false,
      error: { code: 'scrape/not-found' },
    });
    expect(
      await runSource('archive', { type: 'movie', title: 'Invented Title', releaseYear: 2020, tmdbId: '900001' }, archive()),
    ).toMatchObject({ ok: false, error: { code: 'scrape/not-found' } });
    const ep: ScrapeMedia = {
      type: 'show',
      title: 'x',
      releaseYear: 2020,
      tmdbId: '910001',
      season: { number: 1, tmdbId: '' },
      episode: { number: 1, tmdbId: '' },
    };
    expect(await runSource('archive', ep, archive())).toMatchObject({ ok: false, error: { code: 'scrape/invalid-source-id' } });
  });
});
