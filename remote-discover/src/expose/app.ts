import type { RemoteApp } from 'shared-contracts';
// English ships with the app module: the host waits for translations before it loads the page, one round trip less.
import en from '../locales/en.json';

/** The discover remote as the host sees it. Pages load lazily so this module stays small. */
const app: RemoteApp<'discover'> = {
  name: 'discover',
  contractsVersion: __CONTRACTS_VERSION__,
  appVersion: __APP_VERSION__,
  buildMarker: __BUILD_MARKER__,
  pages: {
    discover: () => import('../features/discover/DiscoverPage'),
    homeSection: () => import('../features/home/HomeSection'),
    homeBookmarks: () => import('../features/home/HomeBookmarks'),
    homeContinueWatching: () => import('../features/home/HomeContinueWatching'),
  },
  locales: (lng) => (lng === 'en' ? Promise.resolve(en) : import(`../locales/${lng}.json`).then((m: { default: Record<string, unknown> }) => m.default)),
};

export default app;
