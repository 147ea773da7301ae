import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServices, type RunningServices } from '../run';

let services: RunningServices;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mw-archive-'));
let base: string;

beforeAll(async () => {
  services = await startServices({ names: ['media', 'archive'], ports: { media: 0, archive: 0 }, dataDir, log: () => undefined, env: {} });
  base = services.urls.archive!;
});
afterAll(async () => {
  await services?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const search = async (q: string, extra = '') =>
  (await fetch(`${base}/advancedsearch.php?q=${encodeURIComponent(q)}&fl[]=identifier&fl[]=year&rows=50&output=json${extra}`)).json();

describe('archive stand-in', () => {
  it.each([
    ['title:("Nosferatu") AND mediatype:(movies)', ['Nosferatu_1922', 'Nosferatu_1979_lecture']],
    ['title:(nosferatu) AND year:(1922)', ['Nosferatu_1922']],
    ['title:("The General")', ['The_General_1926']],
    ['title:("Not A Film")', []],
    ['title:(metropolis) AND mediatype:(texts)', []],
  ])('search %s', async (q, ids) => {
    const answer = await search(q);
    expect(answer.response.docs.map((d: { identifier: string }) => d.identifier)).toEqual(ids);
    expect(answer.response.numFound).toBe(ids.length);
    for (const doc of answer.response.docs) expect(Object.keys(doc).sort()).toEqual(['identifier', 'year']);
  });

  it('metadata lists the files; unknown identifiers answer {}', async () => {
    const meta = await (await fetch(`${base}/metadata/Nosferatu_1922`)).json();
    expect(meta.metadata).toMatchObject({ identifier: 'Nosferatu_1922', title: 'Nosferatu', year: '1922', mediatype: 'movies' });
    expect(meta.files.filter((f: { name: string }) => f.name.endsWith('.mp4'))).toHaveLength(2);
    expect(await (await fetch(`${base}/metadata/nope`)).json()).toEqual({});
  });

  it('downloads redirect to the media library MP4', async () => {
    const answer = await fetch(`${base}/download/Nosferatu_1922/Nosferatu_1922.mp4`, { redirect: 'manual' });
    expect(answer.status).toBe(302);
    expect(answer.headers.get('location')).toBe(`${services.urls.media}/clips/meadow/mp4/720.mp4`);
    expect((await fetch(`${base}/download/Nosferatu_1922/other.mp4`, { redirect: 'manual' })).status).toBe(404);
  });
});
