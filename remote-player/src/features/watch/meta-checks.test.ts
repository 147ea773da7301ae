/** The watch page's metadata checks against the real scraping server and catalog errors. */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CatalogError } from 'shared-contracts';
import type { ExtensionHello } from 'shared-contracts/extension';
import { startServices, type RunningServices } from 'services/run';
import { catalogErrorKind, extensionLacksPermission, scrapingServerAnswers, takenDown } from './meta-checks';

let services: RunningServices;
let oldServer: http.Server;
let oldUrl: string;

beforeAll(async () => {
  services = await startServices({
    names: ['scraper'],
    ports: { scraper: 0 },
    dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'mw-meta-')),
    log: () => {},
  });
  // A server from before /metadata: its providers are in its description at /.
  oldServer = http.createServer((req, res) => {
    if (req.url !== '/') return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ providers: [{ id: 'x', name: 'X', rank: 1, kind: 'source', mediaTypes: ['movie'] }] }));
  });
  await new Promise<void>((r) => oldServer.listen(0, 'localhost', r));
  oldUrl = `http://localhost:${(oldServer.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await services.close();
  await new Promise((r) => oldServer.close(r));
});

describe('takedown', () => {
  it.each([
    [['tmdb-movie-653'], { type: 'movie', tmdbId: '653' }, true],
    [['tmdb-movie-653-nosferatu'], { type: 'movie', tmdbId: '653' }, true],
    [['tmdb-tv-653'], { type: 'movie', tmdbId: '653' }, false],
    [['tmdb-tv-910001'], { type: 'show', tmdbId: '910001' }, true],
    [[], { type: 'movie', tmdbId: '653' }, false],
  ] as const)('%j names %j: %s', (ids, ref, expected) => expect(takenDown(ref, ids)).toBe(expected));
});

describe('the remote scraping server', () => {
  it('answers when it lists its providers at /metadata or, older, at /', async () => {
    expect(await scrapingServerAnswers([`api:${services.urls.scraper}`])).toBe(true);
    expect(await scrapingServerAnswers(['http://proxy.invalid', `api:${oldUrl}`])).toBe(true);
  });
  it('fails when it is down or lists nothing; no server is nothing to load', async () => {
    expect(await scrapingServerAnswers(['api:http://localhost:1'])).toBe(false);
    expect(await scrapingServerAnswers([`api:${services.urls.scraper}/scrape`])).toBe(false);
    expect(await scrapingServerAnswers(['http://proxy.invalid'])).toBe(true);
    expect(await scrapingServerAnswers([])).toBe(true);
  });
});

describe('the extension', () => {
  const hello = (answer: Partial<ExtensionHello> | null) => ({
    hello: () => Promise.resolve(answer && { success: true, version: '1.3.0', allowed: true, hasPermission: true, ...answer }),
  });
  it('lacks permission when allowed on this site without the permission; turned off here is left alone', async () => {
    expect(await extensionLacksPermission(hello({ hasPermission: false }))).toBe(true);
    expect(await extensionLacksPermission(hello({ allowed: false }))).toBe(false);
    expect(await extensionLacksPermission(hello({ allowed: false, hasPermission: false }))).toBe(false);
    expect(await extensionLacksPermission(hello({}))).toBe(false);
  });
  it('counts as absent when missing, outdated or broken', async () => {
    expect(await extensionLacksPermission(null)).toBe(false);
    expect(await extensionLacksPermission(hello(null))).toBe(false);
    expect(await extensionLacksPermission(hello({ version: '1.0.1', hasPermission: false }))).toBe(false);
    expect(await extensionLacksPermission({ hello: () => Promise.reject(new Error('relay')) })).toBe(false);
  });
});

describe('catalog errors', () => {
  it('are not found for a 404, failed for anything else', () => {
    expect(catalogErrorKind(new CatalogError('not-found', 'x'))).toBe('not-found');
    expect(catalogErrorKind(new CatalogError('unavailable', 'x'))).toBe('failed');
    expect(catalogErrorKind(new CatalogError('unauthorized', 'x'))).toBe('failed');
    expect(catalogErrorKind(new Error('x'))).toBe('failed');
  });
});
