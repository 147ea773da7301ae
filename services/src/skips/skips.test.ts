import { afterEach, describe, expect, it } from 'vitest';
import { SHOWS } from '../catalog/data';
import type { RunningService } from '../types';
import { introSkipSeconds, start } from './index';

let service: RunningService | undefined;
afterEach(async () => {
  await service?.close();
  service = undefined;
});
const boot = async (env: Record<string, string> = {}) => {
  service = await start({ port: 0, host: 'localhost', dataDir: '', urls: {}, log: () => {}, env });
  return service;
};
const show = SHOWS[0]!;

describe('skips', () => {
  it('answers the intro skip time of known episodes as digits followed by s', async () => {
    const s = await boot();
    const res = await fetch(`${s.url}/${show.imdbId}/1/1`);
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    const body = (await res.json()) as { introSkipTime: string };
    expect(body.introSkipTime).toMatch(/^\d+s$/);
    expect(body.introSkipTime).toBe(`${introSkipSeconds(show.imdbId, 1, 1)}s`);
  });

  it('answers 404 for unknown shows, episodes and episodes without a known intro', async () => {
    const s = await boot();
    for (const path of ['/tt0000000/1/1', `/${show.imdbId}/1/99`, `/${show.imdbId}/1/4`, '/not-an-id/1/1'])
      expect((await fetch(`${s.url}${path}`)).status, path).toBe(404);
  });

  it('fails a given number of times on request (for the retry rule)', async () => {
    const s = await boot();
    const control = await fetch(`${s.url}/__control/fail?times=2`, { method: 'POST' });
    expect(await control.json()).toEqual({ failuresLeft: 2 });
    const statuses = [];
    for (let i = 0; i < 3; i += 1) statuses.push((await fetch(`${s.url}/${show.imdbId}/1/1`)).status);
    expect(statuses).toEqual([500, 500, 200]);
    expect((await fetch(`${s.url}/__control/fail?times=-1`, { method: 'POST' })).status).toBe(400);
  });

  it('fails from the start when SKIPS_FAIL_TIMES is set', async () => {
    const s = await boot({ SKIPS_FAIL_TIMES: '1' });
    expect((await fetch(`${s.url}/${show.imdbId}/1/1`)).status).toBe(500);
    expect((await fetch(`${s.url}/${show.imdbId}/1/1`)).status).toBe(200);
  });
});
