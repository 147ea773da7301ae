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

  it('can be told to fail', async () => {
    const s = await boot({ GEO_FAIL: '1' });
    expect((await fetch(`${s.url}/json/`)).status).toBe(500);
  });
});
