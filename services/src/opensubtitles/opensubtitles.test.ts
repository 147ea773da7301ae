import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { subtitleFixture } from 'fixtures';
import { startServices, type RunningServices } from '../run';
import { canonicalQuery, LOCAL_OPENSUBTITLES_API_KEY } from './index';

let services: RunningServices;
let base: string;
let origin: string;
let dataDir: string;
const headers = { 'Api-Key': LOCAL_OPENSUBTITLES_API_KEY, 'User-Agent': 'movie-web v1.0' };

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mw-os-'));
  services = await startServices({
    names: ['opensubtitles'],
    ports: { opensubtitles: 0 },
    dataDir,
    log: () => undefined,
    env: { OPENSUBTITLES_DOWNLOAD_QUOTA: '3' },
  });
  origin = services.urls.opensubtitles!;
  base = `${origin}/api/v1`;
});
afterAll(async () => {
  await services.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});
beforeEach(async () => {
  await fetch(`${origin}/__control/reset`, { method: 'POST' });
});

interface SearchBody {
  total_pages: number;
  total_count: number;
  per_page: number;
  page: number;
  data: Array<{
    id: string;
    type: string;
    attributes: Record<string, unknown> & {
      language: string;
      files: Array<{ file_id: number; file_name: string }>;
      feature_details: Record<string, unknown>;
    };
  }>;
}

const search = async (query: string) => {
  const response = await fetch(`${base}/subtitles?${query}`, { headers });
  return { status: response.status, body: (await response.json()) as SearchBody };
};

describe('OpenSubtitles stand-in: search', () => {
  it('finds a movie by tmdb_id with the real response shape', async () => {
    const { status, body } = await search('languages=en&tmdb_id=653');
    expect(status).toBe(200);
    expect(body).toMatchObject({ total_count: 3, total_pages: 1, per_page: 50, page: 1 });
    const first = body.data[0]!;
    expect(first.type).toBe('subtitle');
    expect(first.id).toBe(first.attributes.subtitle_id);
    expect(first.attributes).toMatchObject({
      language: 'en',
      hearing_impaired: false,
      download_count: expect.any(Number),
      ratings: expect.any(Number),
      from_trusted: true,
    });
    expect(first.attributes.files).toEqual([{ file_id: 9200001, cd_number: 1, file_name: 'Nosferatu.1922.1080p.BluRay.x264.srt' }]);
    expect(first.attributes.feature_details).toMatchObject({
      feature_type: 'Movie',
      title: 'Nosferatu',
      year: 1922,
      imdb_id: 13442,
      tmdb_id: 653,
    });
    // Most downloaded first.
    const counts = body.data.map((d) => d.attributes.download_count as number);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
  });

  it('finds the same by imdb_id (a number without tt and leading zeros)', async () => {
    const { body } = await search('imdb_id=13442');
    expect(body.data.map((d) => d.id).sort()).toEqual(['9100001', '9100002', '9100003']);
  });

  it('finds an episode by the show (parent_tmdb_id or parent_imdb_id) with season and episode numbers', async () => {
    const { body } = await search('episode_number=2&parent_tmdb_id=910001&season_number=1');
    expect(body.data).toHaveLength(1);
    expect(body.data[0]!.attributes.feature_details).toMatchObject({
      feature_type: 'Episode',
      season_number: 1,
      episode_number: 2,
      parent_tmdb_id: 910001,
      parent_imdb_id: 8200001,
      parent_title: 'Files of the Northern Street',
    });
    const byImdb = await search('episode_number=1&parent_imdb_id=8200001&season_number=1');
    expect(byImdb.body.data.map((d) => d.id)).toEqual(['9100005']);
  });

  it('filters by language, hearing impaired and type; answers an empty page for titles it has nothing for', async () => {
    expect((await search('languages=fr,de&tmdb_id=653')).body).toMatchObject({ total_count: 0, data: [] });
    expect((await search('hearing_impaired=only&tmdb_id=653')).body.data.map((d) => d.id)).toEqual(['9100003']);
    expect((await search('tmdb_id=653&type=episode')).body.total_count).toBe(0);
    expect((await search('tmdb_id=550')).body).toMatchObject({ total_count: 0, total_pages: 1, data: [] });
  });

  it('redirects a query that is not canonical (unsorted, upper case, tt ids) like the real API', async () => {
    const response = await fetch(`${base}/subtitles?tmdb_id=653&languages=EN`, { headers, redirect: 'manual' });
    expect(response.status).toBe(301);
    expect(response.headers.get('location')).toBe('/api/v1/subtitles?languages=en&tmdb_id=653');
    expect(canonicalQuery('?imdb_id=tt0013442')).toBe('imdb_id=13442');
    expect(canonicalQuery('?imdb_id=13442&languages=en')).toBeNull();
    // Followed, the redirect answers.
    expect((await fetch(`${base}/subtitles?tmdb_id=653&languages=EN`, { headers })).status).toBe(200);
  });

  it('refuses a non-numeric id with 400', async () => {
    expect((await search('tmdb_id=abc')).status).toBe(400);
  });
});

describe('OpenSubtitles stand-in: Api-Key', () => {
  it('answers 401 with a message without a key or with an unknown one', async () => {
    const none = await fetch(`${base}/subtitles?tmdb_id=653`);
    expect(none.status).toBe(401);
    expect(await none.json()).toEqual({ message: 'No API key found in request' });
    const wrong = await fetch(`${base}/download`, {
      method: 'POST',
      headers: { 'Api-Key': 'nope', 'Content-Type': 'application/json' },
      body: '{"file_id":9200001}',
    });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toEqual({ message: 'Invalid authentication credentials' });
  });

  it('lets a browser preflight through without a key, allowing the Api-Key header', async () => {
    const response = await fetch(`${base}/subtitles?tmdb_id=653`, {
      method: 'OPTIONS',
      headers: { Origin: 'http://localhost:3000', 'Access-Control-Request-Method': 'GET', 'Access-Control-Request-Headers': 'api-key' },
    });
    expect(response.status).toBeLessThan(300);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('api-key');
  });
});

describe('OpenSubtitles stand-in: download', () => {
  const download = (fileId: unknown) =>
    fetch(`${base}/download`, {
      method: 'POST',
      headers: { ...headers, 'Content-Type': 'application/json' },
      body: JSON.stringify({ file_id: fileId }),
    });

  it('gives a link to the real file, byte for byte, and counts the quota', async () => {
    const response = await download(9200002);
    expect(response.status).toBe(200);
    const body = (await response.json()) as Record<string, unknown>;
    expect(body).toMatchObject({
      file_name: 'Nosferatu.1922.Restored.DVDRip.srt',
      requests: 1,
      remaining: 2,
      reset_time: expect.stringMatching(/hours and \d\d minutes/),
      reset_time_utc: expect.any(String),
      message: expect.any(String),
    });
    const file = await fetch(body.link as string);
    expect(file.status).toBe(200);
    expect(file.headers.get('access-control-allow-origin')).toBe('*');
    expect(Buffer.from(await file.arrayBuffer())).toEqual(fs.readFileSync(subtitleFixture('srt/typical-utf16le-bom.srt')));
  });

  it('answers 406 once the day’s downloads are used, 404 for an unknown file, 400 without file_id', async () => {
    for (let i = 0; i < 3; i++) expect((await download(9200001)).status).toBe(200);
    const over = await download(9200001);
    expect(over.status).toBe(406);
    expect(await over.json()).toMatchObject({
      remaining: -1,
      message: expect.stringContaining('You have downloaded your allowed 3 subtitles'),
    });
    expect((await download(1)).status).toBe(404);
    expect((await download('x')).status).toBe(400);
  });

  it('an unknown download link answers 410', async () => {
    expect((await fetch(`${origin}/download/deadbeef/x.srt`)).status).toBe(410);
  });
});

describe('OpenSubtitles stand-in: failure injection', () => {
  it('down: 503 with a gateway page; garbage: 200 with a page that is not the API', async () => {
    await fetch(`${origin}/__control/break?mode=down`, { method: 'POST' });
    const down = await fetch(`${base}/subtitles?tmdb_id=653`, { headers });
    expect(down.status).toBe(503);
    expect(await down.text()).toContain('503 Service Temporarily Unavailable');
    await fetch(`${origin}/__control/break?mode=garbage`, { method: 'POST' });
    const garbage = await fetch(`${base}/subtitles?tmdb_id=653`, { headers });
    expect(garbage.status).toBe(200);
    expect(garbage.headers.get('content-type')).toContain('text/html');
    await fetch(`${origin}/__control/reset`, { method: 'POST' });
    expect((await fetch(`${base}/subtitles?tmdb_id=653`, { headers })).status).toBe(200);
  });
});
