import { pickLanguage } from 'shared-contracts';
import { parseViewParams } from 'shared-contracts/view-params';
import { snapshot } from 'valtio/vanilla';
import { fetchEarlyFirst, takeFirstRowOrder } from './core/early-requests';
import { stripOverrideParams } from './core/remote-registry';
import { firstRemotePage } from './core/routes';
import { loadRuntime } from './core/runtime';

/*
 * The boot runs in steps, each in a task of its own: evaluating the libraries and stores the first render needs
 * in one task would keep the page from answering input until all of it had run. Each step's modules are part of
 * this chunk (webpackMode "eager": no request more), evaluated when the step imports them; between steps the
 * browser gets the main thread.
 */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** First visit: the browser's preferred language (docs/behaviour.md#texts-languages), remembered from then on. */
function initialLanguage(languageStore: { language: string }): string {
  let stored: string | null = null;
  try {
    stored = localStorage.getItem('__MW::locale');
  } catch {
    // storage blocked: detect every time
  }
  if (!stored) languageStore.language = pickLanguage(navigator.languages ?? [navigator.language]);
  return languageStore.language;
}

/** Resolves when React has committed the first screen (or after 5 s, should that never happen). */
let screenCommitted: () => void = () => {};
const firstScreen = new Promise<void>((resolve) => {
  screenCommitted = resolve;
  setTimeout(resolve, 5000);
});

async function boot() {
  // The app's component tree is its own chunk, fetched while the configuration loads and evaluated in
  // a task of its own when it arrives, so the two do not add up to one long task.
  const app = import(/* webpackChunkName: "app" */ './app/App');
  const runtimeLoaded = loadRuntime({ search: window.location.search, session: sessionStorage, isDev: __DEV__ });
  await nextTask();
  // The persisted stores (valtio, their schemas, localStorage read once).
  const { actions, authStore, languageStore, onboardingStore, pageView, preferencesStore } = await import(
    /* webpackMode: "eager" */ './features/stores/stores'
  );
  // A watch link's ?theme= and ?language= from the first render on (the watch route keeps them up to date).
  if (/^\/(media|embed)\//.test(window.location.pathname)) actions.showForView(parseViewParams(window.location.search));
  await nextTask();
  const { initI18n, registerNamespace } = await import(/* webpackMode: "eager" */ './features/i18n/i18n');
  const saved = initialLanguage(languageStore);
  const translated = initI18n(pageView.language ?? saved);
  await nextTask();
  const [{ StrictMode, startTransition, useEffect }, { createRoot }] = await Promise.all([
    import(/* webpackMode: "eager" */ 'react'),
    import(/* webpackMode: "eager" */ 'react-dom/client'),
  ]);
  // The remotes are registered once the app chunk is in. (The host's share strategy is "loaded-first", so a
  // shared module resolved after this no longer makes the federation runtime fetch every remote's entry.)
  const [runtime, { App }] = await Promise.all([runtimeLoaded, app]);
  for (const problem of [...runtime.problems, ...runtime.refusedOverrides]) console.error(`[runtime] ${problem}`);
  // The override now lives in the session; keep the address bar clean.
  const search = stripOverrideParams(window.location.search);
  if (search !== window.location.search) {
    window.history.replaceState(window.history.state, '', `${window.location.pathname}${search}${window.location.hash}`);
  }
  const [{ configureRemotes, preloadRemotePage }, { createCatalog, catalogEndpoint }] = await Promise.all([
    import(/* webpackMode: "eager" */ './features/remotes/remote-loader'),
    import(/* webpackMode: "eager" */ 'host-core/catalog'),
  ]);
  configureRemotes(runtime.registry, runtime.config.remoteManifestTimeoutMs);
  const catalog = createCatalog({
    endpoint: () => {
      const proxies = snapshot(authStore).proxySet ?? runtime.config.proxyUrls;
      return catalogEndpoint(runtime.config, { proxyTmdb: preferencesStore.proxyTmdb, proxyUrls: proxies });
    },
    language: () => pageView.language ?? languageStore.language,
    // The first page's first row may have been asked for by the page already.
    fetch: fetchEarlyFirst(),
  });
  // The first page's remote loads, and starts its page's first requests, while the rest of the boot and
  // React's render of the shell run, not after.
  const first = firstRemotePage(window.location.pathname, preferencesStore.enableDiscover);
  const onboarding = runtime.config.hasOnboarding && !onboardingStore.completed;
  if (first && runtime.config.routerMode !== 'hash' && !onboarding) {
    void preloadRemotePage(first.remote, first.page, {
      loadTranslations: (app) => translated.then(() => (app.locales ? registerNamespace(first.remote, app.locales) : undefined)),
      services: { catalog, firstFrame: { rowOrder: () => takeFirstRowOrder() } },
    });
  }
  await nextTask();
  const [{ configureAccountService, startAccountService }, { startConnectivityChecks }, { registerServiceWorker }, { checkRegion }] =
    await Promise.all([
      import(/* webpackMode: "eager" */ './features/account-service'),
      import(/* webpackMode: "eager" */ './features/connectivity/connectivity.store'),
      import(/* webpackMode: "eager" */ './features/service-worker/updates'),
      import(/* webpackMode: "eager" */ './features/stores/region'),
    ]);
  await translated;
  configureAccountService(runtime.config);
  // Work that nothing on the first screen waits for, and that writes stores when it completes (the region,
  // connectivity, the account service and its sync), starts once the first screen has committed. A store
  // write while React renders that screen in slices would make it throw the slices away and render the
  // whole tree again in one blocking task.
  const later = (work: () => void) => void firstScreen.then(() => setTimeout(work, 0));
  // index.html's rule with the saved theme's colours, for the first frame: the app's own rule is on screen now.
  later(() => document.getElementById('shell-theme')?.remove());
  later(startAccountService);
  later(startConnectivityChecks);
  later(() => void checkRegion(runtime.config.geoUrl, Date.now(), runtime.config.geoFallbackUrl));
  if (!__DEV__) later(() => void registerServiceWorker());
  // A transition: React renders the app in slices of a few milliseconds, yielding to the browser
  // between them, instead of one long task. The static shell in
  // index.html stays on screen until the first commit.
  const root = createRoot(document.getElementById('root')!);
  /** Rendered beside the app: its effect runs once the app's first commit is on screen. */
  function FirstCommit({ onCommit }: { onCommit: () => void }) {
    useEffect(onCommit, [onCommit]);
    return null;
  }
  startTransition(() => {
    root.render(
      <StrictMode>
        <App runtime={runtime} catalog={catalog} />
        <FirstCommit onCommit={screenCommitted} />
      </StrictMode>,
    );
  });
}

void boot();
