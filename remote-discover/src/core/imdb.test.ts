import { describe, expect, it, vi } from 'vitest';
// Test-only: the local catalog's page generator, to check the parser against what the service serves.
import { IMDB_PAGE_IDS, MOVIES, SHOWS } from 'services/catalog-data';
import { imdbPageHtml } from 'services/imdb';
import {
  ImdbError,
  MAX_DELAY_MS,
  MIN_DELAY_MS,
  USER_AGENTS,
  fetchImdbData,
  imdbTitleUrl,
  parseImdbPage,
  pickProxy,
  proxyPageFetcher,
  randomDelayMs,
} from './imdb';

const page = (data: unknown) =>
  `<html><body><script id="__NEXT_DATA__" type="application/json">${JSON.stringify(data)}</script></body></html>`;
const fold = {
  props: {
    pageProps: {
      aboveTheFoldData: {
        ratingsSummary: { aggregateRating: 7.9, voteCount: 12345 },
        primaryVideos: { edges: [{ node: { playbackURLs: [{ url: 'http://media/trailer.mp4' }] } }] },
      },
    },
  },
};

describe('IMDb data', () => {
  it('reads rating, votes and trailer from the embedded page JSON', () => {
    expect(parseImdbPage(page(fold))).toMatchObject({ imdb_rating: 7.9, votes: 12345, trailer_url: 'http://media/trailer.mp4' });
  });

  it('missing fields are null or empty, a page without data is an error', () => {
    const empty = { genre: [], cast: [], directors: [], writers: [], keywords: [], countries: [], languages: [], locations: [] };
    const nulls = ['title', 'original_title', 'title_type', 'year', 'end_year', 'day', 'month', 'date', 'runtime', 'age_rating']
      .concat(['imdb_rating', 'votes', 'plot', 'poster_url', 'trailer_url', 'season', 'episode'])
      .map((key) => [key, null]);
    expect(parseImdbPage(page({ props: { pageProps: { aboveTheFoldData: { id: 'tt1' } } } }))).toEqual({
      ...Object.fromEntries(nulls),
      ...empty,
      url: 'https://www.imdb.com/title/tt1/',
    });
    expect(() => parseImdbPage('<html></html>')).toThrow('Could not find IMDb data on the page');
    expect(() => parseImdbPage('<script id="__NEXT_DATA__">{nope</script>')).toThrow(ImdbError);
  });

  it('the delay is 69–196 ms', () => {
    expect(randomDelayMs(() => 0)).toBe(MIN_DELAY_MS);
    expect(randomDelayMs(() => 0.999999)).toBe(MAX_DELAY_MS);
    for (let i = 0; i < 200; i++) {
      const d = randomDelayMs();
      expect(d).toBeGreaterThanOrEqual(69);
      expect(d).toBeLessThanOrEqual(196);
    }
  });

  it('waits, then fetches the title page with a browser user-agent', async () => {
    const sleep = vi.fn(async () => {});
    const fetchPage = vi.fn(async () => page(fold));
    const data = await fetchImdbData(imdbTitleUrl('http://catalog/', 'tt0013442'), { fetchPage, sleep, random: () => 0.5 });
    expect(data.imdb_rating).toBe(7.9);
    expect(sleep).toHaveBeenCalledWith(133, undefined);
    expect(fetchPage).toHaveBeenCalledWith('http://catalog/title/tt0013442/', { 'User-Agent': USER_AGENTS[2] }, undefined);
  });

  it('without proxy or extension there is no IMDb data', async () => {
    await expect(fetchImdbData('http://x/title/tt1/', { fetchPage: null })).rejects.toMatchObject({ code: 'imdb/no-route' });
  });

  it('goes through a proxy worker with the user-agent in prefixed form', async () => {
    const fetchImpl = vi.fn(async () => new Response('<html>ok</html>'));
    const text = await proxyPageFetcher('http://proxy:1', fetchImpl)('http://c/title/tt1/', {
      'User-Agent': 'UA',
    });
    expect(text).toBe('<html>ok</html>');
    const [url, init] = fetchImpl.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe(`http://proxy:1/?destination=${encodeURIComponent('http://c/title/tt1/')}`);
    expect(init.headers).toEqual({ 'X-User-Agent': 'UA' });
    const failing = vi.fn(async () => new Response('no', { status: 404 }));
    await expect(proxyPageFetcher('http://proxy:1', failing as unknown as typeof fetch)('http://c/title/tt2/', {})).rejects.toMatchObject({
      code: 'imdb/http',
    });
  });

  it('picks the first proxy entry, skipping scraping servers', () => {
    expect(pickProxy([])).toBeNull();
    expect(pickProxy(['api:http://scraper', ' http://proxy/ '])).toBe('http://proxy');
    expect(pickProxy(['proxy:http://p2'])).toBe('http://p2');
  });

  it('parses the local catalog stand-in title page', () => {
    const html = imdbPageHtml(IMDB_PAGE_IDS[0]!, { trailerUrl: 'http://media/clips/trailer/mp4/720.mp4', imageBase: 'http://catalog/t/p' });
    const data = parseImdbPage(html!);
    expect(data.imdb_rating).toBeGreaterThan(0);
    expect(data.votes).toBeGreaterThan(0);
    expect(data.trailer_url).toBe('http://media/clips/trailer/mp4/720.mp4');
  });

  it("reads every field of a movie's page", () => {
    const movie = MOVIES.find((m) => IMDB_PAGE_IDS.includes(m.imdbId) && m.releaseDate && m.cast.length && m.writers.length)!;
    const html = imdbPageHtml(movie.imdbId, { trailerUrl: 'http://media/t.mp4', imageBase: 'http://catalog/t/p' })!;
    const [year, month, day] = movie.releaseDate.split('-').map(Number);
    expect(parseImdbPage(html)).toEqual({
      title: movie.title,
      original_title: movie.originalTitle,
      title_type: 'Movie',
      year,
      end_year: null,
      day,
      month,
      date: movie.releaseDate,
      runtime: movie.runtime,
      age_rating: movie.certification || null,
      imdb_rating: expect.any(Number),
      votes: expect.any(Number),
      plot: movie.overview || null,
      poster_url: movie.posterPath ? `http://catalog/t/p/original${movie.posterPath}` : null,
      trailer_url: 'http://media/t.mp4',
      url: `https://www.imdb.com/title/${movie.imdbId}/`,
      genre: expect.arrayContaining([expect.any(String)]),
      cast: movie.cast.map((c) => c.person.name),
      directors: [...new Set(movie.directors.map((p) => p.name))],
      writers: [...new Set(movie.writers.map((p) => p.name))],
      keywords: ['local library', movie.publicDomain ? 'public domain' : 'invented title'],
      countries: ['United States'],
      languages: [movie.originalLanguage === 'en' ? 'English' : movie.originalLanguage],
      locations: ['Backlot Stage 4, Nowhere, USA'],
      season: null,
      episode: null,
    });
  });

  it("reads a series' type, seasons and episodes, and its end year when it ended", () => {
    const show =
      SHOWS.find((s) => IMDB_PAGE_IDS.includes(s.imdbId) && s.status === 'Ended') ?? SHOWS.find((s) => IMDB_PAGE_IDS.includes(s.imdbId))!;
    const data = parseImdbPage(imdbPageHtml(show.imdbId, { trailerUrl: 'http://media/t.mp4', imageBase: 'http://catalog/t/p' })!);
    expect(data).toMatchObject({
      title: show.name,
      title_type: 'TV Series',
      season: show.seasons.length,
      episode: show.seasons.reduce((n, s) => n + s.episodes.length, 0),
      directors: show.creators.map((p) => p.name),
    });
    if (show.status === 'Ended') expect(data.end_year).toBeGreaterThanOrEqual(data.year!);
  });

  it('reads a page without ratings or trailer as nulls, the rest still there', () => {
    const movie = MOVIES.find((m) => m.imdbId && !IMDB_PAGE_IDS.includes(m.imdbId))!;
    const data = parseImdbPage(imdbPageHtml(movie.imdbId, { trailerUrl: 'http://media/t.mp4', imageBase: 'http://catalog/t/p' })!);
    expect(data).toMatchObject({ title: movie.title, imdb_rating: null, votes: 0, trailer_url: null });
  });
});
