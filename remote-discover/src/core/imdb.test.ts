import { describe, expect, it, vi } from 'vitest';
// Test-only: the local catalog's page generator, to check the parser against what the service serves.
import { IMDB_PAGE_IDS } from 'services/catalog-data';
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
    expect(parseImdbPage(page(fold))).toEqual({ imdb_rating: 7.9, votes: 12345, trailer_url: 'http://media/trailer.mp4' });
  });

  it('missing fields are null, a page without data is an error', () => {
    expect(parseImdbPage(page({ props: { pageProps: { aboveTheFoldData: { id: 'tt1' } } } }))).toEqual({
      imdb_rating: null,
      votes: null,
      trailer_url: null,
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

  it('without proxy or extension there is no IMDb data (spec §5)', async () => {
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
});
