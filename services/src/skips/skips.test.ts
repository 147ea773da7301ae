import { afterEach, describe, expect, it } from 'vitest';
import { SHOWS } from '../catalog/data';
import type { RunningService } from '../types';
import { LONG_SHOW } from '../media/library';
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

  it("gives the long show's episodes intros of 45 s to 2 min, and the clips' shows intros inside 5-13 s", async () => {
    const s = await boot();
    const long = SHOWS.find((x) => x.id === LONG_SHOW.tmdbId)!;
    const times: number[] = [];
    for (const season of long.seasons.filter((x) => x.number > 0))
      for (const episode of season.episodes) {
        const res = await fetch(`${s.url}/${long.imdbId}/${season.number}/${episode.number}`);
        if (episode.number % 4 === 0) expect(res.status).toBe(404);
        else times.push(Number(((await res.json()) as { introSkipTime: string }).introSkipTime.slice(0, -1)));
      }
    expect(times.length).toBeGreaterThanOrEqual(3);
    for (const t of times) expect(t >= 45 && t <= 120, `${t}s`).toBe(true);
    expect(new Set(times).size).toBeGreaterThan(1);
    for (const other of SHOWS.filter((x) => x.id !== LONG_SHOW.tmdbId).slice(0, 12))
      for (const episode of [1, 2, 3]) {
        const t = introSkipSeconds(other.imdbId, 1, episode);
        if (t !== undefined) expect(t >= 5 && t <= 13, `${t}s`).toBe(true);
      }
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
