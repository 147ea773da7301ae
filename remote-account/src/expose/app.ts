import type { RemoteApp } from 'shared-contracts';

/** The account remote as the host sees it. Pages and the service load lazily so this module stays small. */
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
  // The host starts this at boot whenever an account exists (sync engine, sessions, logout).
  services: { account: () => import('../features/account/account-service') },
  locales: (lng) => import(`../locales/${lng}.json`).then((m: { default: Record<string, unknown> }) => m.default),
};

export default app;
