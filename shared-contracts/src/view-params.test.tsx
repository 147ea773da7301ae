// @vitest-environment jsdom
import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { parseViewParams, useViewParams, type ViewParams } from './view-params';

describe('parseViewParams', () => {
  it.each<[string, ViewParams]>([
    ['?theme=teal&language=ar', { theme: 'teal', language: 'ar' }],
    ['theme=teal&language=ar', { theme: 'teal', language: 'ar' }],
    ['?theme=default', { theme: 'default', language: null }],
    ['?language=pt-BR&back=%2Fdiscover', { theme: null, language: 'pt-BR' }],
    ['', { theme: null, language: null }],
    ['?theme=&language=', { theme: null, language: null }],
    ['?theme=neon&language=xx', { theme: null, language: null }],
    ['?theme=TEAL&language=AR', { theme: null, language: null }],
    ['?theme=red&theme=blue', { theme: 'red', language: null }],
  ])('%s', (search, expected) => expect(parseViewParams(search)).toEqual(expected));
});

describe('useViewParams', () => {
  it('shows the parsed parameters while mounted, again when they change, and the saved ones after', () => {
    const calls: unknown[] = [];
    const actions = { showForView: (view: unknown) => void calls.push(view) };
    const { result, rerender, unmount } = renderHook(({ search }) => useViewParams(search, actions), {
      initialProps: { search: '?theme=teal&language=xx' },
    });
    expect(result.current).toEqual({ theme: 'teal', language: null });
    expect(calls).toEqual([{ theme: 'teal', language: null }]);
    rerender({ search: '?language=ar' });
    expect(calls.at(-1)).toEqual({ theme: null, language: 'ar' });
    unmount();
    expect(calls.at(-1)).toBeNull();
  });

  it('does nothing with a host that cannot show view parameters', () => {
    const { result } = renderHook(() => useViewParams('?theme=red', {}));
    expect(result.current).toEqual({ theme: 'red', language: null });
  });
});
