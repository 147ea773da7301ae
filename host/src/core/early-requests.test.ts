import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchEarlyFirst, fetchWithin, takeEarlyRequest } from './early-requests';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('takeEarlyRequest', () => {
  it('hands a request to its first reader only', () => {
    const pending = Promise.resolve(new Response('{}'));
    const scope = { __mwEarly: { '/config.json': pending } };
    expect(takeEarlyRequest('/config.json', scope)).toBe(pending);
    expect(takeEarlyRequest('/config.json', scope)).toBeUndefined();
    expect(takeEarlyRequest('/remotes.json', scope)).toBeUndefined();
    expect(takeEarlyRequest('/config.json', {})).toBeUndefined();
  });
});

describe('fetchEarlyFirst', () => {
  const url = 'http://localhost:4100/3/movie/popular?language=en-US&page=1';

  it("answers a GET with the page's request for the same URL once, then fetches", async () => {
    const fetch = vi.fn(async () => new Response('fresh'));
    vi.stubGlobal('fetch', fetch);
    const scope = { __mwEarly: { [url]: Promise.resolve(new Response('early')) } };
    const get = fetchEarlyFirst(scope);
    expect(await (await get(url, { headers: { accept: 'application/json' } })).text()).toBe('early');
    expect(fetch).not.toHaveBeenCalled();
    expect(await (await get(url)).text()).toBe('fresh');
    expect(await (await get('http://localhost:4100/3/movie/popular?language=en-US&page=2')).text()).toBe('fresh');
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('leaves the early request to a GET: another method fetches', async () => {
    const fetch = vi.fn(async () => new Response('fresh'));
    vi.stubGlobal('fetch', fetch);
    const scope = { __mwEarly: { [url]: Promise.resolve(new Response('early')) } };
    expect(await (await fetchEarlyFirst(scope)(url, { method: 'POST' })).text()).toBe('fresh');
    expect(await (await fetchEarlyFirst(scope)(url, { method: 'GET' })).text()).toBe('early');
  });

  it("rejects when the caller's signal aborts while the early request is still out", async () => {
    vi.stubGlobal('fetch', vi.fn());
    const scope = { __mwEarly: { [url]: new Promise<Response>(() => {}) } };
    const controller = new AbortController();
    const pending = fetchEarlyFirst(scope)(url, { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toThrow();
    const failed = Promise.reject(new TypeError('Failed to fetch'));
    failed.catch(() => {});
    await expect(fetchEarlyFirst({ __mwEarly: { [url]: failed } })(url, { signal: new AbortController().signal })).rejects.toThrow(
      'Failed to fetch',
    );
  });
});

describe('fetchWithin', () => {
  it('reads the early request instead of fetching, then fetches afresh', async () => {
    const fetch = vi.fn(async () => new Response('fresh'));
    vi.stubGlobal('fetch', fetch);
    const scope = { __mwEarly: { '/config.json': Promise.resolve(new Response('early', { status: 200 })) } };
    const first = await fetchWithin('/config.json', { cache: 'no-store' }, 1000, scope);
    expect(first.ok && first.text).toBe('early');
    expect(fetch).not.toHaveBeenCalled();
    const second = await fetchWithin('/config.json', { cache: 'no-store' }, 1000, scope);
    expect(second.ok && second.text).toBe('fresh');
    expect(fetch).toHaveBeenCalledWith('/config.json', expect.objectContaining({ cache: 'no-store' }));
  });

  it('reports an early request that failed as the fetch would have', async () => {
    const failed = Promise.reject(new TypeError('Failed to fetch'));
    failed.catch(() => {});
    const result = await fetchWithin('/remotes.json', {}, 1000, { __mwEarly: { '/remotes.json': failed } });
    expect(result).toEqual({ ok: false, timedOut: false, error: new TypeError('Failed to fetch') });
  });

  it('gives up on an early request that never answers within the limit', async () => {
    vi.useFakeTimers();
    const never = new Promise<Response>(() => {});
    const result = fetchWithin('/config.json', {}, 5000, { __mwEarly: { '/config.json': never } });
    await vi.advanceTimersByTimeAsync(5000);
    expect(await result).toMatchObject({ ok: false, timedOut: true });
  });

  it('gives up on a body that never ends within the limit', async () => {
    vi.useFakeTimers();
    const stalled = new Response(new ReadableStream({ start() {} }));
    const result = fetchWithin('/config.json', {}, 5000, { __mwEarly: { '/config.json': Promise.resolve(stalled) } });
    await vi.advanceTimersByTimeAsync(5000);
    expect(await result).toMatchObject({ ok: false, timedOut: true });
  });
});
