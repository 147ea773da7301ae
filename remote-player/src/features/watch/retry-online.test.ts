// @vitest-environment jsdom
import { renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useRetryWhenOnline } from './retry-online';

describe('useRetryWhenOnline', () => {
  it('tries again when the connection comes back, while waiting', () => {
    const retry = vi.fn();
    const { rerender } = renderHook(({ waiting }) => useRetryWhenOnline(waiting, retry), { initialProps: { waiting: true } });
    window.dispatchEvent(new Event('online'));
    expect(retry).toHaveBeenCalledTimes(1);
    rerender({ waiting: false });
    window.dispatchEvent(new Event('online'));
    expect(retry, 'a page that loaded does not load again').toHaveBeenCalledTimes(1);
  });
});
