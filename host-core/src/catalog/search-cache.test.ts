/**
 * Search results are cached for 3600 s and the cache is swept every 2 min (docs/behaviour.md#home-search).
 * Fake timers: time is the subject.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createCatalog, SEARCH_SWEEP_MS, SEARCH_TTL_MS, type CatalogEndpoint } from './catalog';

const endpoint = (): CatalogEndpoint =>
  ({ apiBases: ['https://catalog.test'], credential: 'token', proxy: undefined }) as unknown as CatalogEndpoint;
const answer = () =>
  new Response(JSON.stringify({ page: 1, total_pages: 1, total_results: 0, results: [] }), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });

describe('search cache', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('answers a repeated search from the cache for 3600 s, then asks again', async () => {
    const fetch = vi.fn(async () => answer());
    const catalog = createCatalog({ endpoint, language: () => 'en', fetch });
    await catalog.search('alien');
    await catalog.search('alien');
    expect(fetch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(SEARCH_TTL_MS - 1_000);
    await catalog.search('alien');
    expect(fetch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1_000);
    await catalog.search('alien');
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(SEARCH_TTL_MS).toBe(3_600_000);
    catalog.dispose();
  });

  it('sweeps expired entries every 2 minutes, without being asked', async () => {
    const catalog = createCatalog({ endpoint, language: () => 'en', fetch: async () => answer() });
    await catalog.search('alien');
    await catalog.search('heat');
    expect(catalog.searchCacheSize()).toBe(2);
    await vi.advanceTimersByTimeAsync(SEARCH_TTL_MS);
    // Expired but not yet swept: the sweep runs on its own 2-minute beat.
    const untilSweep = SEARCH_SWEEP_MS - (SEARCH_TTL_MS % SEARCH_SWEEP_MS);
    if (untilSweep < SEARCH_SWEEP_MS) expect(catalog.searchCacheSize()).toBe(2);
    await vi.advanceTimersByTimeAsync(SEARCH_SWEEP_MS);
    expect(catalog.searchCacheSize()).toBe(0);
    expect(SEARCH_SWEEP_MS).toBe(120_000);
    catalog.dispose();
  });

  it('a search its first asker cancels still answers a second one who asked meanwhile, with one request', async () => {
    // React's development mode mounts a page twice: the first mount's search is cancelled as the second asks.
    const signals: AbortSignal[] = [];
    const fetch = vi.fn(async (_url: RequestInfo | URL, init?: RequestInit) => {
      signals.push(init!.signal!);
      return answer();
    });
    const catalog = createCatalog({ endpoint, language: () => 'en', fetch });
    const first = new AbortController();
    const cancelled = catalog.search('alien', { signal: first.signal });
    const second = catalog.search('alien', { signal: new AbortController().signal });
    first.abort();
    await expect(cancelled).rejects.toThrow('Cancelled');
    await expect(second).resolves.toEqual([]);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(signals[0]!.aborted).toBe(false);
    catalog.dispose();
  });

  it('a search every asker cancels stops its request, and is asked afresh next time', async () => {
    const signals: AbortSignal[] = [];
    const fetch = vi.fn(
      (_url: RequestInfo | URL, init?: RequestInit) =>
        new Promise<Response>((resolve, reject) => {
          signals.push(init!.signal!);
          init!.signal!.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
          setTimeout(() => resolve(answer()), 1_000);
        }),
    );
    const catalog = createCatalog({ endpoint, language: () => 'en', fetch });
    const a = new AbortController();
    const b = new AbortController();
    const searches = [catalog.search('alien', { signal: a.signal }), catalog.search('alien', { signal: b.signal })];
    a.abort();
    expect(signals[0]!.aborted).toBe(false);
    b.abort();
    expect(signals[0]!.aborted).toBe(true);
    for (const search of searches) await expect(search).rejects.toThrow('Cancelled');
    const again = catalog.search('alien');
    await vi.advanceTimersByTimeAsync(1_000);
    await expect(again).resolves.toEqual([]);
    expect(fetch).toHaveBeenCalledTimes(2);
    catalog.dispose();
  });
});
