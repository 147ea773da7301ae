import { describe, expect, it } from 'vitest';
import { readPersisted, restore, serialize, type StorageLike } from '../persist/persisted';
import * as v from 'valibot';
import {
  ALL_DEFINITIONS,
  bookmarksDefinition,
  preferencesDefinition,
  progressDefinition,
  subtitlesDefinition,
  themeDefinition,
  volumeDefinition,
} from './definitions';

function memory(initial: Record<string, string> = {}): StorageLike & { data: Record<string, string> } {
  const data = { ...initial };
  return { data, getItem: (k) => data[k] ?? null, setItem: (k, val) => void (data[k] = val), removeItem: (k) => void delete data[k] };
}

/** What the described product (movie-web 4.x, zustand persist) leaves in localStorage. */
const LEGACY_BOOKMARKS = JSON.stringify({
  state: {
    bookmarks: {
      '603': {
        title: 'The Matrix',
        year: 1999,
        poster: 'https://image.tmdb.org/t/p/w342/f89U3ADr1oiB1s9GkdPOEpXUk5H.jpg',
        type: 'movie',
        updatedAt: 1716000000000,
      },
      '1399': { title: 'Game of Thrones', year: 2011, type: 'show', updatedAt: 1716000001000 },
    },
  },
  version: 0,
});

const LEGACY_PROGRESS = JSON.stringify({
  state: {
    items: {
      '1399': {
        title: 'Game of Thrones',
        year: 2011,
        poster: 'https://image.tmdb.org/t/p/w342/x.jpg',
        type: 'show',
        updatedAt: 1716000002000,
        seasons: { '3624': { id: '3624', number: 1, title: 'Season 1' } },
        episodes: {
          '63056': {
            id: '63056',
            number: 1,
            title: 'Winter Is Coming',
            seasonId: '3624',
            updatedAt: 1716000002000,
            progress: { watched: '1200.5', duration: '3600' },
          },
        },
      },
      '603': {
        title: 'The Matrix',
        year: 1999,
        type: 'movie',
        updatedAt: 1716000003000,
        progress: { watched: 300, duration: 8160 },
        seasons: {},
        episodes: {},
      },
    },
    updateQueue: [],
  },
  version: 0,
});

describe('store definitions', () => {
  it.each([
    ['a fresh device', null],
    ['a stored value that predates the fields', '{"state":{"styling":{}},"version":1}'],
  ])('%s: thumbnails off, details modal off, captions white on a background of opacity 0', (_case, stored) => {
    const storage = memory(stored === null ? {} : { '__MW::preferences': stored, '__MW::subtitles': stored });
    const preferences = readPersisted(preferencesDefinition, storage);
    expect(preferences.source).toBe(stored === null ? 'default' : 'stored');
    expect(preferences.state).toMatchObject({ enableThumbnails: false, enableDetailsModal: false });
    const subtitles = readPersisted(subtitlesDefinition, storage);
    expect(subtitles.source).toBe(stored === null ? 'default' : 'stored');
    expect(subtitles.state.styling).toMatchObject({ color: '#ffffff', backgroundOpacity: 0 });
  });

  it.each(ALL_DEFINITIONS.map((d) => [d.name, d] as const))('%s: defaults validate and round-trip', (_name, definition) => {
    const defaults = definition.defaults();
    expect(v.safeParse(definition.schema, defaults).success).toBe(true);
    expect(restore(definition as never, serialize(definition as never, defaults))).toEqual(defaults);
  });

  it("reads the described product's bookmarks (version 0)", () => {
    const state = restore(bookmarksDefinition, LEGACY_BOOKMARKS);
    expect(Object.keys(state.bookmarks)).toEqual(['603', '1399']);
    expect(state.bookmarks['603']).toMatchObject({ title: 'The Matrix', year: 1999, type: 'movie' });
    expect(state.updateQueue).toEqual([]);
  });

  it("reads the described product's progress, numbers given as strings included", () => {
    const state = restore(progressDefinition, LEGACY_PROGRESS);
    expect(state.items['1399']!.episodes['63056']!.progress).toEqual({ watched: 1200.5, duration: 3600 });
    expect(state.items['603']!.progress).toEqual({ watched: 300, duration: 8160 });
  });

  it('keeps an unreadable value under a backup key and uses (and stores) the defaults', () => {
    const unreadable = '{"state": {"bookmarks": {"1": {"type": "anime"}}}, "version": 1}';
    const storage = memory({ '__MW::bookmarks': unreadable });
    const now = new Date('2026-11-21T10:00:00.000Z');
    const result = readPersisted(bookmarksDefinition, storage, now);
    expect(result.source).toBe('recovered');
    expect(result.state).toEqual({ bookmarks: {}, updateQueue: [] });
    if (result.source === 'recovered') {
      expect(result.backupKey).toBe('__MW::bookmarks::backup::2026-11-21T10:00:00.000Z');
      expect(storage.data[result.backupKey!]).toBe(unreadable);
      expect(JSON.parse(storage.data['__MW::bookmarks']!)).toEqual({
        state: { bookmarks: {}, updateQueue: [] },
        version: bookmarksDefinition.version,
      });
      expect(result.problem).toMatch(/bookmarks\.1\.type/);
    }
  });

  it.each([
    ['not JSON', '{oops', /not JSON/],
    ['no envelope', '[1,2]', /not a \{state, version\}/],
    ['from a newer build', JSON.stringify({ state: {}, version: 9 }), /newer/],
  ])('%s → recovered with a reason', (_label, raw, reason) => {
    const storage = memory({ '__MW::progress': raw });
    const result = readPersisted(progressDefinition, storage);
    expect(result.source).toBe('recovered');
    if (result.source === 'recovered') expect(result.problem).toMatch(reason);
  });

  it('clamps stored subtitle values into their stored ranges and lower-cases colours', () => {
    const raw = JSON.stringify({
      state: { delay: 900, styling: { color: '#FFAA00', backgroundOpacity: 3, size: 0, backgroundBlur: -1 } },
      version: 1,
    });
    const state = restore(subtitlesDefinition, raw);
    expect(state.delay).toBe(500);
    expect(state.styling).toMatchObject({ color: '#ffaa00', backgroundOpacity: 1, size: 0.01, backgroundBlur: 0, bold: false });
  });

  it('clamps volume and forgets unknown themes', () => {
    expect(restore(volumeDefinition, JSON.stringify({ state: { volume: 7 }, version: 0 })).volume).toBe(1);
    expect(restore(themeDefinition, JSON.stringify({ state: { theme: 'neon' }, version: 0 })).theme).toBe('default');
    expect(restore(themeDefinition, JSON.stringify({ state: { theme: 'teal' }, version: 0 })).theme).toBe('teal');
  });

  it.each([
    ['null, as older builds stored the default theme', { theme: null }],
    ["'', as some clients sent it", { theme: '' }],
    ['no theme at all', {}],
    ["'default'", { theme: 'default' }],
  ])('reads a stored theme of %s as the default theme, spelled "default"', (_, state) => {
    expect(restore(themeDefinition, JSON.stringify({ state, version: 1 })).theme).toBe('default');
    expect(themeDefinition.defaults().theme).toBe('default');
  });
});
