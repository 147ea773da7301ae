// @vitest-environment jsdom
import { act, renderHook, waitFor } from '@testing-library/react';
import type { MediaCard } from 'shared-contracts';
import { describe, expect, it, vi } from 'vitest';
import { prefetchRow, useRow } from './use-row';

const card = (tmdbId: string): MediaCard => ({ tmdbId, type: 'movie', title: `Film ${tmdbId}`, year: 2001, releaseDate: '2001-01-01' });

describe('prefetchRow', () => {
  it("starts a row's request that the row then shares: one request", async () => {
    const load = vi.fn(async () => [card('1'), card('2')]);
    prefetchRow('prefetched', load);
    prefetchRow('prefetched', load);
    const rowLoad = vi.fn(async () => [card('3')]);
    const { result } = renderHook(() => useRow('prefetched', true, rowLoad));
    await waitFor(() => expect(result.current).toEqual({ status: 'ready', items: [card('1'), card('2')] }));
    expect(load).toHaveBeenCalledTimes(1);
    expect(rowLoad).not.toHaveBeenCalled();
  });

  it('leaves a failed early request to the row, which asks again', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    prefetchRow('failed-early', () => Promise.reject(new Error('catalog down')));
    await new Promise((resolve) => setTimeout(resolve, 0));
    const rowLoad = vi.fn(async () => [card('4')]);
    const { result } = renderHook(() => useRow('failed-early', true, rowLoad));
    await waitFor(() => expect(result.current).toEqual({ status: 'ready', items: [card('4')] }));
    expect(rowLoad).toHaveBeenCalledTimes(1);
    error.mockRestore();
  });
});

describe('useRow', () => {
  it('a row active from its first render renders once until its answer (no second render for the same state)', async () => {
    let answer = (_: MediaCard[]) => {};
    const load = () => new Promise<MediaCard[]>((resolve) => (answer = resolve));
    let renders = 0;
    const { result } = renderHook(() => {
      renders += 1;
      return useRow('renders-once', true, load);
    });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(result.current).toEqual({ status: 'loading' });
    expect(renders, 'no second render for the same loading state').toBe(1);
    answer([card('5')]);
    await waitFor(() => expect(result.current).toEqual({ status: 'ready', items: [card('5')] }));
  });
});

describe('useRow offline', () => {
  it('a row that failed offline says so, and asks again once the connection is back', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const load = vi
      .fn()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce([card('6')]);
    const { result } = renderHook(() => useRow('offline-row', true, load));
    await waitFor(() => expect(result.current).toEqual({ status: 'failed', offline: true }));
    onLine.mockReturnValue(true);
    act(() => void window.dispatchEvent(new Event('online')));
    await waitFor(() => expect(result.current).toEqual({ status: 'ready', items: [card('6')] }));
    expect(load).toHaveBeenCalledTimes(2);
    onLine.mockRestore();
    error.mockRestore();
  });

  it('a row that failed online says the list could not be loaded', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { result } = renderHook(() => useRow('online-failure', true, () => Promise.reject(new Error('catalog down'))));
    await waitFor(() => expect(result.current).toEqual({ status: 'failed', offline: false }));
    error.mockRestore();
  });
});
