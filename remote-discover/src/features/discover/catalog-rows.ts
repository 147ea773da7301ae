/** What each Discover row loads (docs/behaviour.md#discover-carousels): pages 1 and 2 of a list, shuffled, at most 20 unique. */
import type { CatalogApi, CatalogList, MediaCard, MediaType } from 'shared-contracts';
import { rowItems, shuffle } from '../../core/carousel';
import { CAROUSEL_PAGES, EDITOR_PICK_MOVIE_IDS, EDITOR_PICK_SHOW_IDS } from '../../core/constants';

/**
 * Pages 1 and 2; a failed page is logged and skipped, the row fails only when every page failed. `order`,
 * asked once both pages are in, names cards to put first (a row the page's first frame drew).
 */
export async function loadListRow(
  catalog: CatalogApi,
  list: CatalogList,
  order?: () => readonly string[] | undefined,
): Promise<MediaCard[]> {
  const results = await Promise.allSettled(CAROUSEL_PAGES.map((page) => catalog.list(list, page)));
  const pages = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
  if (pages.length === 0) throw (results[0] as PromiseRejectedResult).reason;
  for (const r of results) if (r.status === 'rejected') console.warn('[discover] one page of a row failed', r.reason);
  return rowItems(pages, Math.random, order?.());
}

/** Editor Picks of one type, shuffled; titles that fail to load are logged and left out. */
export async function loadEditorPicks(catalog: CatalogApi, type: MediaType): Promise<MediaCard[]> {
  const ids = type === 'movie' ? EDITOR_PICK_MOVIE_IDS : EDITOR_PICK_SHOW_IDS;
  const results = await Promise.allSettled(ids.map((id) => catalog.pick({ type, tmdbId: String(id) })));
  const cards: MediaCard[] = [];
  for (const r of results) {
    if (r.status === 'fulfilled') cards.push(r.value);
    else console.error('[discover] an editor pick failed to load', r.reason);
  }
  return shuffle(cards);
}
