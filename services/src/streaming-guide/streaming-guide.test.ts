import { afterEach, describe, expect, it } from 'vitest';
import { MOVIES, SHOWS } from '../catalog/data';
import type { RunningService } from '../types';
import { GUIDE_ONLY_MOVIE_ID, STALE_TMDB_ID, guideIdOf, start, type GuideSeason, type GuideTitle } from './index';

let service: RunningService | undefined;
afterEach(async () => {
  await service?.close();
  service = undefined;
});
const boot = async (env: Record<string, string> = {}) => {
  service = await start({ port: 0, host: 'localhost', dataDir: '', urls: {}, log: () => {}, env });
  return service;
};
const tmdbIds = (t: GuideTitle, provider: string) => t.external_ids.filter((e) => e.provider === provider).map((e) => e.external_id);

describe('streaming guide', () => {
  it('answers a movie by its guide id with the catalog title and its TMDB id, with CORS', async () => {
    const s = await boot();
    const res = await fetch(`${s.url}/content/titles/movie/${guideIdOf.movie(1)}/locale/en_US`);
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    const body = (await res.json()) as GuideTitle;
    expect(body).toMatchObject({
      id: guideIdOf.movie(1),
      title: MOVIES[1]!.title,
      object_type: 'movie',
      jw_entity_id: `tm${guideIdOf.movie(1)}`,
    });
    expect(tmdbIds(body, 'tmdb')).toEqual([String(MOVIES[1]!.id)]);
    expect(tmdbIds(body, 'imdb')).toEqual([MOVIES[1]!.imdbId]);
  });

  it('gives some movies a stale tmdb id beside the latest one', async () => {
    const s = await boot();
    const body = (await (await fetch(`${s.url}/content/titles/movie/${guideIdOf.movie(0)}/locale/en_US`)).json()) as GuideTitle;
    expect(tmdbIds(body, 'tmdb')).toEqual([STALE_TMDB_ID]);
    expect(tmdbIds(body, 'tmdb_latest')).toEqual([String(MOVIES[0]!.id)]);
  });

  it('answers a show with its seasons, and each season with its episodes', async () => {
    const s = await boot();
    const show = SHOWS[0]!;
    const body = (await (await fetch(`${s.url}/content/titles/show/${guideIdOf.show(0)}/locale/en_US`)).json()) as GuideTitle;
    expect(body).toMatchObject({ title: show.name, object_type: 'show' });
    expect(tmdbIds(body, 'tmdb')).toEqual([String(show.id)]);
    expect(body.seasons?.map((x) => x.season_number)).toEqual(show.seasons.map((x) => x.number));
    const season = (await (
      await fetch(`${s.url}/content/titles/show_season/${guideIdOf.season(0, 2)}/locale/en_US`)
    ).json()) as GuideSeason;
    expect(season.season_number).toBe(2);
    expect(season.episodes.map((e) => e.episode_number)).toEqual(show.seasons.find((x) => x.number === 2)!.episodes.map((e) => e.number));
    expect(season.episodes[0]!.id).toBe(guideIdOf.episode(0, 2, 1));
  });

  it('answers 404 for unknown ids and 400 for malformed ones', async () => {
    const s = await boot();
    expect((await fetch(`${s.url}/content/titles/movie/1/locale/en_US`)).status).toBe(404);
    expect((await fetch(`${s.url}/content/titles/show/${guideIdOf.movie(1)}/locale/en_US`)).status).toBe(404);
    expect((await fetch(`${s.url}/content/titles/show_season/1/locale/en_US`)).status).toBe(404);
    expect((await fetch(`${s.url}/content/titles/movie/abc/locale/en_US`)).status).toBe(400);
    expect((await fetch(`${s.url}/content/titles/series/1/locale/en_US`)).status).toBe(400);
    expect((await fetch(`${s.url}/content/titles/movie/${guideIdOf.movie(1)}/locale/english`)).status).toBe(400);
  });

  it('knows a title without a TMDB id', async () => {
    const s = await boot();
    const body = (await (await fetch(`${s.url}/content/titles/movie/${GUIDE_ONLY_MOVIE_ID}/locale/en_US`)).json()) as GuideTitle;
    expect(body.external_ids.some((e) => e.provider.startsWith('tmdb'))).toBe(false);
  });

  it('fails or answers garbage when told to, from the environment or the control endpoint', async () => {
    const url = (s: RunningService) => `${s.url}/content/titles/movie/${guideIdOf.movie(1)}/locale/en_US`;
    let s = await boot({ GUIDE_MODE: 'fail' });
    expect((await fetch(url(s))).status).toBe(500);
    await s.close();
    s = await boot();
    expect((await fetch(`${s.url}/__control/mode?set=garbage`, { method: 'POST' })).status).toBe(200);
    const res = await fetch(url(s));
    await expect(res.json()).rejects.toThrow();
    expect((await fetch(`${s.url}/__control/mode?set=nonsense`, { method: 'POST' })).status).toBe(400);
    await fetch(`${s.url}/__control/mode?set=normal`, { method: 'POST' });
    expect((await fetch(url(s))).status).toBe(200);
  });
});
