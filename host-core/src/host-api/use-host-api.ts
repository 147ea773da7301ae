/** Builds the HostApi remotes receive from the stores: snapshots, actions, the catalog, navigation. */
import { useMemo } from 'react';
import type {
  AccountService,
  CatalogApi,
  HostActions,
  HostApi,
  HostServices,
  HostState,
  HostStateSource,
  RuntimeConfig,
  ThemeName,
} from 'shared-contracts';
import { useSnapshot } from 'valtio/react';
import { snapshot, subscribe } from 'valtio/vanilla';
import type { StoreActions } from '../local-stores/actions';
import type { Stores } from '../local-stores/stores';

export const APP_VERSION = '4.9.4';

export interface HostApiSources {
  stores: Stores;
  actions: StoreActions;
  catalog: CatalogApi;
  config: RuntimeConfig;
  online: boolean;
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

/**
 * Each HostState field read from the one store it comes from: valtio snapshots are cached per store
 * version, so a field keeps its identity until its own store changes, and a listener of `progress`
 * is not called by a volume or bookmark write.
 */
export function createHostStateSource(stores: Stores, config: RuntimeConfig, connectivity: { online: boolean }): HostStateSource {
  const auth = () => snapshot(stores.auth);
  const read: Record<keyof HostState, () => unknown> = {
    theme: () => snapshot(stores.theme).theme ?? 'default',
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
}: Omit<HostApiSources, 'online'> & { connectivity: { online: boolean } }): HostServices {
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
        return Object.fromEntries(STATE_KEYS.map((key) => [key, states.get(key)])) as unknown as HostState;
      },
    }),
    [config, hostActions, catalog, navigate, accountService, states],
  );
}

/** The full HostApi (HostContext): a new object, with a new `state` snapshot, on every store write. */
export function useHostApi(
  { stores, config, online }: Pick<HostApiSources, 'stores' | 'config' | 'online'>,
  services: HostServices,
): HostApi {
  const theme = useSnapshot(stores.theme).theme;
  const language = useSnapshot(stores.language).language;
  const bookmarks = useSnapshot(stores.bookmarks).bookmarks;
  const progress = useSnapshot(stores.progress).items;
  const preferences = useSnapshot(stores.preferences);
  const subtitles = useSnapshot(stores.subtitles);
  const volume = useSnapshot(stores.volume).volume;
  const quality = useSnapshot(stores.quality);
  const auth = useSnapshot(stores.auth);
  const region = useSnapshot(stores.region);
  const themeName: ThemeName = theme ?? 'default';
  return useMemo<HostApi>(
    () => ({
      config: services.config,
      appVersion: services.appVersion,
      actions: services.actions,
      catalog: services.catalog,
      navigate: services.navigate,
      accountService: services.accountService,
      states: services.states,
      state: {
        theme: themeName,
        language,
        bookmarks,
        progress,
        preferences,
        subtitles,
        volume,
        quality,
        account: auth.account,
        backendUrl: auth.backendUrl ?? config.backendUrl,
        proxyUrls: (auth.proxySet as string[] | null) ?? config.proxyUrls,
        customBackendUrl: auth.backendUrl,
        customProxyUrls: auth.proxySet as string[] | null,
        online,
        region,
      } as HostApi['state'],
    }),
    [services, config, themeName, language, bookmarks, progress, preferences, subtitles, volume, quality, auth, online, region],
  );
}
