import { createCatalog, endpointFromConfig } from 'host-core/catalog';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { pickLanguage } from 'shared-contracts';
import { snapshot } from 'valtio/vanilla';
import { firstRemotePage, stripOverrideParams } from './core/remote-registry';
import { loadRuntime } from './core/runtime';
import { startAccountService } from './features/account-service';
import { startConnectivityChecks } from './features/connectivity/connectivity.store';
import { initI18n, registerNamespace } from './features/i18n/i18n';
import { configureRemotes, preloadRemotePage } from './features/remotes/remote-loader';
import { registerServiceWorker } from './features/service-worker/updates';
import { configureAccount } from './features/stores/account';
import { checkRegion } from './features/stores/region';
import { authStore, languageStore, onboardingStore, preferencesStore } from './features/stores/stores';

/** First visit: the browser's preferred language (spec: auto-detected), remembered from then on. */
function initialLanguage(): string {
  let stored: string | null = null;
  try {
    stored = localStorage.getItem('__MW::locale');
  } catch {
    // storage blocked: detect every time
  }
  if (!stored) languageStore.language = pickLanguage(navigator.languages ?? [navigator.language]);
  return languageStore.language;
}

async function boot() {
  // The app's component tree is its own chunk, fetched while the configuration loads and evaluated in
  // a task of its own when it arrives (issue 19: one 110 ms task at 4× CPU became two).
  const app = import(/* webpackChunkName: "app" */ './app/App');
  const [runtime, , { App }] = await Promise.all([
    loadRuntime({ search: window.location.search, session: sessionStorage, isDev: __DEV__ }),
    initI18n(initialLanguage()),
    app,
  ]);
  for (const problem of [...runtime.problems, ...runtime.refusedOverrides]) console.error(`[runtime] ${problem}`);
  // The override now lives in the session; keep the address bar clean.
  const search = stripOverrideParams(window.location.search);
  if (search !== window.location.search) {
    window.history.replaceState(window.history.state, '', `${window.location.pathname}${search}${window.location.hash}`);
  }
  configureRemotes(runtime.registry, runtime.config.remoteManifestTimeoutMs);
  // The first page's remote loads while React renders the shell, not after.
  const first = firstRemotePage(window.location.pathname, preferencesStore.enableDiscover);
  const onboarding = runtime.config.hasOnboarding && !onboardingStore.completed;
  if (first && runtime.config.routerMode !== 'hash' && !onboarding) {
    preloadRemotePage(first.remote, first.page, (app) => (app.locales ? registerNamespace(first.remote, app.locales) : Promise.resolve()));
  }
  configureAccount(runtime.config.backendUrl);
  startAccountService(runtime.config);
  const catalog = createCatalog({
    endpoint: () => {
      const proxies = snapshot(authStore).proxySet ?? runtime.config.proxyUrls;
      return endpointFromConfig(runtime.config, preferencesStore.proxyTmdb ? proxies[0] : undefined);
    },
    language: () => languageStore.language,
  });
  // Checks that nothing on the first screen waits for run after it has painted.
  const later = (work: () => void) => setTimeout(work, 0);
  later(startConnectivityChecks);
  later(() => void checkRegion(runtime.config.geoUrl, Date.now(), runtime.config.geoFallbackUrl));
  if (!__DEV__) later(() => void registerServiceWorker());
  // A transition: React renders the app in slices of a few milliseconds, yielding to the browser
  // between them, instead of one long task (issue 19: 140 ms at 4× CPU). The static shell in
  // index.html stays on screen until the first commit.
  const root = createRoot(document.getElementById('root')!);
  startTransition(() => {
    root.render(
      <StrictMode>
        <App runtime={runtime} catalog={catalog} />
      </StrictMode>,
    );
  });
}

void boot();
