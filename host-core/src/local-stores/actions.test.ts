import { describe, expect, it } from 'vitest';
import type { Account } from 'shared-contracts';
import { createActions } from './actions';
import { createStores } from './stores';
import { memoryStorage } from '../testing/memory-storage';

const account: Account = {
  token: 't',
  userId: 'u',
  sessionId: 's',
  deviceName: 'encrypted',
  profile: { colorA: '#000000', colorB: '#ffffff', icon: 'user' },
  seed: 'seed',
};

describe('clearAccountData (logout)', () => {
  it('clears the account, bookmarks, progress and the febbox token, and keeps other preferences', () => {
    const stores = createStores(memoryStorage());
    const actions = createActions(stores);
    actions.setAccount(account);
    actions.setPreferences({ febboxKey: 'secret-token', enableThumbnails: true, mediaServerUrl: 'http://jf.example' });
    actions.addBookmark({ tmdbId: '1', type: 'movie', title: 'Film', year: 1950 });
    expect(stores.bookmarks.updateQueue).toHaveLength(1);

    actions.clearAccountData();

    expect(stores.auth.account).toBeNull();
    expect(stores.bookmarks.bookmarks).toEqual({});
    expect(stores.bookmarks.updateQueue).toEqual([]);
    expect(stores.progress.items).toEqual({});
    expect(stores.preferences.febboxKey).toBe('');
    expect(stores.preferences.enableThumbnails).toBe(true);
    expect(stores.preferences.mediaServerUrl).toBe('http://jf.example');
  });
});

describe('watch progress is queued for the account (progress syncs)', () => {
  const film = { tmdbId: '234', type: 'movie' as const, title: 'Caligari', year: 1920, poster: '/c.jpg' };
  const show = { tmdbId: '1399', type: 'show' as const, title: 'A Show', year: 2011 };
  const episode = { season: { id: 's1', number: 1, title: 'Season 1' }, episode: { id: 'e3', number: 3, title: 'Third' } };

  it('signed in: a movie, an episode and a removal each enqueue their change, with when it was made', () => {
    const stores = createStores(memoryStorage());
    const actions = createActions(stores);
    actions.setAccount(account);

    actions.updateProgress(film, { watched: 600, duration: 4500 });
    actions.updateProgress(show, { watched: 30, duration: 1800 }, episode);
    actions.removeProgress('234');

    const queue = stores.progress.updateQueue;
    expect(queue).toHaveLength(3);
    expect(queue[0]).toMatchObject({
      action: 'upsert',
      tmdbId: '234',
      type: 'movie',
      title: 'Caligari',
      year: 1920,
      poster: '/c.jpg',
      progress: { watched: 600, duration: 4500 },
    });
    expect(queue[0]).not.toHaveProperty('episodeId');
    expect(queue[1]).toMatchObject({
      action: 'upsert',
      tmdbId: '1399',
      type: 'show',
      progress: { watched: 30, duration: 1800 },
      seasonId: 's1',
      episodeId: 'e3',
      seasonNumber: 1,
      episodeNumber: 3,
    });
    expect(queue[2]).toMatchObject({ action: 'delete', tmdbId: '234' });
    for (const entry of queue) {
      expect(typeof entry.id).toBe('string');
      expect(entry.updatedAt).toEqual(expect.any(Number));
    }
    expect(new Set(queue.map((e) => e.id)).size).toBe(3);
    // The queue entry carries the same edit time as the item it changed (the newer change wins by it).
    expect(queue[1]!.updatedAt).toBe(stores.progress.items['1399']!.episodes['e3']!.updatedAt);
  });

  it('signed out: progress is kept locally and nothing is queued', () => {
    const stores = createStores(memoryStorage());
    const actions = createActions(stores);
    actions.updateProgress(film, { watched: 600, duration: 4500 });
    actions.removeProgress('234');
    actions.updateProgress(film, { watched: 700, duration: 4500 });
    expect(stores.progress.items['234']!.progress).toEqual({ watched: 700, duration: 4500 });
    expect(stores.progress.updateQueue).toEqual([]);
  });
});

describe('the saved theme', () => {
  it("spells the default theme 'default', in the store and in what the account syncs", () => {
    const stores = createStores(memoryStorage());
    const actions = createActions(stores);
    expect(stores.theme.theme).toBe('default');
    expect(actions.readAccountState().settings.applicationTheme).toBe('default');
    actions.setTheme('teal');
    expect(actions.readAccountState().settings.applicationTheme).toBe('teal');
    // Older remotes ask for the default theme as null; an unknown name is the default too.
    actions.setTheme(null);
    expect(stores.theme.theme).toBe('default');
    actions.setTheme('neon' as never);
    expect(stores.theme.theme).toBe('default');
  });
});

describe("a page view's theme and language (a watch link's ?theme= and ?language=)", () => {
  it('show without being saved; unknown values are ignored; a choice of the person clears them', () => {
    const stores = createStores(memoryStorage());
    const actions = createActions(stores);
    actions.setLanguage('de');
    const saved = { theme: stores.theme.theme, language: stores.language.language };

    actions.showForView({ theme: 'red', language: 'ar' });
    expect({ ...stores.pageView }).toEqual({ theme: 'red', language: 'ar' });
    expect({ theme: stores.theme.theme, language: stores.language.language }).toEqual(saved);

    actions.showForView({ theme: 'neon', language: 'xx' });
    expect({ ...stores.pageView }).toEqual({ theme: null, language: null });

    actions.showForView({ theme: 'red', language: 'ar' });
    actions.setLanguage('fr');
    expect(stores.pageView.language).toBeNull();
    expect(stores.pageView.theme).toBe('red');
    actions.setTheme('blue');
    expect(stores.pageView.theme).toBeNull();

    actions.showForView({ theme: 'red', language: 'ar' });
    actions.showForView(null);
    expect({ ...stores.pageView }).toEqual({ theme: null, language: null });
  });
});
