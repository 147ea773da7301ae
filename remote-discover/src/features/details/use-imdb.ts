/**
 * IMDb rating, votes and trailer for the modal (docs/behaviour.md#details-imdb-data), through a proxy or the
 * extension; failures are logged.
 */
import { useEffect, useState } from 'react';
import { useHostServices, useHostWith } from 'shared-contracts';
import { ImdbError, fetchImdbData, imdbTitleUrl, pickProxy, proxyPageFetcher, type ImdbData } from '../../core/imdb';
import { extensionPageFetcher } from './extension';

/** Where IMDb title pages live: the local catalog's stand-ins when no TMDB key is configured. */
export function useImdbBase(): string {
  const { config } = useHostServices();
  return config.tmdbReadToken ? 'https://www.imdb.com' : config.localCatalogUrl;
}

export function useImdb(imdbId: string | undefined): ImdbData | null {
  const { state } = useHostWith('proxyUrls');
  const base = useImdbBase();
  const proxy = pickProxy(state.proxyUrls);
  const [data, setData] = useState<ImdbData | null>(null);
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- a new title: the previous title's data goes
    setData(null);
    if (!imdbId) return;
    const controller = new AbortController();
    (async () => {
      const fetchPage = proxy ? proxyPageFetcher(proxy) : await extensionPageFetcher();
      if (!fetchPage) return; // no proxy and no extension, no IMDb data; the details still show
      const found = await fetchImdbData(imdbTitleUrl(base, imdbId), { fetchPage }, controller.signal);
      if (!controller.signal.aborted) setData(found);
    })().catch((error: unknown) => {
      if (controller.signal.aborted) return;
      // Logged only. A title IMDb has no page or data for is expected, not an error.
      if (error instanceof ImdbError) console.info(`[discover] no IMDb data for ${imdbId}: ${error.message}`);
      else console.error('[discover] IMDb data failed to load', error);
    });
    return () => controller.abort();
  }, [imdbId, base, proxy]);
  return data;
}
