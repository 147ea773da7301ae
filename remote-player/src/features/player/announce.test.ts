import { describe, expect, it } from 'vitest';
import { announcement, type AnnounceInput } from './announce';

const base: AnnounceInput = {
  status: 'scraping',
  progress: { current: null, sources: {} },
  hasPlayedOnce: false,
  ended: false,
  episode: false,
};
const source = (status: 'pending' | 'success') => ({ id: 'local', name: 'Local library', status, percentage: 0, children: [] });

describe('what the live region says', () => {
  it.each([
    ['the search for a stream starts', base, { key: 'scraping.title' }],
    [
      'a source is checked',
      { ...base, progress: { current: 'local', sources: { local: source('pending') } } },
      { key: 'announce.checking', values: { source: '\u2068Local library\u2069' } },
    ],
    ['a stream is found, not yet played', { ...base, status: 'playing' }, { key: 'announce.ready' }],
    ['it plays', { ...base, status: 'playing', hasPlayedOnce: true }, null],
    ['a movie ended', { ...base, status: 'playing', hasPlayedOnce: true, ended: true }, { key: 'ended.movie' }],
    ['an episode ended', { ...base, status: 'playing', hasPlayedOnce: true, ended: true, episode: true }, { key: 'ended.episode' }],
    ['nothing found (the screen is an alert)', { ...base, status: 'scrapeNotFound' }, null],
  ] as const)('%s', (_name, input, expected) => expect(announcement(input as AnnounceInput)).toEqual(expected));
});
