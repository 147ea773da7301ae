// @vitest-environment jsdom
/** Removals on Home wait for their Undo window before they reach the host (and so the sync queue). */
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { UNDO_MS, usePendingRemovals } from './list-editing';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('usePendingRemovals', () => {
  it('hides at once, commits after the undo window', () => {
    const commit = vi.fn();
    const { result } = renderHook(() => usePendingRemovals(commit));
    act(() => result.current.remove({ tmdbId: '653', title: 'Nosferatu' }));
    expect([...result.current.hidden]).toEqual(['653']);
    expect(result.current.last?.title).toBe('Nosferatu');
    act(() => {
      vi.advanceTimersByTime(UNDO_MS - 1);
    });
    expect(commit).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(commit).toHaveBeenCalledExactlyOnceWith('653');
    expect(result.current.hidden.size).toBe(0);
    expect(result.current.last).toBeNull();
  });

  it('Undo cancels: nothing is written', () => {
    const commit = vi.fn();
    const { result } = renderHook(() => usePendingRemovals(commit));
    act(() => result.current.remove({ tmdbId: '653', title: 'Nosferatu' }));
    act(() => result.current.undo());
    act(() => {
      vi.advanceTimersByTime(UNDO_MS * 2);
    });
    expect(commit).not.toHaveBeenCalled();
    expect(result.current.hidden.size).toBe(0);
  });

  it('a newer removal makes the previous one final; leaving the page commits what is pending', () => {
    const commit = vi.fn();
    const { result, unmount } = renderHook(() => usePendingRemovals(commit));
    act(() => result.current.remove({ tmdbId: '1', title: 'One' }));
    act(() => result.current.remove({ tmdbId: '2', title: 'Two' }));
    expect(commit.mock.calls).toEqual([['1']]);
    expect(result.current.last?.title).toBe('Two');
    unmount();
    expect(commit.mock.calls).toEqual([['1'], ['2']]);
  });

  it('closing the tab (pagehide) commits what is pending', () => {
    const commit = vi.fn();
    const { result } = renderHook(() => usePendingRemovals(commit));
    act(() => result.current.remove({ tmdbId: '7', title: 'Seven' }));
    act(() => void window.dispatchEvent(new Event('pagehide')));
    expect(commit).toHaveBeenCalledExactlyOnceWith('7');
  });
});
