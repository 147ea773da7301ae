/** The scraping API across a real comlink boundary (a MessageChannel): events, results and errors as data. */
import { proxy, wrap, expose, type Remote } from 'comlink';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { MessageChannel } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServices, type RunningServices } from 'services/run';
import type { ExtensionBridge, ScrapeEvent, ScrapeOptions } from 'scraping-core/types';
import type { ScrapingApi } from './api';
import { createScrapingApi } from './scraping-api';

let services: RunningServices;
let api: Remote<ScrapingApi>;
let channel: MessageChannel;
let options: ScrapeOptions;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mw-worker-'));
const nosferatu = { type: 'movie' as const, title: 'Nosferatu', releaseYear: 1922, tmdbId: '653' };

beforeAll(async () => {
  services = await startServices({ names: ['media', 'catalog'], ports: { media: 0, catalog: 0 }, dataDir, log: () => undefined });
  options = { settings: { localLibraryUrl: services.urls.media! } };
  channel = new MessageChannel();
  expose(createScrapingApi(), channel.port1 as never);
  api = wrap<ScrapingApi>(channel.port2 as never);
});
afterAll(async () => {
  channel?.port1.close();
  channel?.port2.close();
  await services?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('scraping over comlink', () => {
  it('runAll streams events through a proxied callback and answers with data', async () => {
    const events: ScrapeEvent[] = [];
    const result = await api.runAll(
      nosferatu,
      options,
      proxy((e: ScrapeEvent) => void events.push(e)),
    );
    expect(result).toMatchObject({ ok: true, value: { sourceId: 'local-hls' } });
    await new Promise((r) => setTimeout(r, 20)); // the last events may still be in flight
    expect(events[0]?.type).toBe('init');
    expect(events.at(-1)?.type).toBe('done');
  });

  it('errors arrive as data with their code', async () => {
    expect(await api.runSource('nope', nosferatu, options)).toEqual({
      ok: false,
      error: { code: 'scrape/invalid-source-id', message: 'invalid source id', detail: 'unknown source "nope"' },
    });
  });

  it('cancel from the main thread stops a run in the worker', async () => {
    // A library that never answers.
    const silent = http.createServer(() => undefined);
    await new Promise<void>((r) => silent.listen(0, 'localhost', r));
    const hang = {
      ...options,
      runId: 'cancel-me',
      timeoutMs: 10_000,
      settings: { localLibraryUrl: `http://localhost:${(silent.address() as AddressInfo).port}` },
    };
    const running = api.runAll(nosferatu, hang);
    await new Promise((r) => setTimeout(r, 50));
    expect(await api.cancel('cancel-me')).toBe(true);
    expect(await running).toMatchObject({ ok: false, error: { code: 'scrape/cancelled' } });
    silent.closeAllConnections();
    silent.close();
  });

  it('the extension bridge is reached back on the main thread (proxied callback)', async () => {
    const calls: string[] = [];
    const bridge: ExtensionBridge = {
      hello: async () => (calls.push('hello'), { success: true, version: '1.0.3', allowed: true, hasPermission: true }),
      makeRequest: async (r) => {
        calls.push(`makeRequest ${r.url}`);
        const answer = await fetch(r.url);
        return { success: true, response: { statusCode: answer.status, headers: {}, finalUrl: r.url, body: await answer.text() } };
      },
      prepareStream: async () => (calls.push('prepareStream'), { success: true }),
      openPage: async () => ({ success: true }),
    };
    await api.connectExtension(proxy(bridge));
    const providers = await api.listProviders({ ...options, useExtension: true });
    expect(providers.filter((p) => p.kind === 'source').map((p) => p.id)).toContain('local-hls');
    // The hello is sent at once; nothing here needs its answer, so the listing did not wait for it.
    await expect.poll(() => calls).toEqual(['hello']);
    await api.connectExtension(null);
  });
});
