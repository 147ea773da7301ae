import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LOCAL_OPENSUBTITLES_API_KEY } from 'services/opensubtitles';
import { startServices, type RunningServices } from 'services/run';
import {
  buildSearchUrl,
  imdbIdParam,
  OS_ERRORS,
  readDownloadResponse,
  readSearchResponse,
  requestOpenSubtitlesDownload,
  searchOpenSubtitles,
  type OpenSubtitlesConfig,
} from './opensubtitles';

describe('OpenSubtitles query building', () => {
  it('a movie by TMDB id, canonical: sorted parameters, lowercase languages', () => {
    expect(
      buildSearchUrl('https://api.opensubtitles.com/api/v1/', {
        type: 'movie',
        tmdbId: '653',
        imdbId: 'tt0013442',
        languages: ['EN', 'pt-BR', 'en'],
      }),
    ).toBe('https://api.opensubtitles.com/api/v1/subtitles?languages=en%2Cpt-br&tmdb_id=653&type=movie');
  });

  it('a movie by IMDb id without tt and leading zeros when there is no TMDB id', () => {
    expect(buildSearchUrl('http://os/api/v1', { type: 'movie', imdbId: 'tt0013442' })).toBe(
      'http://os/api/v1/subtitles?imdb_id=13442&type=movie',
    );
    expect(imdbIdParam('tt0000417')).toBe('417');
    expect(imdbIdParam('nm123')).toBeNull();
  });

  it('an episode by its show’s ids with season and episode numbers', () => {
    expect(buildSearchUrl('http://os/api/v1', { type: 'episode', tmdbId: 910001, season: 1, episode: 2, languages: ['fr'] })).toBe(
      'http://os/api/v1/subtitles?episode_number=2&languages=fr&parent_tmdb_id=910001&season_number=1&type=episode',
    );
    expect(buildSearchUrl('http://os/api/v1', { type: 'episode', imdbId: 'tt8200001', season: 1, episode: 1 })).toBe(
      'http://os/api/v1/subtitles?episode_number=1&parent_imdb_id=8200001&season_number=1&type=episode',
    );
  });

  it('nothing to search without a usable id; languages that are not codes are dropped', () => {
    expect(buildSearchUrl('http://os/api/v1', { type: 'movie', tmdbId: 'abc', imdbId: 'x' })).toBeNull();
    expect(buildSearchUrl('http://os/api/v1', { type: 'movie', tmdbId: 1, languages: ['custom', 'en&x=1', ''] })).toBe(
      'http://os/api/v1/subtitles?tmdb_id=1&type=movie',
    );
  });
});

describe('OpenSubtitles response validation', () => {
  const item = (attributes: Record<string, unknown>, id: unknown = '1') => ({
    id,
    type: 'subtitle',
    attributes: { language: 'en', files: [{ file_id: 5, cd_number: 1, file_name: 'a.srt' }], ...attributes },
  });

  it('reads the files of a search answer', () => {
    expect(
      readSearchResponse({ total_count: 1, data: [item({ hearing_impaired: true, download_count: 3, ratings: 7.5, release: 'R' })] }),
    ).toEqual([
      {
        subtitleId: '1',
        fileId: 5,
        fileName: 'a.srt',
        language: 'en',
        hearingImpaired: true,
        downloadCount: 3,
        ratings: 7.5,
        release: 'R',
      },
    ]);
  });

  it('refuses an answer that is not the API’s', () => {
    for (const body of [null, 'html', [], { data: 'x' }, { results: [] }]) expect(readSearchResponse(body)).toBeNull();
  });

  it('leaves out entries a caption cannot come from: no language, several CDs, no numeric file id, duplicates, other types', () => {
    const files = readSearchResponse({
      data: [
        item({ language: null }),
        item({ language: '<img src=x>' }),
        item({ files: [] }),
        item({
          files: [
            { file_id: 6, file_name: 'cd1' },
            { file_id: 7, file_name: 'cd2' },
          ],
        }),
        item({ files: [{ file_id: '8', file_name: 'x' }] }),
        { id: '2', type: 'feature', attributes: { language: 'en', files: [{ file_id: 9, file_name: 'f' }] } },
        'junk',
        item({}, '3'),
        item({}, '4'),
      ],
    });
    expect(files?.map((f) => f.subtitleId)).toEqual(['3']);
  });

  it('reads a download answer; refuses one without an http(s) link', () => {
    expect(readDownloadResponse({ link: 'https://dl.example/x.srt', file_name: 'x.srt', remaining: 4 })).toEqual({
      link: 'https://dl.example/x.srt',
      fileName: 'x.srt',
      remaining: 4,
    });
    expect(readDownloadResponse({ link: 'javascript:alert(1)' })).toBeNull();
    expect(readDownloadResponse({ link: 'not a url' })).toBeNull();
    expect(readDownloadResponse({ message: 'ok' })).toBeNull();
  });
});

describe('OpenSubtitles client against the stand-in', () => {
  let services: RunningServices;
  let dataDir: string;
  let config: OpenSubtitlesConfig;
  let origin: string;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mw-os-client-'));
    services = await startServices({
      names: ['opensubtitles'],
      ports: { opensubtitles: 0 },
      dataDir,
      log: () => undefined,
      env: { OPENSUBTITLES_DOWNLOAD_QUOTA: '2' },
    });
    origin = services.urls.opensubtitles!;
    config = { baseUrl: `${origin}/api/v1`, apiKey: LOCAL_OPENSUBTITLES_API_KEY };
  });
  afterAll(async () => {
    await services.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  beforeEach(async () => {
    await fetch(`${origin}/__control/reset`, { method: 'POST' });
  });

  it('finds a movie’s subtitles, downloads one and gets the file', async () => {
    const found = await searchOpenSubtitles(config, { type: 'movie', tmdbId: '653', languages: ['en'] });
    expect(found.ok && found.value.map((f) => f.fileName)).toEqual([
      'Nosferatu.1922.1080p.BluRay.x264.srt',
      'Nosferatu.1922.Restored.DVDRip.srt',
      'Nosferatu.1922.WEB.HI.vtt',
    ]);
    const download = await requestOpenSubtitlesDownload(config, found.ok ? found.value[0]!.fileId : 0);
    expect(download.ok && download.value.remaining).toBe(1);
    const file = await fetch(download.ok ? download.value.link : '');
    expect(await file.text()).toContain('This is the first subtitle.');
  });

  it('finds an episode by IMDb id alone; nothing in another language', async () => {
    const found = await searchOpenSubtitles(config, { type: 'episode', imdbId: 'tt8200001', season: 1, episode: 2 });
    expect(found.ok && found.value.map((f) => f.subtitleId)).toEqual(['9100006']);
    expect(await searchOpenSubtitles(config, { type: 'movie', tmdbId: '653', languages: ['fr'] })).toEqual({ ok: true, value: [] });
  });

  it('a wrong key: unauthorized, for the search and the download', async () => {
    const wrong = { ...config, apiKey: 'nope' };
    expect(await searchOpenSubtitles(wrong, { type: 'movie', tmdbId: '653' })).toMatchObject({
      ok: false,
      error: { code: OS_ERRORS.unauthorized },
    });
    expect(await requestOpenSubtitlesDownload(wrong, 9200001)).toMatchObject({ ok: false, error: { code: OS_ERRORS.unauthorized } });
  });

  it('the day’s downloads used: quota; an unknown file: not found', async () => {
    expect((await requestOpenSubtitlesDownload(config, 9200001)).ok).toBe(true);
    expect((await requestOpenSubtitlesDownload(config, 9200001)).ok).toBe(true);
    expect(await requestOpenSubtitlesDownload(config, 9200001)).toMatchObject({ ok: false, error: { code: OS_ERRORS.quota } });
    expect(await requestOpenSubtitlesDownload(config, 1)).toMatchObject({ ok: false, error: { code: OS_ERRORS.notFound } });
  });

  it('the service down (503 page) or answering garbage (an HTML page): unavailable, invalid', async () => {
    await fetch(`${origin}/__control/break?mode=down`, { method: 'POST' });
    expect(await searchOpenSubtitles(config, { type: 'movie', tmdbId: '653' })).toMatchObject({
      ok: false,
      error: { code: OS_ERRORS.unavailable },
    });
    await fetch(`${origin}/__control/break?mode=garbage`, { method: 'POST' });
    expect(await searchOpenSubtitles(config, { type: 'movie', tmdbId: '653' })).toMatchObject({
      ok: false,
      error: { code: OS_ERRORS.invalid },
    });
    expect(await requestOpenSubtitlesDownload(config, 9200001)).toMatchObject({ ok: false, error: { code: OS_ERRORS.invalid } });
  });

  it('nothing listening, or no answer in time: unavailable', async () => {
    const closed = { ...config, baseUrl: 'http://127.0.0.1:9/api/v1' };
    expect(await searchOpenSubtitles(closed, { type: 'movie', tmdbId: '653' })).toMatchObject({
      ok: false,
      error: { code: OS_ERRORS.unavailable },
    });
    const hanging: typeof fetch = (_input, init) =>
      new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));
    expect(await searchOpenSubtitles({ ...config, fetch: hanging, timeoutMs: 50 }, { type: 'movie', tmdbId: '653' })).toMatchObject({
      ok: false,
      error: { code: OS_ERRORS.unavailable },
    });
  });

  it('sends Api-Key and User-Agent', async () => {
    const seen: Headers[] = [];
    const recording: typeof fetch = (input, init) => {
      seen.push(new Headers(init?.headers));
      return fetch(input, init);
    };
    await searchOpenSubtitles({ ...config, fetch: recording }, { type: 'movie', tmdbId: '19' });
    expect(seen[0]!.get('api-key')).toBe(LOCAL_OPENSUBTITLES_API_KEY);
    expect(seen[0]!.get('user-agent')).toMatch(/^movie-web v/);
  });
});
