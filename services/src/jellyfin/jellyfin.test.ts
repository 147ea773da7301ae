import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServices, type RunningServices } from '../run';
import { LOCAL_JELLYFIN_API_KEY, USER_ID, itemId } from './index';

let services: RunningServices;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mw-jellyfin-'));
let base: string;
const key = { 'X-Emby-Token': LOCAL_JELLYFIN_API_KEY };

beforeAll(async () => {
  services = await startServices({ names: ['jellyfin'], ports: { jellyfin: 0 }, dataDir, log: () => undefined, env: {} });
  base = services.urls.jellyfin!;
});
afterAll(async () => {
  await services?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('jellyfin stand-in', () => {
  it('public info needs no key; everything else does, in any of the Jellyfin forms', async () => {
    expect(await (await fetch(`${base}/System/Info/Public`)).json()).toMatchObject({ ProductName: 'Jellyfin Server' });
    expect((await fetch(`${base}/Items?Recursive=true`)).status).toBe(401);
    expect((await fetch(`${base}/Items?Recursive=true`, { headers: key })).status).toBe(200);
    expect((await fetch(`${base}/Items?Recursive=true&api_key=${LOCAL_JELLYFIN_API_KEY}`)).status).toBe(200);
    expect(
      (
        await fetch(`${base}/Items?Recursive=true`, {
          headers: { Authorization: `MediaBrowser Client="x", Token="${LOCAL_JELLYFIN_API_KEY}"` },
        })
      ).status,
    ).toBe(200);
  });

  it('finds items by provider id, by HasTmdbId and under a user', async () => {
    const byTmdb = await (
      await fetch(`${base}/Items?Recursive=true&IncludeItemTypes=Movie&AnyProviderIdEquals=tmdb.653`, { headers: key })
    ).json();
    expect(byTmdb).toMatchObject({
      TotalRecordCount: 1,
      Items: [{ Id: itemId('movie-653'), Name: 'Nosferatu', Type: 'Movie', ProviderIds: { Tmdb: '653', Imdb: 'tt0013442' } }],
    });
    const byImdb = await (
      await fetch(`${base}/Users/${USER_ID}/Items?Recursive=true&AnyProviderIdEquals=imdb.tt0013442`, { headers: key })
    ).json();
    expect(byImdb.Items).toHaveLength(1);
    const all = await (await fetch(`${base}/Items?Recursive=true&IncludeItemTypes=Series&HasTmdbId=true`, { headers: key })).json();
    expect(all.TotalRecordCount).toBe(2);
    expect((await fetch(`${base}/Users/someone-else/Items?Recursive=true`, { headers: key })).status).toBe(404);
  });

  it('serves HLS whose every URI carries the key', async () => {
    const master = await (await fetch(`${base}/Videos/${itemId('movie-653')}/master.m3u8?api_key=${LOCAL_JELLYFIN_API_KEY}`)).text();
    expect(master.startsWith('#EXTM3U')).toBe(true);
    expect(master).toContain(`v240/index.m3u8?api_key=${LOCAL_JELLYFIN_API_KEY}`);
    expect(master).toContain(`URI="a-en/index.m3u8?api_key=${LOCAL_JELLYFIN_API_KEY}"`);
    const variant = await (await fetch(`${base}/Videos/${itemId('movie-653')}/v240/index.m3u8?api_key=${LOCAL_JELLYFIN_API_KEY}`)).text();
    const segment = variant.split('\n').find((l) => l && !l.startsWith('#'))!;
    const bytes = new Uint8Array(await (await fetch(`${base}/Videos/${itemId('movie-653')}/v240/${segment}`)).arrayBuffer());
    expect(bytes[0]).toBe(0x47);
    expect((await fetch(`${base}/Videos/${itemId('movie-653')}/master.m3u8`)).status).toBe(401);
    expect(
      (await fetch(`${base}/Videos/${itemId('movie-653')}/../../secret?api_key=${LOCAL_JELLYFIN_API_KEY}`)).status,
    ).toBeGreaterThanOrEqual(400);
  });
});
