/** Provides the HostApi remotes receive, and the theme, around the whole site. */
import i18next from 'i18next';
import { useEffect, useMemo, type ReactNode } from 'react';
import { useNavigate } from 'shared-contracts/router';
import { HostContext, HostServicesContext, type CatalogApi } from 'shared-contracts';
import { useHostApi, useHostServicesValue } from 'host-core/host-api';
import { ThemeProvider } from 'styled-components';
import { useSnapshot } from 'valtio/react';
import type { Runtime } from '../../core/runtime';
import { accountServiceState } from '../account-service';
import { connectivity } from '../connectivity';
import { backAwareNavigate } from '../navigation';
import { actions, pageView, stores, themePreview } from '../stores';
import { setDocumentTitle } from './document-title';
import { CSS_VARIABLE_THEMES } from './css-theme';
import { GlobalStyle } from './GlobalStyle';

export { APP_VERSION } from 'host-core/host-api';

export function HostProvider({ runtime, catalog, children }: { runtime: Runtime; catalog: CatalogApi; children: ReactNode }) {
  const navigate = useNavigate();
  const accountService = useSnapshot(accountServiceState).service;
  const services = useHostServicesValue({
    stores,
    actions,
    catalog,
    config: runtime.config,
    connectivity,
    navigate: useMemo(
      () => backAwareNavigate((to, options) => void (typeof to === 'number' ? navigate(to) : navigate(to, options))),
      [navigate],
    ),
    setDocumentTitle,
    accountService,
  });
  // HostContext (every field, new on each write) stays for readers built against contracts 1.0.
  const host = useHostApi(services);
  // A watch link's ?language= and ?theme= show on that page view only (pageView), over the saved ones.
  const view = useSnapshot(pageView);
  const language = view.language ?? host.state.language;
  useEffect(() => {
    if (i18next.language !== language) void i18next.changeLanguage(language);
  }, [language]);
  // The same element each render: the global rules are re-rendered on a theme change only, not on every
  // store write; and a theme change rewrites only the :root colours (components read var(--mw-…)).
  const preview = useSnapshot(themePreview).theme;
  const theme = preview ?? view.theme ?? host.state.theme;
  const globalStyle = useMemo(() => <GlobalStyle $theme={theme} />, [theme]);
  return (
    <ThemeProvider theme={CSS_VARIABLE_THEMES[theme]}>
      {globalStyle}
      <HostServicesContext.Provider value={services}>
        <HostContext.Provider value={host}>{children}</HostContext.Provider>
      </HostServicesContext.Provider>
    </ThemeProvider>
  );
}
