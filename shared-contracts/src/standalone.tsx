/**
 * A minimal host for a remote running on its own page (development, and for the player, partners):
 * HostContext with in-memory theme and language, a router, and the theme. Not part of the shared singleton.
 */
import { StrictMode, Suspense, lazy, useMemo, useState, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Route, Routes, useNavigate } from 'react-router';
import { ThemeProvider, createGlobalStyle } from 'styled-components';
// Through the package name, not relative paths: HostContext must be the shared singleton's object.
import {
  DEFAULT_RUNTIME_CONFIG,
  HostContext,
  THEMES,
  parseRuntimeConfig,
  type HostApi,
  type PageLoader,
  type RemoteApp,
  type RemoteName,
  type RemotePages,
  type RuntimeConfig,
  type ThemeName,
} from 'shared-contracts';

const GlobalStyle = createGlobalStyle`
  body { margin: 0; background: ${(p) => p.theme.colors.background}; color: ${(p) => p.theme.colors.text};
    font-family: system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif; }
  :focus-visible { outline: 2px solid ${(p) => p.theme.colors.focus}; outline-offset: 2px; }
`;

function StandaloneHostInner({ config, children }: { config: RuntimeConfig; children: ReactNode }) {
  const navigate = useNavigate();
  const [theme, setTheme] = useState<ThemeName>('default');
  const [language, setLanguage] = useState('en');
  const host = useMemo<HostApi>(
    () => ({
      config,
      appVersion: '4.9.4',
      state: { theme, language },
      actions: { setTheme, setLanguage },
      navigate: (to, options) => navigate(to, { replace: options?.replace }),
    }),
    [config, theme, language, navigate],
  );
  return (
    <ThemeProvider theme={THEMES[theme]}>
      <GlobalStyle />
      <HostContext.Provider value={host}>{children}</HostContext.Provider>
    </ThemeProvider>
  );
}

export function StandaloneHost({ config, children }: { config: RuntimeConfig; children: ReactNode }) {
  return (
    <BrowserRouter>
      <StandaloneHostInner config={config}>{children}</StandaloneHostInner>
    </BrowserRouter>
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
export async function mountStandalone<N extends RemoteName>(
  app: RemoteApp<N>,
  routes: Record<string, RemotePages[N]>,
): Promise<void> {
  const config = await loadStandaloneConfig();
  const pages = app.pages as Record<string, PageLoader>;
  const elements = Object.entries(routes).map(([path, page]) => {
    const Page = lazy(pages[page as string]!);
    return <Route key={path} path={path} element={<Page />} />;
  });
  document.title = `${app.name} (standalone)`;
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <StandaloneHost config={config}>
        <Suspense fallback={<p role="status">Loading…</p>}>
          <Routes>{elements}</Routes>
        </Suspense>
      </StandaloneHost>
    </StrictMode>,
  );
}
