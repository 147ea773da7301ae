/** Builds the HostApi remotes receive from the stores: snapshots, actions, the catalog, navigation. */
import { useEffect, useMemo, useState } from 'react';
import type {
  AccountService,
  CatalogApi,
  HostActions,
  HostApi,
  HostServices,
  HostState,
  HostStateSource,
  RuntimeConfig,
} from 'shared-contracts';
import { snapshot, subscribe } from 'valtio/vanilla';
import type { StoreActions } from '../local-stores/actions';
import type { Stores } from '../local-stores/stores';

export const APP_VERSION = '4.9.4';

export interface HostApiSources {
  stores: Stores;
  actions: StoreActions;
  catalog: CatalogApi;
  config: RuntimeConfig;
  connectivity: { online: boolean };
  navigate: HostApi['navigate'];
  setDocumentTitle: HostActions['setDocumentTitle'];
  /** The account remote's service once the host has loaded it. */
  accountService?: AccountService | null;
}

const STATE_KEYS: readonly (keyof HostState)[] = [
  'theme',
  'language',
  'bookmarks',
  'progress',
  'preferences',
  'subtitles',
  'volume',
  'quality',
  'account',
  'backendUrl',
  'proxyUrls',
  'customBackendUrl',
  'customProxyUrls',
  'online',
  'region',
];

const readState = (states: HostStateSource) => Object.fromEntries(STATE_KEYS.map((key) => [key, states.get(key)])) as unknown as HostState;

/**
 * Each HostState field read from the one store it comes from: valtio snapshots are cached per store
 * version, so a field keeps its identity until its own store changes, and a listener of `progress`
 * is not called by a volume or bookmark write.
 */
export function createHostStateSource(stores: Stores, config: RuntimeConfig, connectivity: { online: boolean }): HostStateSource {
  const auth = () => snapshot(stores.auth);
  const read: Record<keyof HostState, () => unknown> = {
    theme: () => snapshot(stores.theme).theme,
    language: () => snapshot(stores.language).language,
    bookmarks: () => snapshot(stores.bookmarks).bookmarks,
    progress: () => snapshot(stores.progress).items,
    preferences: () => snapshot(stores.preferences),
    subtitles: () => snapshot(stores.subtitles),
    volume: () => snapshot(stores.volume).volume,
    quality: () => snapshot(stores.quality),
    account: () => auth().account,
    backendUrl: () => auth().backendUrl ?? config.backendUrl,
    proxyUrls: () => auth().proxySet ?? config.proxyUrls,
    customBackendUrl: () => auth().backendUrl,
    customProxyUrls: () => auth().proxySet,
    online: () => connectivity.online,
    region: () => snapshot(stores.region),
  };
  const source: { [K in keyof HostState]: object } = {
    theme: stores.theme,
    language: stores.language,
    bookmarks: stores.bookmarks,
    progress: stores.progress,
    preferences: stores.preferences,
    subtitles: stores.subtitles,
    volume: stores.volume,
    quality: stores.quality,
    account: stores.auth,
    backendUrl: stores.auth,
    proxyUrls: stores.auth,
    customBackendUrl: stores.auth,
    customProxyUrls: stores.auth,
    online: connectivity,
    region: stores.region,
  };
  return {
    get: (key) => read[key]() as never,
    subscribe: (key, listener) => subscribe(source[key], listener),
  };
}

/**
 * The stable HostServices (HostServicesContext): it changes only when one of its inputs does (the
 * account service loading), never on a store write.
 */
export function useHostServicesValue({
  stores,
  actions,
  catalog,
  config,
  connectivity,
  navigate,
  setDocumentTitle,
  accountService = null,
}: HostApiSources): HostServices {
  const states = useMemo(() => createHostStateSource(stores, config, connectivity), [stores, config, connectivity]);
  const hostActions = useMemo<HostActions>(() => ({ ...actions, setDocumentTitle }), [actions, setDocumentTitle]);
  return useMemo<HostServices>(
    () => ({
      config,
      appVersion: APP_VERSION,
      actions: hostActions,
      catalog,
      navigate,
      accountService,
      states,
      // Live, not a subscription (see HostServices).
      get state() {
        return readState(states);
      },
    }),
    [config, hostActions, catalog, navigate, accountService, states],
  );
}

const sameState = (a: HostState, b: HostState) => STATE_KEYS.every((key) => Object.is(a[key], b[key]));

/**
 * The full HostApi (HostContext): a new object, with a new `state`, after each store write, for readers
 * built against contracts 1.0. Its state is React state set from the stores' subscriptions, not
 * useSyncExternalStore: a store write while React renders a large transition (the first screen, a
 * navigation) then schedules an update of this provider and its legacy readers instead of making React
 * throw the transition's slices away and render the whole tree again in one blocking task.
 */
export function useHostApi(services: HostServices): HostApi {
  const states = services.states;
  const [state, setState] = useState<HostState>(() => services.state);
  useEffect(() => {
    if (!states) return;
    const refresh = () =>
      setState((shown) => {
        const next = readState(states);
        return sameState(shown, next) ? shown : next;
      });
    const stops = STATE_KEYS.map((key) => states.subscribe(key, refresh));
    refresh(); // a write between the first render and this subscription
    return () => stops.forEach((stop) => stop());
  }, [states]);
  return useMemo<HostApi>(
    () => ({
      config: services.config,
      appVersion: services.appVersion,
      actions: services.actions,
      catalog: services.catalog,
      navigate: services.navigate,
      accountService: services.accountService,
      states,
      state,
    }),
    [services, states, state],
  );
}
