/** Discover's fixed lists and limits (docs/behaviour.md#discover-tabs-and-rows, #discover-carousels). */

/** A streaming provider as TMDB's watch-provider id (region US). */
export interface Provider {
  id: number;
  name: string;
}

export const MOVIE_PROVIDERS: readonly Provider[] = [
  { id: 8, name: 'Netflix' },
  { id: 350, name: 'Apple TV+' },
  { id: 9, name: 'Amazon Prime Video' },
  { id: 15, name: 'Hulu' },
  { id: 1899, name: 'Max' },
  { id: 531, name: 'Paramount Plus' },
  { id: 337, name: 'Disney Plus' },
  { id: 99, name: 'Shudder' },
];

export const TV_PROVIDERS: readonly Provider[] = [
  { id: 8, name: 'Netflix' },
  { id: 350, name: 'Apple TV+' },
  { id: 531, name: 'Paramount Plus' },
  { id: 15, name: 'Hulu' },
  { id: 1899, name: 'Max' },
  { id: 337, name: 'Disney Plus' },
  { id: 257, name: 'fubuTV' },
];

export const PROVIDER_REGION = 'US';

/**
 * Editor Picks: a fixed list shipped with the product, shown shuffled. Real TMDB ids, so the row is the
 * same against TMDB and the local catalog: the public-domain films (which the local library plays),
 * then picks of the original product's list.
 */
export const EDITOR_PICK_MOVIE_IDS: readonly number[] = [
  653, 19, 234, 10331, 961, 775, 992, 10098, 10513, 3085, 4808, 16093, 27205, 157336, 120, 329, 22, 335984, 264660, 152601, 545611, 693134,
  106646, 207, 762, 370172, 661374, 330459, 334533, 293, 9342,
];
export const EDITOR_PICK_SHOW_IDS: readonly number[] = [
  456, 73021, 1434, 1695, 1408, 93740, 60625, 1396, 44217, 90228, 13916, 71912, 61222, 93405, 87108, 105248,
];

/** docs/behaviour.md#discover-tabs-and-rows and #discover-carousels. */
export const MOVIE_GENRE_LIMIT = 12;
export const TV_GENRE_LIMIT = 10;
export const CAROUSEL_MAX_ITEMS = 20;
export const CAROUSEL_SKELETONS = 10;
/** Pages every carousel row fetches before shuffling. */
export const CAROUSEL_PAGES = [1, 2] as const;
/** Lazy-load margin: rows start loading this far before they enter the viewport (200 px here; the generic default is 400 px). */
export const LAZY_MARGIN_PX = 200;
export const LAZY_MARGIN_DEFAULT_PX = 400;
export const RANDOM_COUNTDOWN_S = 5;
export const OVERLAY_CLOSE_MS = 2000;
export const COPY_FEEDBACK_MS = 2000;
export const SCROLL_TOP_AFTER_PX = 300;
export const EPISODE_SCROLL_PX = 544;
export const CAST_NAMES = 5;
export const POSTER_SIZE = 'w342';
/** Home's long lists: cards rendered at once, then per task until all are (each task stays well under 50 ms). */
export const HOME_FIRST_CARDS = 24;
export const HOME_CARDS_PER_TASK = 24;
