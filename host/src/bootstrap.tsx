import { createCatalog, endpointFromConfig } from 'host-core/catalog';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { pickLanguage } from 'shared-contracts';
import { snapshot } from 'valtio/vanilla';
import { App } from './app/App';
import { stripOverrideParams } from './core/remote-registry';
import { loadRuntime } from './core/runtime';
import { startAccountService } from './features/account-service';
import { startConnectivityChecks } from './features/connectivity/connectivity.store';
import { initI18n } from './features/i18n/i18n';
import { configureRemotes } from './features/remotes/remote-loader';
import { registerServiceWorker } from './features/service-worker/updates';
import { configureAccount } from './features/stores/account';
import { checkRegion } from './features/stores/region';
import { authStore, languageStore, preferencesStore } from './features/stores/stores';

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
  const [runtime] = await Promise.all([
    loadRuntime({ search: window.location.search, session: sessionStorage, isDev: __DEV__ }),
    initI18n(initialLanguage()),
  ]);
  for (const problem of [...runtime.problems, ...runtime.refusedOverrides]) console.error(`[runtime] ${problem}`);
  // The override now lives in the session; keep the address bar clean.
  const search = stripOverrideParams(window.location.search);
  if (search !== window.location.search) {
    window.history.replaceState(window.history.state, '', `${window.location.pathname}${search}${window.location.hash}`);
  }
  configureRemotes(runtime.registry, runtime.config.remoteManifestTimeoutMs);
  configureAccount(runtime.config.backendUrl);
  startAccountService(runtime.config);
  const catalog = createCatalog({
    endpoint: () => {
      const proxies = snapshot(authStore).proxySet ?? runtime.config.proxyUrls;
      return endpointFromConfig(runtime.config, preferencesStore.proxyTmdb ? proxies[0] : undefined);
    },
    language: () => languageStore.language,
  });
  startConnectivityChecks();
  void checkRegion(runtime.config.geoUrl);
  if (!__DEV__) void registerServiceWorker();
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App runtime={runtime} catalog={catalog} />
    </StrictMode>,
  );
}

void boot();
