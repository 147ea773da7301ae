import type { RemoteApp } from 'shared-contracts';

/** The account remote as the host sees it. Pages (and the service for 1.3 hosts) load lazily so this module stays small. */
const app: RemoteApp<'account'> = {
  name: 'account',
  contractsVersion: __CONTRACTS_VERSION__,
  appVersion: __APP_VERSION__,
  buildMarker: __BUILD_MARKER__,
  pages: {
    login: () => import('../features/auth/LoginPage'),
    register: () => import('../features/auth/RegisterPage'),
    onboarding: () => import('../features/onboarding/OnboardingPage'),
    migration: () => import('../features/migration/MigrationPage'),
  },
  // A contracts 1.3 host starts this at boot whenever an account exists; a 1.4 host runs its own. Remove in 1.5.
  services: { account: () => import('../features/account/legacy-account-service') },
  locales: (lng) => import(`../locales/${lng}.json`).then((m: { default: Record<string, unknown> }) => m.default),
};

export default app;
