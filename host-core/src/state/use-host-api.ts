/** Builds the HostApi remotes receive from the stores: snapshots, actions, the catalog, navigation. */
import { useMemo } from 'react';
import type { AccountService, CatalogApi, HostActions, HostApi, RuntimeConfig, ThemeName } from 'shared-contracts';
import { useSnapshot } from 'valtio/react';
import type { StoreActions } from './actions';
import type { Stores } from './stores';

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

export function useHostApi({ stores, actions, catalog, config, online, navigate, setDocumentTitle, accountService = null }: HostApiSources): HostApi {
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
  const hostActions = useMemo<HostActions>(() => ({ ...actions, setDocumentTitle }), [actions, setDocumentTitle]);
  return useMemo<HostApi>(
    () => ({
      config,
      appVersion: APP_VERSION,
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
      actions: hostActions,
      catalog,
      navigate,
      accountService,
    }),
    [config, themeName, language, bookmarks, progress, preferences, subtitles, volume, quality, auth, online, region, catalog, navigate, hostActions, accountService],
  );
}
