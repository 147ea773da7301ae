/** What Discover's rows ask the catalog for, through the host's real catalog client over a fake network. */
import { describe, expect, it } from 'vitest';
import { createCatalog, endpointFromConfig } from 'host-core/catalog';
import { DEFAULT_RUNTIME_CONFIG } from 'shared-contracts';
import { EDITOR_PICK_MOVIE_IDS, EDITOR_PICK_SHOW_IDS } from '../../core/constants';
import { loadEditorPicks } from './catalog-rows';

/** Answers every details request with a title named after its id, and records the URLs. */
function recordingCatalog() {
  const urls: URL[] = [];
  const fetch: typeof globalThis.fetch = (input) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    urls.push(url);
    const id = Number(url.pathname.split('/').pop());
    const body = url.pathname.includes('/tv/')
      ? { id, name: `Show ${id}`, first_air_date: '2001-02-03', poster_path: '/p.jpg' }
      : { id, title: `Movie ${id}`, release_date: '2001-02-03', poster_path: '/p.jpg' };
    return Promise.resolve(new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } }));
  };
  const catalog = createCatalog({ endpoint: () => endpointFromConfig(DEFAULT_RUNTIME_CONFIG), language: () => 'en', fetch });
  return { catalog, urls };
}

describe('Editor Picks', () => {
  it.each([
    ['movie', EDITOR_PICK_MOVIE_IDS, '/3/movie/'],
    ['show', EDITOR_PICK_SHOW_IDS, '/3/tv/'],
  ] as const)('load every %s pick with videos and images appended, as cards', async (type, ids, path) => {
    const { catalog, urls } = recordingCatalog();
    const cards = await loadEditorPicks(catalog, type);
    expect(urls.map((u) => u.pathname).sort()).toEqual(ids.map((id) => `${path}${id}`).sort());
    expect(new Set(urls.map((u) => u.searchParams.get('append_to_response')))).toEqual(new Set(['videos,images']));
    expect(cards.map((c) => c.tmdbId).sort()).toEqual(ids.map(String).sort());
    expect(cards[0]).toMatchObject({ type, year: 2001 });
    catalog.dispose();
  });
});
