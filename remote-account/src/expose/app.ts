import type { RemoteApp } from 'shared-contracts';

/** The account remote as the host sees it. Pages load lazily so this module stays small. */
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
};

export default app;
