import { CONTRACTS_VERSION, REMOTE_NAMES, type CatalogApi, type RemoteApp } from 'shared-contracts';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Registry } from '../../core/remote-registry';

// The federation runtime (a library) stands in for loading a remote: it hands back the app module.
const loaded: { app: unknown } = vi.hoisted(() => ({ app: null }));
vi.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: vi.fn(async () => ({ default: loaded.app })),
  registerPlugins: vi.fn(),
  registerRemotes: vi.fn(),
}));

const { configureRemotes, forgetRemote, loadRemotePage, pageReady, preloadRemotePage, readyPage } = await import('./remote-loader');

const registry = Object.fromEntries(
  REMOTE_NAMES.map((name) => [name, { name, manifestUrl: `http://localhost/${name}/mf-manifest.json`, overridden: false }]),
) as Registry;
const catalog = {} as CatalogApi;

const HomeSection = () => null;

function fakeApp(prefetch: RemoteApp['prefetch']) {
  const page = vi.fn(async () => ({ default: HomeSection }));
  return {
    app: {
      name: 'discover',
      contractsVersion: CONTRACTS_VERSION,
      appVersion: '1',
      buildMarker: '',
      pages: { homeSection: page },
      prefetch,
    },
    page,
  };
}

beforeEach(() => {
  configureRemotes(registry, 1000);
  forgetRemote('discover');
});

describe('preloadRemotePage', () => {
  it("loads the page's chunk and translations and starts its first requests with the host's catalog", async () => {
    const prefetch = vi.fn();
    const { app, page } = fakeApp(prefetch);
    loaded.app = app;
    const loadTranslations = vi.fn(async () => {});
    await preloadRemotePage('discover', 'homeSection', { loadTranslations, services: { catalog } });
    expect(page).toHaveBeenCalledTimes(1);
    expect(loadTranslations).toHaveBeenCalledWith(app);
    expect(prefetch).toHaveBeenCalledWith('homeSection', { catalog });
  });

  it('goes on when a remote has no early requests, or its prefetch throws', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    loaded.app = fakeApp(undefined).app;
    await expect(
      preloadRemotePage('discover', 'homeSection', { loadTranslations: async () => {}, services: { catalog } }),
    ).resolves.toBeUndefined();
    forgetRemote('discover');
    const { app, page } = fakeApp(() => {
      throw new Error('boom');
    });
    loaded.app = app;
    await expect(
      preloadRemotePage('discover', 'homeSection', { loadTranslations: async () => {}, services: { catalog } }),
    ).resolves.toBeUndefined();
    expect(page).toHaveBeenCalledTimes(1);
    expect(error).toHaveBeenCalledWith(expect.stringContaining("could not start homeSection's requests early"), expect.any(Error));
    error.mockRestore();
  });
});

describe('readyPage', () => {
  it('hands out a preloaded page once its module and translations are in, so its slot renders it without suspending', async () => {
    loaded.app = fakeApp(undefined).app;
    let translationsIn = () => {};
    const translations = new Promise<void>((resolve) => (translationsIn = resolve));
    const preload = preloadRemotePage('discover', 'homeSection', { loadTranslations: () => translations, services: { catalog } });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(readyPage('discover', 'homeSection'), 'translations still loading').toBeUndefined();
    translationsIn();
    await preload;
    expect(readyPage('discover', 'homeSection')).toBe(HomeSection);
    expect(readyPage('discover', 'homeBookmarks'), 'another page').toBeUndefined();
  });

  it('counts a page whose translations failed as ready (its keys show untranslated), not one whose module failed', async () => {
    loaded.app = fakeApp(undefined).app;
    await preloadRemotePage('discover', 'homeSection', { loadTranslations: () => Promise.reject(new Error('404')), services: { catalog } });
    expect(readyPage('discover', 'homeSection')).toBe(HomeSection);
    forgetRemote('discover');
    const { app, page } = fakeApp(undefined);
    page.mockRejectedValueOnce(new Error('chunk failed'));
    loaded.app = app;
    await preloadRemotePage('discover', 'homeSection', { loadTranslations: async () => {}, services: { catalog } });
    expect(readyPage('discover', 'homeSection')).toBeUndefined();
  });

  it("forgets a remote's pages when the remote is forgotten before a retry", () => {
    pageReady('discover', 'homeSection', HomeSection);
    pageReady('player', 'watch', HomeSection);
    forgetRemote('discover');
    expect(readyPage('discover', 'homeSection')).toBeUndefined();
    expect(readyPage('player', 'watch')).toBe(HomeSection);
  });
});

describe("loadRemotePage (a slot's load)", () => {
  it('resolves with the page once its module and translations are in, and remembers it', async () => {
    loaded.app = fakeApp(undefined).app;
    await expect(loadRemotePage('discover', 'homeSection', () => Promise.reject(new Error('404')))).resolves.toBe(HomeSection);
    expect(readyPage('discover', 'homeSection')).toBe(HomeSection);
  });

  it('refuses a remote that has no such page as incompatible', async () => {
    loaded.app = fakeApp(undefined).app;
    await expect(loadRemotePage('discover', 'homeBookmarks', () => undefined)).rejects.toMatchObject({
      name: 'RemoteLoadError',
      kind: 'incompatible',
      message: 'discover has no page "homeBookmarks"',
    });
    expect(readyPage('discover', 'homeBookmarks')).toBeUndefined();
  });
});
