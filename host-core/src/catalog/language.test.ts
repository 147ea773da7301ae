/** The language every catalog request carries: TMDB's en-US for the English interface. */
import { describe, expect, it } from 'vitest';
import { createCatalog, type CatalogEndpoint } from './catalog';

const endpoint = (): CatalogEndpoint => ({ apiBases: ['http://catalog.test'], imageBase: 'http://catalog.test', credential: 'token' });

/** Every kind of request the client makes, against a fake TMDB that answers each with an empty page. */
async function languagesAsked(language: string): Promise<string[]> {
  const urls: string[] = [];
  const catalog = createCatalog({
    endpoint,
    language: () => language,
    fetch: async (url) => {
      urls.push(url as string); // the client asks by URL string
      return new Response(JSON.stringify({ results: [], genres: [], page: 1 }), { status: 200 });
    },
  });
  const settle = (work: Promise<unknown>) => work.catch(() => undefined); // only the requests matter here
  await settle(catalog.search('nosferatu'));
  await settle(catalog.details({ type: 'movie', tmdbId: '653' }));
  await settle(catalog.details({ type: 'show', tmdbId: '1399' }));
  await settle(catalog.season('1399', 1));
  await settle(catalog.list({ kind: 'movie-list', list: 'popular' }, 1));
  await settle(catalog.list({ kind: 'discover', type: 'movie', provider: 8 }, 1));
  await settle(catalog.genres('show'));
  catalog.dispose();
  expect(urls.length).toBeGreaterThanOrEqual(7);
  return urls.map((url) => new URL(url).searchParams.get('language') ?? '(none)');
}

describe('the catalog language', () => {
  it('is en-US on every request of the English interface', async () => {
    expect(new Set(await languagesAsked('en'))).toEqual(new Set(['en-US']));
  });

  it('is the interface language otherwise', async () => {
    expect(new Set(await languagesAsked('de'))).toEqual(new Set(['de']));
  });
});
