/**
 * Spec §7, §9: the IP-location look-up (the real geo stand-in over HTTP) picks the nearest region; when
 * the look-up fails the region stays as it was and the next start tries again; a picked region stays.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startServices, type RunningServices } from 'services/run';

type Module = typeof import('./region') & typeof import('./stores');

/** The browser's localStorage, in memory (Node has none). */
function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    key: (i) => [...items.keys()][i] ?? null,
    getItem: (k) => items.get(k) ?? null,
    setItem: (k, v) => void items.set(k, String(v)),
    removeItem: (k) => void items.delete(k),
    clear: () => items.clear(),
  };
}

let services: RunningServices | undefined;
const geo = async (env: Record<string, string>) => {
  services = await startServices({
    names: ['geo'],
    ports: { geo: 0 },
    env,
    dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'mw-geo-')),
    log: () => {},
  });
  return services.urls.geo!;
};
async function load(): Promise<Module> {
  vi.resetModules();
  const [region, stores] = await Promise.all([import('./region'), import('./stores')]);
  return { ...region, ...stores };
}

beforeEach(() => vi.stubGlobal('localStorage', memoryStorage()));
afterEach(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await services?.close();
  services = undefined;
});

describe('region check', () => {
  it('picks the region nearest to the IP location', async () => {
    const m = await load();
    await m.checkRegion(await geo({ GEO_LATITUDE: '48.8566', GEO_LONGITUDE: '2.3522', GEO_COUNTRY_CODE: 'FR' }));
    expect(m.regionStore).toMatchObject({ region: 'europe', userPicked: false });
    expect(m.regionStore.lastChecked).toEqual(expect.any(Number));
  });

  it('keeps the region it had when the location service fails, and tries again at the next start', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const m = await load();
    await m.checkRegion(await geo({ GEO_FAIL: '1' }));
    expect(m.regionStore).toMatchObject({ region: null, lastChecked: null });
    expect(warn).toHaveBeenCalled();
    const later = Date.now() + 1000;
    m.actions.setRegion('asia', { userPicked: false });
    m.regionStore.lastChecked = later - 31 * 24 * 3600 * 1000; // due for a recheck
    await m.checkRegion(services!.urls.geo!, later);
    expect(m.regionStore.region).toBe('asia');
  });

  it('leaves a region the user picked alone', async () => {
    const m = await load();
    m.actions.setRegion('south', { userPicked: true });
    await m.checkRegion(await geo({}));
    expect(m.regionStore).toMatchObject({ region: 'south', userPicked: true });
  });
});
