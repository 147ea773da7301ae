/**
 * Loads remotes at run time: registers the manifest URLs, loads `<name>/app`, refuses a remote built
 * against another contracts major, and forgets a failed load so that a retry starts afresh.
 */
import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import type { ComponentType } from 'react';
import {
  CONTRACTS_VERSION,
  type PrefetchServices,
  REMOTE_APP_MODULE,
  REMOTE_NAMES,
  checkContractsVersion,
  type RemoteApp,
  type RemoteName,
} from 'shared-contracts';
import type { Registry } from '../../core/remote-registry';
import { manifestGuardPlugin } from './manifest-guard.plugin';

export type RemoteFailureKind = 'not-configured' | 'unavailable' | 'incompatible';

export class RemoteLoadError extends Error {
  override name = 'RemoteLoadError';
  constructor(
    readonly remote: RemoteName,
    readonly kind: RemoteFailureKind,
    message: string,
  ) {
    super(message);
  }
}

let registry: Registry | null = null;
const apps = new Map<RemoteName, Promise<RemoteApp>>();
/** Pages whose module and translations are in, by `remote:page`: a slot renders them without suspending. */
const readyPages = new Map<string, ComponentType>();

/**
 * A page of a remote that has loaded already (preloaded, or shown before), or undefined. Rendering it
 * directly rather than through `lazy` spares a Suspense fallback, and React 19 holds back the content of
 * a boundary revealed within 300 ms of a fallback, which would keep the home's rows off screen that long.
 */
export function readyPage(name: RemoteName, page: string): ComponentType | undefined {
  return readyPages.get(`${name}:${page}`);
}

/** When the load of a page still loading began (performance.now()), by `remote:page`. */
const loadStarts = new Map<string, number>();

/** Counts a page's load from now, unless a load of it is under way already; forgets it once that load settles. */
function loadStarted(name: RemoteName, page: string, load: Promise<unknown>): void {
  const key = `${name}:${page}`;
  if (loadStarts.has(key)) return;
  loadStarts.set(key, performance.now());
  const settled = () => void loadStarts.delete(key);
  load.then(settled, settled);
}

/** When the page's load under way began (performance.now()), or undefined when none is. */
export function pageLoadStartedAt(name: RemoteName, page: string): number | undefined {
  return loadStarts.get(`${name}:${page}`);
}

/** Remembers a page whose module and translations are in (see readyPage). */
export function pageReady(name: RemoteName, page: string, component: ComponentType): void {
  readyPages.set(`${name}:${page}`, component);
}

export function configureRemotes(next: Registry, manifestTimeoutMs: number): void {
  registry = next;
  registerPlugins([manifestGuardPlugin(manifestTimeoutMs)]);
  const remotes = REMOTE_NAMES.flatMap((name) => {
    const url = next[name].manifestUrl;
    return url ? [{ name, entry: url }] : [];
  });
  registerRemotes(remotes);
}

export function getRegistry(): Registry | null {
  return registry;
}

async function load(name: RemoteName): Promise<RemoteApp> {
  const entry = registry?.[name];
  if (!entry?.manifestUrl) {
    throw new RemoteLoadError(name, 'not-configured', entry?.problem ?? `no manifest URL is configured for ${name}`);
  }
  let module: { default?: RemoteApp } | null;
  try {
    module = await loadRemote<{ default?: RemoteApp }>(`${name}/${REMOTE_APP_MODULE}`);
  } catch (error) {
    console.error(`[remotes] ${name} failed to load from ${entry.manifestUrl}`, error);
    throw new RemoteLoadError(name, 'unavailable', error instanceof Error ? error.message : String(error));
  }
  const app = module?.default;
  if (!app || typeof app !== 'object' || !app.pages) {
    throw new RemoteLoadError(name, 'unavailable', `${name}/${REMOTE_APP_MODULE} does not export a remote app`);
  }
  const check = checkContractsVersion(app.contractsVersion, CONTRACTS_VERSION);
  if (!check.ok) {
    console.error(`[remotes] ${name} refused: ${check.reason}`);
    throw new RemoteLoadError(name, 'incompatible', check.reason);
  }
  return app;
}

/** The remote's app module, loaded once; a failure is not cached. */
export function loadRemoteApp(name: RemoteName): Promise<RemoteApp> {
  let pending = apps.get(name);
  if (!pending) {
    pending = load(name);
    apps.set(name, pending);
    pending.catch(() => apps.delete(name));
  }
  return pending;
}

/** Before a retry: drop what the federation runtime cached for this remote. */
export function forgetRemote(name: RemoteName): void {
  apps.delete(name);
  for (const key of [...readyPages.keys()]) if (key.startsWith(`${name}:`)) readyPages.delete(key);
  const url = registry?.[name].manifestUrl;
  if (url) registerRemotes([{ name, entry: url }], { force: true });
}

/**
 * One page of a remote, with the remote's translations, loaded together: resolves with the page's
 * component once both are in, and remembers it (readyPage). A failure of the translations only leaves keys
 * untranslated; a remote without that page is refused as incompatible.
 */
export function loadRemotePage(
  name: RemoteName,
  page: string,
  loadTranslations: (app: RemoteApp) => Promise<unknown> | undefined,
): Promise<ComponentType> {
  const load = loadPage(name, page, loadTranslations);
  loadStarted(name, page, load);
  return load;
}

async function loadPage(
  name: RemoteName,
  page: string,
  loadTranslations: (app: RemoteApp) => Promise<unknown> | undefined,
): Promise<ComponentType> {
  const app = await loadRemoteApp(name);
  const loader = (app.pages as Record<string, (() => Promise<{ default: ComponentType }>) | undefined>)[page];
  if (!loader) throw new RemoteLoadError(name, 'incompatible', `${name} has no page "${page}"`);
  const [module] = await Promise.all([loader().catch(pageChunkFailed(name)), Promise.resolve(loadTranslations(app)).catch(() => {})]);
  pageReady(name, page, module.default);
  return module.default;
}

/**
 * A page's own chunk that could not be fetched (offline, or the remote's server gone since its entry came) is
 * the remote being unavailable, as its entry failing would be: the slot says so in the person's words, and
 * offline, loads the page again by itself. Any other failure of the page's module is the remote's own error.
 */
const pageChunkFailed = (name: RemoteName) => (error: unknown) => {
  // The name the bundler's runtime gives a chunk it could not fetch.
  if (error instanceof Error && error.name === 'ChunkLoadError') throw new RemoteLoadError(name, 'unavailable', error.message);
  throw error;
};

/**
 * Starts loading a remote page before React asks for it (a cold load's first page): the remote's
 * manifest, entry, page chunk and translations, and the page's first requests (RemoteApp.prefetch).
 * Resolves once the page is ready to render (readyPage), or has failed to load: a failure here is left
 * to the page's slot, which shares the load in flight or starts afresh.
 */
export function preloadRemotePage(
  name: RemoteName,
  page: string,
  options: { loadTranslations: (app: RemoteApp) => Promise<unknown>; services: PrefetchServices },
): Promise<void> {
  if (!registry?.[name]?.manifestUrl) return Promise.resolve();
  const preload = loadRemoteApp(name).then(
    (app) => {
      const ready = loadRemotePage(name, page, options.loadTranslations).then(
        () => {},
        () => {},
      );
      try {
        (app.prefetch as ((page: string, services: PrefetchServices) => void) | undefined)?.(page, options.services);
      } catch (error) {
        console.error(`[remotes] ${name} could not start ${page}'s requests early`, error); // the page starts them itself
      }
      return ready;
    },
    () => {},
  );
  loadStarted(name, page, preload);
  return preload;
}
