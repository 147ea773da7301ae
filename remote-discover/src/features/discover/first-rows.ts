/**
 * The rows at the top of Discover's movie and TV tabs, and their start on a cold load: the rows in view at
 * load are requested as soon as the remote's module is in (not once the page's chunk has loaded and
 * rendered), and the first row's posters in view are asked for, at high priority, the moment its answer
 * arrives, before React renders the row (its largest paint is one of those posters).
 */
import type { CatalogApi, CatalogList, FirstFrame, MediaCard } from 'shared-contracts';
import { parseTab } from '../../core/tab-param';
import { cardsInView, prefetchRow } from '../carousel';
import { loadListRow } from './catalog-rows';

export interface FixedRow {
  key: string;
  /** The row's title key in the discover namespace. */
  titleKey: 'rows.nowPlaying' | 'rows.topRated' | 'rows.popular';
  list: CatalogList;
}

export const FIXED_ROWS: Record<'movie' | 'show', FixedRow[]> = {
  movie: [
    { key: 'movie-now_playing', titleKey: 'rows.nowPlaying', list: { kind: 'movie-list', list: 'now_playing' } },
    { key: 'movie-top_rated', titleKey: 'rows.topRated', list: { kind: 'movie-list', list: 'top_rated' } },
    { key: 'movie-popular', titleKey: 'rows.popular', list: { kind: 'movie-list', list: 'popular' } },
  ],
  show: [
    { key: 'tv-top_rated', titleKey: 'rows.topRated', list: { kind: 'tv-list', list: 'top_rated' } },
    { key: 'tv-popular', titleKey: 'rows.popular', list: { kind: 'tv-list', list: 'popular' } },
  ],
};

/** How many rows of a tab are in view at load, and start at once. */
export const EAGER_ROWS = 2;

/** Asks for the posters of the cards in view at high priority; the row's images then come from the cache. */
function preloadPosters(cards: MediaCard[]): void {
  for (const card of cards.slice(0, cardsInView())) {
    if (!card.poster) continue;
    const image = new Image();
    image.fetchPriority = 'high';
    image.src = card.poster;
  }
}

/**
 * Starts the rows in view of the tab `search` names (none for Editor Picks), and the first row's posters. The
 * first row keeps the order the page's first frame drew it in, when it drew it.
 */
export function prefetchDiscoverPage(catalog: CatalogApi, search: string, firstFrame?: FirstFrame): void {
  const tab = parseTab(search);
  if (tab === 'editorpicks') return;
  FIXED_ROWS[tab === 'movies' ? 'movie' : 'show']
    .slice(0, EAGER_ROWS)
    .forEach((row, index) =>
      index === 0
        ? prefetchRow(row.key, () => loadListRow(catalog, row.list, () => firstFrame?.rowOrder()), preloadPosters)
        : prefetchRow(row.key, () => loadListRow(catalog, row.list)),
    );
}
