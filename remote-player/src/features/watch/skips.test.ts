import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchIntroSkip } from './skips';

const answer = (status: number, body: unknown = {}) => new Response(JSON.stringify(body), { status });

describe('intro skip lookup', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks /{imdbId}/{season}/{episode} and reads "<digits>s"', async () => {
    const fetchMock = vi.fn(async () => answer(200, { introSkipTime: '8s' }));
    vi.stubGlobal('fetch', fetchMock);
    expect(await fetchIntroSkip('http://skips/', 'tt1', 1, 2)).toBe(8);
    expect(fetchMock).toHaveBeenCalledWith('http://skips/tt1/1/2', {});
  });

  it('retries up to 3 times on HTTP 500', async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(answer(500))
      .mockResolvedValueOnce(answer(500))
      .mockResolvedValueOnce(answer(500))
      .mockResolvedValueOnce(answer(200, { introSkipTime: '5s' }));
    vi.stubGlobal('fetch', fetchMock);
    expect(await fetchIntroSkip('http://skips', 'tt1', 1, 1)).toBe(5);
    expect(fetchMock).toHaveBeenCalledTimes(4);
  });

  it('gives up after the third retry, and on 404 or a bad value', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(500)),
    );
    expect(await fetchIntroSkip('http://skips', 'tt1', 1, 1)).toBeNull();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(404)),
    );
    expect(await fetchIntroSkip('http://skips', 'tt1', 1, 1)).toBeNull();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(200, { introSkipTime: '8 seconds' })),
    );
    expect(await fetchIntroSkip('http://skips', 'tt1', 1, 1)).toBeNull();
  });
});
