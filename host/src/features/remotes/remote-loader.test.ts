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

const { configureRemotes, forgetRemote, preloadRemotePage } = await import('./remote-loader');

const registry = Object.fromEntries(
  REMOTE_NAMES.map((name) => [name, { name, manifestUrl: `http://localhost/${name}/mf-manifest.json`, overridden: false }]),
) as Registry;
const catalog = {} as CatalogApi;

function fakeApp(prefetch: RemoteApp['prefetch']) {
  const page = vi.fn(async () => ({ default: () => null }));
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
