import { describe, expect, it } from 'vitest';
import { detailsModalValue, parseDetailsModal, withModal } from './modal-param';

describe('details modal URL (?m=)', () => {
  it('round-trips a title', () => {
    expect(detailsModalValue({ type: 'movie', tmdbId: '653' })).toBe('details-tmdb-movie-653');
    expect(parseDetailsModal('details-tmdb-tv-910001')).toEqual({ type: 'show', tmdbId: '910001' });
  });

  it('ignores other modals and junk', () => {
    expect(parseDetailsModal(null)).toBeNull();
    expect(parseDetailsModal('settings')).toBeNull();
    expect(parseDetailsModal('details-nope')).toBeNull();
  });

  it('keeps the other query parameters', () => {
    expect(withModal('?r=x', 'details-tmdb-movie-1')).toBe('?r=x&m=details-tmdb-movie-1');
    expect(withModal('?r=x&m=details-tmdb-movie-1', null)).toBe('?r=x');
    expect(withModal('?m=a', null)).toBe('');
  });
});
