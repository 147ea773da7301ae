import { afterEach, describe, expect, it } from 'vitest';
import type { RunningService } from '../types';
import { DEFAULT_LOCATION, start } from './index';

let service: RunningService | undefined;
afterEach(async () => {
  await service?.close();
  service = undefined;
});
const boot = async (env: Record<string, string> = {}) => {
  service = await start({ port: 0, host: 'localhost', dataDir: '', urls: {}, log: () => {}, env });
  return service;
};

describe('geo', () => {
  it('answers like ipapi.co /json/ with the default location and CORS', async () => {
    const s = await boot();
    const res = await fetch(`${s.url}/json/`);
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toEqual(DEFAULT_LOCATION);
    expect(typeof body.latitude).toBe('number');
    expect(typeof body.longitude).toBe('number');
  });

  it('takes its location from the environment', async () => {
    const s = await boot({ GEO_LATITUDE: '48.8566', GEO_LONGITUDE: '2.3522', GEO_COUNTRY_CODE: 'FR', GEO_CITY: 'Paris' });
    const body = (await (await fetch(`${s.url}/json/`)).json()) as Record<string, unknown>;
    expect(body).toMatchObject({ latitude: 48.8566, longitude: 2.3522, country_code: 'FR', city: 'Paris' });
  });

  it('answers like ipinfo.io /json under /ipinfo, the same location as "lat,lon"', async () => {
    const s = await boot({ GEO_LATITUDE: '48.8566', GEO_LONGITUDE: '2.3522', GEO_COUNTRY_CODE: 'FR', GEO_CITY: 'Paris' });
    const res = await fetch(`${s.url}/ipinfo/json`);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(await res.json()).toEqual({
      ip: '127.0.0.1',
      city: 'Paris',
      region: 'Paris',
      country: 'FR',
      loc: '48.8566,2.3522',
      timezone: 'America/New_York',
    });
  });

  it('can be told to fail: both look-ups, or one', async () => {
    const all = await boot({ GEO_FAIL: '1' });
    expect((await fetch(`${all.url}/json/`)).status).toBe(500);
    expect((await fetch(`${all.url}/ipinfo/json`)).status).toBe(500);
    await all.close();
    const first = await boot({ GEO_FAIL: 'ipapi' });
    expect((await fetch(`${first.url}/json/`)).status).toBe(500);
    expect((await fetch(`${first.url}/ipinfo/json`)).status).toBe(200);
  });
});
