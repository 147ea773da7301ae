import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { stripOverrideParams } from './core/remote-registry';
import { loadRuntime } from './core/runtime';
import { initI18n } from './features/i18n/i18n';
import { configureRemotes } from './features/remotes/remote-loader';

async function boot() {
  const [runtime] = await Promise.all([
    loadRuntime({ search: window.location.search, session: sessionStorage, isDev: __DEV__ }),
    initI18n(),
  ]);
  for (const problem of [...runtime.problems, ...runtime.refusedOverrides]) console.error(`[runtime] ${problem}`);
  // The override now lives in the session; keep the address bar clean.
  const search = stripOverrideParams(window.location.search);
  if (search !== window.location.search) {
    window.history.replaceState(window.history.state, '', `${window.location.pathname}${search}${window.location.hash}`);
  }
  configureRemotes(runtime.registry, runtime.config.remoteManifestTimeoutMs);
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App runtime={runtime} />
    </StrictMode>,
  );
}

void boot();
