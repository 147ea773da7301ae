import type { RemoteApp } from 'shared-contracts';

/** The settings remote as the host sees it. Pages load lazily so this module stays small. */
const app: RemoteApp<'settings'> = {
  name: 'settings',
  contractsVersion: __CONTRACTS_VERSION__,
  appVersion: __APP_VERSION__,
  buildMarker: __BUILD_MARKER__,
  pages: {
    settings: () => import('../features/settings/SettingsPage'),
    dev: () => import('../features/dev/DevPage'),
    admin: () => import('../features/admin/AdminPage'),
  },
  locales: (language) => import(`../locales/${language}.json`).then((m: { default: Record<string, unknown> }) => m.default),
};

export default app;
