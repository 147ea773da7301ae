import type { RemoteApp } from 'shared-contracts';

/** The player remote as the host sees it. Pages load lazily so this module stays small. */
const app: RemoteApp<'player'> = {
  name: 'player',
  contractsVersion: __CONTRACTS_VERSION__,
  appVersion: __APP_VERSION__,
  buildMarker: __BUILD_MARKER__,
  pages: {
    watch: () => import('../features/watch/WatchPage'),
    devVideo: () => import('../features/dev-video/DevVideoPage'),
  },
  locales: (lng) => import(`../locales/${lng}.json`).then((m: { default: Record<string, unknown> }) => m.default),
};

export default app;
