import { useMemo } from 'react';
import { BrowserRouter, HashRouter, Route, Routes, useNavigate } from 'react-router';
import { HostContext, THEMES, type HostApi } from 'shared-contracts';
import { ThemeProvider, createGlobalStyle } from 'styled-components';
import { useSnapshot } from 'valtio/react';
import i18next from 'i18next';
import type { Runtime } from '../core/runtime';
import { Layout } from '../features/layout/Layout';
import { HomePage } from '../features/pages/HomePage';
import { NotFoundPage } from '../features/pages/NotFoundPage';
import { RemoteSlot } from '../features/remotes/RemoteSlot';
import { RuntimeContext } from '../features/remotes/runtime-context';
import { setTheme, themeStore } from '../features/theme/theme.store';

const GlobalStyle = createGlobalStyle`
  html, body { margin: 0; background: ${(p) => p.theme.colors.background}; color: ${(p) => p.theme.colors.text}; }
  body { font-family: system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif; line-height: 1.5; }
  a { color: ${(p) => p.theme.colors.primary}; }
  :focus-visible { outline: 2px solid ${(p) => p.theme.colors.focus}; outline-offset: 2px; }
  @media (prefers-reduced-motion: reduce) { * { animation: none !important; transition: none !important; } }
`;

function HostProvider({ runtime, children }: { runtime: Runtime; children: React.ReactNode }) {
  const navigate = useNavigate();
  const theme = useSnapshot(themeStore).theme;
  const host = useMemo<HostApi>(
    () => ({
      config: runtime.config,
      appVersion: '4.9.4',
      state: { theme, language: i18next.language },
      actions: {
        setTheme,
        setLanguage: (language) => void i18next.changeLanguage(language),
      },
      navigate: (to, options) => navigate(to, { replace: options?.replace }),
    }),
    [runtime.config, theme, navigate],
  );
  return (
    <ThemeProvider theme={THEMES[theme]}>
      <GlobalStyle />
      <HostContext.Provider value={host}>{children}</HostContext.Provider>
    </ThemeProvider>
  );
}

function AppRoutes() {
  return (
    <Layout>
      <Routes>
        <Route path="/" element={<HomePage />} />
        <Route path="/discover" element={<RemoteSlot remote="discover" page="discover" />} />
        <Route path="/media/:media/:season?/:episode?" element={<RemoteSlot remote="player" page="watch" />} />
        <Route path="/dev/video" element={<RemoteSlot remote="player" page="devVideo" />} />
        <Route path="/login" element={<RemoteSlot remote="account" page="login" />} />
        <Route path="/register" element={<RemoteSlot remote="account" page="register" />} />
        <Route path="/onboarding" element={<RemoteSlot remote="account" page="onboarding" />} />
        <Route path="/migration" element={<RemoteSlot remote="account" page="migration" />} />
        <Route path="/settings" element={<RemoteSlot remote="settings" page="settings" />} />
        <Route path="/dev" element={<RemoteSlot remote="settings" page="dev" />} />
        <Route path="/admin" element={<RemoteSlot remote="settings" page="admin" />} />
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </Layout>
  );
}

export function App({ runtime }: { runtime: Runtime }) {
  const Router = runtime.config.routerMode === 'hash' ? HashRouter : BrowserRouter;
  return (
    <RuntimeContext.Provider value={runtime}>
      <Router>
        <HostProvider runtime={runtime}>
          <AppRoutes />
        </HostProvider>
      </Router>
    </RuntimeContext.Provider>
  );
}
