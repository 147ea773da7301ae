import { readTmdbFixture } from 'fixtures';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningService } from '../types';
import {
  EDITOR_PICK_MOVIE_IDS,
  EDITOR_PICK_SHOW_IDS,
  IMDB_PAGE_IDS,
  LOCAL_TMDB_API_KEY,
  LOCAL_TMDB_READ_TOKEN,
  MOVIES,
  MOVIE_GENRES,
  SHOWS,
  TV_GENRES,
  WATCH_PROVIDERS,
} from './data';
import { start } from './index';

let service: RunningService;
const lines: string[] = [];
const auth = { Authorization: `Bearer ${LOCAL_TMDB_READ_TOKEN}` };

beforeAll(async () => {
  service = await start({
    port: 0,
    host: 'localhost',
    dataDir: '',
    urls: { media: 'http://media.test:1234' },
    log: (line) => lines.push(line),
    env: {},
  });
});
afterAll(() => service.close());

async function api(path: string, headers: Record<string, string> = auth): Promise<{ status: number; body: any; res: Response }> {
  const res = await fetch(`${service.url}${path}`, { headers });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined, res };
}

describe('auth', () => {
  it('accepts the default read token as Bearer and the api key as api_key', async () => {
    expect((await api('/3/genre/movie/list')).status).toBe(200);
    expect((await api(`/3/genre/movie/list?api_key=${LOCAL_TMDB_API_KEY}`, {})).status).toBe(200);
  });

  it('answers 401 with TMDB error body when the credential is missing or wrong', async () => {
    for (const [path, headers] of [
      ['/3/movie/653', {}],
      ['/3/movie/653', { Authorization: 'Bearer nope' }],
      ['/3/movie/653?api_key=0123456789abcdef0123456789abcdef', {}],
    ] as const) {
      const { status, body } = await api(path, headers);
      expect(status).toBe(401);
      expect(body).toEqual({ status_message: 'Invalid API key: You must be granted a valid key.', success: false, status_code: 7 });
    }
  });

  it('lets the accepted token be replaced by the environment', async () => {
    const other = await start({
      port: 0,
      host: 'localhost',
      dataDir: '',
      urls: {},
      log: () => {},
      env: { LOCAL_TMDB_READ_TOKEN: 'custom-token' },
    });
    try {
      const ok = await fetch(`${other.url}/3/genre/tv/list`, { headers: { Authorization: 'Bearer custom-token' } });
      const old = await fetch(`${other.url}/3/genre/tv/list`, { headers: auth });
      expect([ok.status, old.status]).toEqual([200, 401]);
    } finally {
      await other.close();
    }
  });

  it('answers CORS preflights without credentials and sends CORS headers', async () => {
    const pre = await fetch(`${service.url}/3/movie/653`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://localhost:3000',
        'Access-Control-Request-Method': 'GET',
        'Access-Control-Request-Headers': 'authorization',
      },
    });
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-origin')).toBe('*');
    expect(pre.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('authorization');
    const { res } = await api('/3/movie/653', { ...auth, Origin: 'http://localhost:3000' });
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
  });
});

describe('errors', () => {
  it('answers 404 with TMDB body for unknown ids and paths', async () => {
    for (const path of ['/3/movie/1', '/3/tv/1', '/3/tv/910001/season/99', '/3/nothing/here']) {
      const { status, body } = await api(path);
      expect(status, path).toBe(404);
      expect(body).toEqual({ status_message: 'The resource you requested could not be found.', status_code: 34 });
    }
  });

  it('rejects pages outside 1..500 like TMDB', async () => {
    for (const page of ['0', '501', 'x', '1.5']) {
      const { status, body } = await api(`/3/movie/popular?page=${page}`);
      expect(status).toBe(400);
      expect(body.status_code).toBe(22);
    }
  });

  it('rejects more than 20 appends', async () => {
    const parts = Array.from({ length: 21 }, () => 'videos').join(',');
    const { status, body } = await api(`/3/movie/653?append_to_response=${parts}`);
    expect(status).toBe(400);
    expect(body.status_code).toBe(27);
  });
});

describe('data set', () => {
  it('has enough titles, multi-season shows and editor picks that resolve', async () => {
    expect(MOVIES.length).toBeGreaterThanOrEqual(80);
    expect(SHOWS.length).toBeGreaterThanOrEqual(20);
    expect(SHOWS.filter((s) => s.seasons.filter((x) => x.number > 0).length >= 2).length).toBeGreaterThanOrEqual(4);
    expect(EDITOR_PICK_MOVIE_IDS).toHaveLength(31);
    expect(EDITOR_PICK_SHOW_IDS).toHaveLength(16);
    expect(new Set(EDITOR_PICK_MOVIE_IDS).size).toBe(31);
    for (const id of EDITOR_PICK_MOVIE_IDS) {
      const { status, body } = await api(`/3/movie/${id}?append_to_response=videos,images`);
      expect(status).toBe(200);
      expect(body.videos.results.length).toBeGreaterThan(0);
      expect(body.images.posters.length + body.images.backdrops.length).toBeGreaterThan(0);
    }
    for (const id of EDITOR_PICK_SHOW_IDS) expect((await api(`/3/tv/${id}?append_to_response=videos,images`)).status).toBe(200);
  });

  it('an editor pick answers as TMDB does: Breaking Bad against the recorded TMDB response', async () => {
    const real = readTmdbFixture('tv-1396-details-append.json') as {
      name: string;
      original_name: string;
      first_air_date: string;
      genres: Array<{ id: number }>;
      number_of_seasons: number;
      number_of_episodes: number;
      seasons: Array<{ season_number: number; air_date: string }>;
      external_ids: { imdb_id: string; tvdb_id: number };
    };
    const { status, body } = await api('/3/tv/1396?append_to_response=external_ids,videos,images');
    expect(status).toBe(200);
    expect(body).toMatchObject({
      name: real.name,
      original_name: real.original_name,
      first_air_date: real.first_air_date,
      number_of_seasons: real.number_of_seasons,
      number_of_episodes: real.number_of_episodes,
      external_ids: { imdb_id: real.external_ids.imdb_id, tvdb_id: real.external_ids.tvdb_id },
    });
    expect(body.genres.map((g: { id: number }) => g.id)).toEqual(real.genres.map((g) => g.id));
    const seasons = (list: Array<{ season_number: number; air_date: string }>) =>
      list.filter((x) => x.season_number > 0).map((x) => [x.season_number, x.air_date]);
    expect(seasons(body.seasons)).toEqual(seasons(real.seasons));
  });

  it('has episodes aired in the past, in the future and without an air date', async () => {
    const today = new Date().toISOString().slice(0, 10);
    let past = 0;
    let future = 0;
    let missing = 0;
    for (const show of SHOWS.slice(0, 8)) {
      for (const season of show.seasons) {
        const { body } = await api(`/3/tv/${show.id}/season/${season.number}`);
        for (const e of body.episodes) {
          if (e.air_date === null) missing += 1;
          else if (e.air_date > today) future += 1;
          else past += 1;
        }
      }
    }
    expect(past).toBeGreaterThan(10);
    expect(future).toBeGreaterThan(0);
    expect(missing).toBeGreaterThan(0);
  });

  const uniqueOverTwoPages = async (path: string): Promise<number> => {
    const sep = path.includes('?') ? '&' : '?';
    const one = await api(`${path}${sep}page=1`);
    const two = await api(`${path}${sep}page=2`);
    expect(one.status).toBe(200);
    return new Set([...one.body.results, ...two.body.results].map((r: { id: number }) => r.id)).size;
  };

  it('fills every Discover carousel with at least 20 titles over pages 1-2', async () => {
    for (const path of ['/3/movie/now_playing', '/3/movie/top_rated', '/3/movie/popular', '/3/tv/top_rated', '/3/tv/popular'])
      expect(await uniqueOverTwoPages(path), path).toBeGreaterThanOrEqual(20);
    for (const g of MOVIE_GENRES)
      expect(await uniqueOverTwoPages(`/3/discover/movie?with_genres=${g.id}`), g.name).toBeGreaterThanOrEqual(20);
    for (const g of TV_GENRES) expect(await uniqueOverTwoPages(`/3/discover/tv?with_genres=${g.id}`), g.name).toBeGreaterThanOrEqual(20);
    const movieProviders = [8, 350, 9, 15, 1899, 531, 337, 99];
    const tvProviders = [8, 350, 531, 15, 1899, 337, 257];
    for (const id of movieProviders)
      expect(
        await uniqueOverTwoPages(`/3/discover/movie?with_watch_providers=${id}&watch_region=US`),
        `movie provider ${id}`,
      ).toBeGreaterThanOrEqual(20);
    for (const id of tvProviders)
      expect(
        await uniqueOverTwoPages(`/3/discover/tv?with_watch_providers=${id}&watch_region=US`),
        `tv provider ${id}`,
      ).toBeGreaterThanOrEqual(20);
  });

  it('uses the real TMDB provider ids of the Discover providers', () => {
    expect(Object.fromEntries(WATCH_PROVIDERS.map((p) => [p.provider_name, p.provider_id]))).toEqual({
      Netflix: 8,
      'Apple TV Plus': 350,
      'Amazon Prime Video': 9,
      Hulu: 15,
      Max: 1899,
      'Paramount Plus': 531,
      'Disney Plus': 337,
      Shudder: 99,
      fuboTV: 257,
    });
  });
});

describe('endpoints', () => {
  it('paginates 20 per page with totals', async () => {
    const { body } = await api('/3/movie/popular?page=2');
    expect(body.page).toBe(2);
    expect(body.results).toHaveLength(20);
    expect(body.total_pages).toBe(Math.ceil(body.total_results / 20));
    const last = await api(`/3/movie/popular?page=${body.total_pages}`);
    expect(last.body.results.length).toBe(body.total_results - 20 * (body.total_pages - 1));
    const beyond = await api(`/3/movie/popular?page=${body.total_pages + 1}`);
    expect(beyond.body.results).toEqual([]);
  });

  it('filters discover by genres (AND with comma, OR with pipe) and providers only in region US', async () => {
    const and = (await api('/3/discover/movie?with_genres=28,12')).body;
    for (const r of and.results) expect(r.genre_ids).toEqual(expect.arrayContaining([28, 12]));
    const or = (await api('/3/discover/movie?with_genres=28|12')).body;
    expect(or.total_results).toBeGreaterThan(and.total_results);
    const us = (await api('/3/discover/movie?with_watch_providers=8&watch_region=US')).body;
    expect(us.total_results).toBeGreaterThan(0);
    const fr = (await api('/3/discover/movie?with_watch_providers=8&watch_region=FR')).body;
    expect(fr.total_results).toBe(0);
  });

  it('searches movies, shows and people; adult titles only with include_adult', async () => {
    const copper = (await api('/3/search/multi?query=copper&language=en-US&page=1')).body;
    expect(copper.results.length).toBeGreaterThan(0);
    for (const r of copper.results) expect(`${r.title ?? r.name}`.toLowerCase()).toContain('copper');
    const nosferatu = (await api('/3/search/multi?query=Nosferatu')).body;
    expect(nosferatu.results[0]).toMatchObject({ id: 653, media_type: 'movie', title: 'Nosferatu' });
    const adult = MOVIES.find((m) => m.adult)!;
    const hidden = (await api(`/3/search/multi?query=${encodeURIComponent(adult.title)}`)).body;
    expect(hidden.results.some((r: { id: number }) => r.id === adult.id)).toBe(false);
    const shown = (await api(`/3/search/multi?query=${encodeURIComponent(adult.title)}&include_adult=true`)).body;
    expect(shown.results.some((r: { id: number }) => r.id === adult.id)).toBe(true);
    const person = MOVIES[20]!.cast[0]!.person;
    const people = (await api(`/3/search/multi?query=${encodeURIComponent(person.name)}`)).body;
    expect(people.results.some((r: { media_type: string; id: number }) => r.media_type === 'person' && r.id === person.id)).toBe(true);
    const empty = (await api('/3/search/multi?query=zzzzqqq')).body;
    expect(empty).toEqual({ page: 1, results: [], total_pages: 1, total_results: 0 });
  });

  it('serves details with US certification, directors, cast, IMDb id and a trailer in the media library', async () => {
    const movie = MOVIES.find((m) => !m.publicDomain && !m.adult && m.releaseDate)!;
    const { body } = await api(`/3/movie/${movie.id}?append_to_response=release_dates,credits,external_ids,videos,images&language=en-US`);
    const us = body.release_dates.results.find((r: { iso_3166_1: string }) => r.iso_3166_1 === 'US');
    expect(us.release_dates[0].certification).toBe(movie.certification);
    expect(body.credits.crew.filter((c: { job: string }) => c.job === 'Director').length).toBeGreaterThan(0);
    expect(body.credits.cast.length).toBeGreaterThanOrEqual(5);
    expect(body.external_ids.imdb_id).toMatch(/^tt\d+$/);
    expect(body.videos.results[0]).toMatchObject({
      type: 'Trailer',
      site: 'LocalMedia',
      key: 'http://media.test:1234/clips/trailer/mp4/720.mp4',
    });
    const show = SHOWS[0]!;
    const tv = (await api(`/3/tv/${show.id}?append_to_response=content_ratings,external_ids,credits`)).body;
    expect(tv.content_ratings.results.find((r: { iso_3166_1: string }) => r.iso_3166_1 === 'US').rating).toBe(show.rating);
    expect(tv.external_ids.imdb_id).toBe(show.imdbId);
    expect(tv.number_of_seasons).toBeGreaterThanOrEqual(3);
  });

  it('finds titles by IMDb id', async () => {
    const movie = (await api('/3/find/tt0013442?external_source=imdb_id')).body;
    expect(movie.movie_results[0].id).toBe(653);
    const show = (await api(`/3/find/${SHOWS[3]!.imdbId}?external_source=imdb_id`)).body;
    expect(show.tv_results[0].id).toBe(SHOWS[3]!.id);
    expect((await api('/3/find/tt0000000?external_source=imdb_id')).body.movie_results).toEqual([]);
  });

  it('serves generated images in the requested sizes, without auth', async () => {
    // Posters, backdrops, stills and profiles are raster images, as TMDB's are.
    const poster = await fetch(`${service.url}/t/p/w342/poster-m653.png`);
    expect(poster.status).toBe(200);
    expect(poster.headers.get('content-type')).toBe('image/png');
    expect(poster.headers.get('access-control-allow-origin')).toBe('*');
    const bytes = Buffer.from(await poster.arrayBuffer());
    const decoded = PNG.sync.read(bytes);
    expect([decoded.width, decoded.height]).toEqual([342, 513]);
    // The same bytes again (drawn once), and another title in another colour.
    expect(Buffer.from(await (await fetch(`${service.url}/t/p/w342/poster-m653.png`)).arrayBuffer()).equals(bytes)).toBe(true);
    const other = PNG.sync.read(Buffer.from(await (await fetch(`${service.url}/t/p/w342${MOVIES[5]!.posterPath}`)).arrayBuffer()));
    expect(other.data.subarray(0, 3).equals(decoded.data.subarray(0, 3))).toBe(false);
    const episode = SHOWS[0]!.seasons.find((s) => s.number === 1)!.episodes[0]!;
    const still = PNG.sync.read(Buffer.from(await (await fetch(`${service.url}/t/p/w300${episode.stillPath}`)).arrayBuffer()));
    expect([still.width, still.height]).toEqual([300, 169]);
    expect((await fetch(`${service.url}/t/p/original/backdrop-m653.png`)).status).toBe(200);
    // Logos are SVG with the name.
    const logo = await fetch(`${service.url}/t/p/w500/logo-m653.svg`);
    expect(logo.headers.get('content-type')).toBe('image/svg+xml');
    expect(await logo.text()).toContain('Nosferatu');
    for (const missing of ['w999/poster-m653.png', 'w342/poster-m1.png', 'w342/poster-m653.svg', 'w500/logo-m653.png'])
      expect((await fetch(`${service.url}/t/p/${missing}`)).status, missing).toBe(404);
  });

  it('serves IMDb-style title pages with the embedded page JSON', async () => {
    const id = IMDB_PAGE_IDS[0]!;
    const res = await fetch(`${service.url}/title/${id}/`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    const html = await res.text();
    const json = /<script id="__NEXT_DATA__" type="application\/json">(.*?)<\/script>/s.exec(html)?.[1];
    expect(json).toBeDefined();
    const data = JSON.parse(json!);
    const above = data.props.pageProps.aboveTheFoldData;
    expect(above.id).toBe(id);
    expect(above.ratingsSummary.aggregateRating).toBeGreaterThan(0);
    expect(above.ratingsSummary.voteCount).toBeGreaterThan(0);
    expect(above.primaryVideos.edges[0].node.playbackURLs[0].url).toBe('http://media.test:1234/clips/trailer/mp4/720.mp4');
    expect((await fetch(`${service.url}/title/tt0000001/`)).status).toBe(404);
  });

  it('gives the other catalog titles a page without ratings or trailer, as IMDb does for titles with few votes', async () => {
    const title = MOVIES.find((m) => m.imdbId && !IMDB_PAGE_IDS.includes(m.imdbId))!;
    const res = await fetch(`${service.url}/title/${title.imdbId}/`);
    expect(res.status).toBe(200);
    const json = /<script id="__NEXT_DATA__" type="application\/json">(.*?)<\/script>/s.exec(await res.text())?.[1];
    const above = JSON.parse(json!).props.pageProps.aboveTheFoldData;
    expect(above.titleText.text).toBe(title.title);
    expect(above.ratingsSummary).toEqual({ aggregateRating: null, voteCount: 0 });
    expect(above.primaryVideos.edges).toEqual([]);
  });

  it('logs one line per request', async () => {
    const before = lines.length;
    await api('/3/genre/tv/list');
    expect(lines.slice(before).filter((l) => l.includes('GET /3/genre/tv/list 200'))).toHaveLength(1);
  });
});
