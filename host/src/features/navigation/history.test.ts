// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { backAwareNavigate, isPreviousEntry, recordEntry } from './history';

const at = (idx: number, path: string) => {
  window.history.replaceState({ idx }, '', path);
  recordEntry(path);
};

describe('back-aware navigation', () => {
  it('a push to the previous entry goes Back; anything else navigates', () => {
    at(0, '/');
    at(1, '/browse/Nosferatu');
    at(2, '/media/tmdb-movie-653-nosferatu?back=%2Fbrowse%2FNosferatu');
    expect(isPreviousEntry('/browse/Nosferatu')).toBe(true);
    const navigate = vi.fn();
    const go = backAwareNavigate(navigate);
    go('/browse/Nosferatu');
    expect(navigate).toHaveBeenLastCalledWith(-1);
    go('/');
    expect(navigate).toHaveBeenLastCalledWith('/', { replace: undefined });
    go('/browse/Nosferatu', { replace: true });
    expect(navigate).toHaveBeenLastCalledWith('/browse/Nosferatu', { replace: true });
  });

  it('an entry overwritten by a later push is not mistaken for the previous one', () => {
    at(0, '/');
    at(1, '/browse/a');
    at(2, '/media/x');
    at(1, '/discover'); // Back, then a new page at index 1
    at(2, '/media/y');
    expect(isPreviousEntry('/browse/a')).toBe(false);
    expect(isPreviousEntry('/discover')).toBe(true);
  });
});
