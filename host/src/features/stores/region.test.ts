/**
 * docs/behaviour.md#local-data-region: the IP-location look-up (the real geo stand-in over HTTP) picks the nearest region; when
 * the look-up fails the region stays as it was and the next start tries again; a picked region stays.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startServices, type RunningServices } from 'services/run';
import { memoryStorage } from 'host-core/testing';

type Module = typeof import('./region') & typeof import('./stores');

/** The browser's localStorage, in memory (Node has none). */

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

describe('the location in an answer', () => {
  it('reads ipapi.co\'s latitude/longitude and ipinfo.io\'s "lat,lon"', async () => {
    const { locationOf } = await load();
    expect(locationOf({ latitude: 48.85, longitude: 2.35 })).toEqual({ latitude: 48.85, longitude: 2.35 });
    expect(locationOf({ loc: '35.6762,139.6503' })).toEqual({ latitude: 35.6762, longitude: 139.6503 });
  });

  it('refuses answers without a usable location', async () => {
    const { locationOf } = await load();
    for (const body of [null, 'x', {}, { latitude: '1', longitude: 2 }, { loc: 'a,b' }, { loc: '95,10' }, { loc: '10' }, { error: true }]) {
      expect(locationOf(body), JSON.stringify(body)).toBeNull();
    }
  });
});

describe('region check', () => {
  it('picks the region nearest to the IP location', async () => {
    const m = await load();
    await m.checkRegion(await geo({ GEO_LATITUDE: '48.8566', GEO_LONGITUDE: '2.3522', GEO_COUNTRY_CODE: 'FR' }));
    expect(m.regionStore).toMatchObject({ region: 'europe', userPicked: false });
    expect(m.regionStore.lastChecked).toEqual(expect.any(Number));
  });

  it("asks the fallback look-up (ipinfo.io's protocol) when the first one fails", async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const m = await load();
    const url = await geo({ GEO_FAIL: 'ipapi', GEO_LATITUDE: '35.6762', GEO_LONGITUDE: '139.6503', GEO_COUNTRY_CODE: 'JP' });
    await m.checkRegion(url, Date.now(), `${url}/ipinfo`);
    expect(m.regionStore).toMatchObject({ region: 'asia', userPicked: false });
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('keeps the region it had when both look-ups fail, and tries again at the next start', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const m = await load();
    const url = await geo({ GEO_FAIL: '1' });
    await m.checkRegion(url, Date.now(), `${url}/ipinfo`);
    expect(warn).toHaveBeenCalledTimes(2);
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
