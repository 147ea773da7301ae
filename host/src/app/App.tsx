import { Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BrowserRouter, HashRouter, Navigate, Route, Routes, useLocation } from 'shared-contracts/router';
import { useSnapshot } from 'valtio/react';
import type { CatalogApi } from 'shared-contracts';
import { REMOTE_ROUTES, WATCH_ROUTES } from '../core/routes';
import type { Runtime } from '../core/runtime';
import { AccountStatusBanner } from '../features/account-service';
import { ErrorBoundary } from '../features/errors/ErrorBoundary';
import { HomePage } from '../features/home/HomePage';
import { HostProvider } from '../features/host-api/HostProvider';
import { Layout } from '../features/layout/Layout';
import { NotFoundPage } from '../features/pages/NotFoundPage';
import { AboutPage, DmcaPage, JipPage, SupportPage } from '../features/pages/StaticPages';
import { RemoteSlot } from '../features/remotes/RemoteSlot';
import { RuntimeContext } from '../features/remotes/runtime-context';
import { usePageTitle } from '../features/ui/use-page-title';
import { onboardingStore } from '../features/stores/stores';
import { useRuntime } from '../features/remotes/runtime-context';
import { EmbedRoute, WatchRoute } from '../features/watch/WatchRoute';
import { ScrollRestoration } from '../features/navigation/ScrollRestoration';

/** A remote page with the host's default title for it (the remote may set a better one). */
function Titled({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation();
  usePageTitle(t(`pageTitles.${title}`));
  return children;
}

/**
 * The onboarding flag (docs/behaviour.md#product-configuration): until the setup is done, the site's pages lead to it
 * (watch and embed pages don't).
 */
function OnboardingGate({ children }: { children: ReactNode }) {
  const { config } = useRuntime();
  const completed = useSnapshot(onboardingStore).completed;
  const { pathname } = useLocation();
  if (config.hasOnboarding && !completed && !pathname.startsWith('/onboarding')) return <Navigate to="/onboarding" replace />;
  return children;
}

function SiteRoutes() {
  return (
    <Layout>
      <OnboardingGate>
        <Routes>
          <Route path="/" element={<HomePage />} />
          <Route path="/browse/:query" element={<HomePage />} />
          {REMOTE_ROUTES.map(({ path, title, remote, page }) => (
            <Route
              key={path}
              path={path}
              element={
                <Titled title={title}>
                  {/* The table pairs each remote with one of its own pages (RemotePages). */}
                  <RemoteSlot remote={remote} page={page as never} />
                </Titled>
              }
            />
          ))}
          <Route path="/about" element={<AboutPage />} />
          <Route path="/support" element={<SupportPage />} />
          <Route path="/dmca" element={<DmcaPage />} />
          <Route path="/jip" element={<JipPage />} />
          <Route path="*" element={<NotFoundPage />} />
        </Routes>
      </OnboardingGate>
    </Layout>
  );
}

function AppRoutes() {
  return (
    <Routes>
      {/* The player owns the whole screen: no site header or footer (as in the described product). */}
      {WATCH_ROUTES.map(({ path, kind }) => (
        <Route key={path} path={path} element={<Titled title="watch">{kind === 'watch' ? <WatchRoute /> : <EmbedRoute />}</Titled>} />
      ))}
      <Route path="*" element={<SiteRoutes />} />
    </Routes>
  );
}

export function App({ runtime, catalog }: { runtime: Runtime; catalog: CatalogApi }) {
  const Router = runtime.config.routerMode === 'hash' ? HashRouter : BrowserRouter;
  return (
    <RuntimeContext.Provider value={runtime}>
      <Router>
        <HostProvider runtime={runtime} catalog={catalog}>
          <ErrorBoundary>
            <AccountStatusBanner />
            <ScrollRestoration />
            <Suspense fallback={null}>
              <AppRoutes />
            </Suspense>
          </ErrorBoundary>
        </HostProvider>
      </Router>
    </RuntimeContext.Provider>
  );
}
