import type { RemoteApp } from 'shared-contracts';
// English ships with the app module: the host waits for translations before it loads the page, one round trip less.
import en from '../locales/en.json';
// The home's sections ship with the app module too: `/` shows them first, and as chunks of their own they
// were two more requests after this one. The discover page stays lazy.
import { HomeBookmarks, HomeContinueWatching, HomeSection, prefetchHomeSection } from '../features/home/HomePages';
import { prefetchDiscoverPage } from '../features/discover';

/** The discover remote as the host sees it. The discover page loads lazily so this module stays small. */
const app: RemoteApp<'discover'> = {
  name: 'discover',
  contractsVersion: __CONTRACTS_VERSION__,
  appVersion: __APP_VERSION__,
  buildMarker: __BUILD_MARKER__,
  pages: {
    // A lazily loaded page is the chunk "page-<page>": the host's page preloads that chunk of its first page.
    discover: () => import(/* webpackChunkName: "page-discover" */ '../features/discover/DiscoverPage'),
    searchResults: () => import('../features/search/SearchResults'),
    homeSection: () => Promise.resolve({ default: HomeSection }),
    homeBookmarks: () => Promise.resolve({ default: HomeBookmarks }),
    homeContinueWatching: () => Promise.resolve({ default: HomeContinueWatching }),
  },
  // The first page's rows are requested as soon as this module is in, not once the host has rendered the page.
  prefetch: (page, { catalog, firstFrame }) => {
    if (page === 'homeSection') prefetchHomeSection(catalog);
    if (page === 'discover') prefetchDiscoverPage(catalog, window.location.search, firstFrame);
  },
  locales: (lng) =>
    lng === 'en' ? Promise.resolve(en) : import(`../locales/${lng}.json`).then((m: { default: Record<string, unknown> }) => m.default),
};

export default app;
