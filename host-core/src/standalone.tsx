/**
 * A minimal host for a remote running on its own page (development, and for the player, partners):
 * the same stores (on the remote's own origin), the catalog client, a router, the theme, and the
 * remote's own translations.
 */
import i18next, { type BackendModule } from 'i18next';
import { StrictMode, Suspense, lazy, useMemo, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { initReactI18next } from 'react-i18next';
import { BrowserRouter, Route, Routes, useNavigate } from 'shared-contracts/router';
// Through the package name: HostContext must be the shared singleton's object.
import {
  DEFAULT_RUNTIME_CONFIG,
  HostContext,
  HostServicesContext,
  i18nInterpolation,
  THEMES,
  parseRuntimeConfig,
  pickLanguage,
  type PageLoader,
  type RemoteApp,
  type RemoteName,
  type RemotePages,
  type RuntimeConfig,
} from 'shared-contracts';
import { ThemeProvider, createGlobalStyle } from 'styled-components';
import { proxy } from 'valtio/vanilla';
import { useSnapshot } from 'valtio/react';
import { createCatalog, endpointFromConfig } from './catalog/catalog';
import { useHostApi, useHostServicesValue } from './host-api';
import { createActions, createStores } from './local-stores';

// A proxy: the host state source subscribes to it like any store.
const alwaysOnline = proxy({ online: true });

const GlobalStyle = createGlobalStyle`
  body { margin: 0; background: ${(p) => p.theme.colors.background}; color: ${(p) => p.theme.colors.text};
    font-family: system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif; line-height: 1.5; }
  button, input, select, textarea { font-family: inherit; }
  a { color: ${(p) => p.theme.colors.primary}; }
  :focus-visible { outline: 2px solid ${(p) => p.theme.colors.focus}; outline-offset: 2px; }
`;

const standaloneDocumentTitle = (title: string | null) => void (document.title = title ? `${title} | movie-web` : 'movie-web');

type Kit = {
  stores: ReturnType<typeof createStores>;
  actions: ReturnType<typeof createActions>;
  catalog: ReturnType<typeof createCatalog>;
};

function StandaloneHostInner({ config, kit, children }: { config: RuntimeConfig; kit: Kit; children: ReactNode }) {
  const navigate = useNavigate();
  const services = useHostServicesValue({
    ...kit,
    config,
    connectivity: alwaysOnline,
    navigate: useMemo(() => (to: string, options?: { replace?: boolean }) => void navigate(to, { replace: options?.replace }), [navigate]),
    setDocumentTitle: standaloneDocumentTitle,
  });
  const host = useHostApi(services);
  const view = useSnapshot(kit.stores.pageView);
  // The same element each render: the global rules are re-rendered (and re-inserted) on a theme change only, not on every store write.
  const globalStyle = useMemo(() => <GlobalStyle />, []);
  return (
    <ThemeProvider theme={THEMES[view.theme ?? host.state.theme]}>
      {globalStyle}
      <HostServicesContext.Provider value={services}>
        <HostContext.Provider value={host}>{children}</HostContext.Provider>
      </HostServicesContext.Provider>
    </ThemeProvider>
  );
}

/** The standalone page's config: its own /config.json when served, defaults otherwise. */
export async function loadStandaloneConfig(): Promise<RuntimeConfig> {
  try {
    const response = await fetch(new URL('config.json', document.baseURI), { cache: 'no-store' });
    if (!response.ok) return DEFAULT_RUNTIME_CONFIG;
    const parsed = parseRuntimeConfig(await response.json());
    if (parsed.ok) return parsed.value;
    console.error(`config.json ignored: ${parsed.error}`);
  } catch {
    // No config.json next to the standalone page: the defaults suit local development.
  }
  return DEFAULT_RUNTIME_CONFIG;
}

/** Mounts a remote's pages on its own page: `routes` maps a path to one of the remote's pages. */
export async function mountStandalone<N extends RemoteName>(app: RemoteApp<N>, routes: Record<string, RemotePages[N]>): Promise<void> {
  const config = await loadStandaloneConfig();
  const stores = createStores();
  const actions = createActions(stores);
  const catalog = createCatalog({ endpoint: () => endpointFromConfig(config), language: () => stores.language.language });
  const backend: BackendModule = {
    type: 'backend',
    init() {},
    read(language, namespace, callback) {
      if (namespace !== app.name || !app.locales) return callback(null, {});
      app.locales(language).then(
        (r) => callback(null, r),
        (e: Error) => callback(e, false),
      );
    },
  };
  if (!localStorage.getItem('__MW::locale')) stores.language.language = pickLanguage(navigator.languages ?? [navigator.language]);
  await i18next
    .use(backend)
    .use(initReactI18next)
    .init({
      lng: stores.language.language,
      fallbackLng: 'en',
      ns: [app.name],
      defaultNS: app.name,
      interpolation: i18nInterpolation(() => i18next.language),
    });
  const pages = app.pages as Record<string, PageLoader>;
  const elements = Object.entries(routes).map(([path, page]) => {
    const Page = lazy(pages[page as string]!);
    return <Route key={path} path={path} element={<Page />} />;
  });
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <BrowserRouter>
        <StandaloneHostInner config={config} kit={{ stores, actions, catalog }}>
          <Suspense fallback={<p role="status">Loading…</p>}>
            <Routes>{elements}</Routes>
          </Suspense>
        </StandaloneHostInner>
      </BrowserRouter>
    </StrictMode>,
  );
}
