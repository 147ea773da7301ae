/**
 * public/sw.js, run against a fake worker scope, CacheStorage and network: what it keeps of the remotes
 * (other origins) so that the pages a person used open offline, and the bound on what it keeps.
 */
import fs from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import { beforeEach, describe, expect, it } from 'vitest';

const SOURCE = fs.readFileSync(path.join(import.meta.dirname, '../../../public/sw.js'), 'utf8');
const HOST = 'http://localhost:3000';
const SETTINGS = 'http://localhost:3004';

class FakeCache {
  readonly entries = new Map<string, Response>();
  private key(request: RequestInfo | URL) {
    return new URL(typeof request === 'string' || request instanceof URL ? request : request.url, HOST).href;
  }
  async match(request: RequestInfo | URL) {
    return this.entries.get(this.key(request))?.clone();
  }
  async put(request: RequestInfo | URL, response: Response) {
    // As the Cache API: a stored request goes to the end of keys().
    this.entries.delete(this.key(request));
    this.entries.set(this.key(request), response);
  }
  async delete(request: RequestInfo | URL) {
    return this.entries.delete(this.key(request));
  }
  async keys() {
    return [...this.entries.keys()].map((url) => new Request(url));
  }
  async addAll(urls: string[]) {
    for (const url of urls) await this.put(url, await network(new Request(new URL(url, HOST))));
  }
}

let caches: Map<string, FakeCache>;
let online: boolean;
/** Every request the worker sent to the network: URL and mode. */
let sent: Array<{ url: string; mode: RequestMode }>;
let files: Record<string, string | Uint8Array<ArrayBuffer>>;
let handlers: Record<string, (event: unknown) => void>;

async function network(request: Request): Promise<Response> {
  sent.push({ url: request.url, mode: request.mode });
  if (!online) throw new TypeError('Failed to fetch');
  const body = files[request.url];
  if (body === undefined) return new Response('Not found', { status: 404 });
  return new Response(body, { status: 200, headers: { 'content-type': 'application/javascript' } });
}

function startWorker() {
  handlers = {};
  const scope = {
    location: new URL(`${HOST}/sw.js`),
    clients: { claim: async () => {} },
    skipWaiting: () => {},
    addEventListener: (type: string, handler: (event: unknown) => void) => (handlers[type] = handler),
  };
  const cacheStorage = {
    open: async (name: string) => {
      if (!caches.has(name)) caches.set(name, new FakeCache());
      return caches.get(name)!;
    },
    keys: async () => [...caches.keys()],
    delete: async (name: string) => caches.delete(name),
  };
  const fetch = (input: RequestInfo | URL, init?: RequestInit) => network(new Request(input, init));
  vm.runInNewContext(SOURCE, { self: scope, caches: cacheStorage, fetch, URL, Request, Response, Headers });
}

async function lifecycle(type: 'install' | 'activate') {
  const waits: Promise<unknown>[] = [];
  handlers[type]!({ waitUntil: (p: Promise<unknown>) => waits.push(p) });
  await Promise.all(waits);
}

/** Dispatches a fetch event; resolves with the worker's answer (undefined: left to the browser) once its writes are done. */
async function request(url: string, init: RequestInit = {}): Promise<Response | undefined> {
  const waits: Promise<unknown>[] = [];
  let answer: Promise<Response> | undefined;
  handlers.fetch!({
    request: new Request(url, init),
    respondWith: (p: Promise<Response>) => (answer = p),
    waitUntil: (p: Promise<unknown>) => waits.push(p),
  });
  const response = await answer;
  await Promise.all(waits);
  return response;
}

const files$ = () => caches.get('mw-files-v1')?.entries ?? new Map<string, Response>();

beforeEach(async () => {
  caches = new Map();
  online = true;
  sent = [];
  files = {
    [`${HOST}/`]: '<!doctype html>',
    [`${HOST}/config.json`]: '{}',
    [`${HOST}/remotes.json`]: JSON.stringify({
      settings: `${SETTINGS}/mf-manifest.json`,
      player: 'http://localhost:3002/mf-manifest.json',
    }),
    [`${HOST}/favicon.svg`]: '<svg/>',
    [`${SETTINGS}/mf-manifest.json`]: '{"v":1}',
    [`${SETTINGS}/remoteEntry.js`]: 'entry 1',
    [`${SETTINGS}/146.2ba6b11d.js`]: 'chunk',
    'http://elsewhere.test/app.0123abcd.js': 'not a remote',
  };
  startWorker();
  await lifecycle('install');
  await lifecycle('activate');
  sent = [];
});

describe('the service worker keeps what the person used of the remotes', () => {
  it("answers a remote's manifest and entry from the network while online, and from the stored copy offline", async () => {
    expect(await (await request(`${SETTINGS}/mf-manifest.json`, { cache: 'no-cache' }))!.text()).toBe('{"v":1}');
    expect(await (await request(`${SETTINGS}/remoteEntry.js`))!.text()).toBe('entry 1');
    // A deploy: online, the new files are answered (not the stored ones).
    files[`${SETTINGS}/mf-manifest.json`] = '{"v":2}';
    files[`${SETTINGS}/remoteEntry.js`] = 'entry 2';
    expect(await (await request(`${SETTINGS}/mf-manifest.json`))!.text()).toBe('{"v":2}');
    expect(await (await request(`${SETTINGS}/remoteEntry.js`))!.text()).toBe('entry 2');
    online = false;
    expect(await (await request(`${SETTINGS}/mf-manifest.json`))!.text()).toBe('{"v":2}');
    expect(await (await request(`${SETTINGS}/remoteEntry.js`))!.text()).toBe('entry 2');
  });

  it("answers a remote's content-hashed chunk from the stored copy first, fetched once with CORS", async () => {
    // A script element's request is no-cors; the worker asks with CORS so that it can read and keep the answer.
    const first = await request(`${SETTINGS}/146.2ba6b11d.js`, { mode: 'no-cors' });
    expect(await first!.text()).toBe('chunk');
    expect(sent).toEqual([{ url: `${SETTINGS}/146.2ba6b11d.js`, mode: 'cors' }]);
    expect(await (await request(`${SETTINGS}/146.2ba6b11d.js`))!.text()).toBe('chunk');
    expect(sent).toHaveLength(1);
    online = false;
    expect(await (await request(`${SETTINGS}/146.2ba6b11d.js`))!.text()).toBe('chunk');
  });

  it('keeps no failed answer, and nothing of an origin remotes.json does not name', async () => {
    expect((await request(`${SETTINGS}/999.deadbeef.js`))!.status).toBe(404);
    expect(await (await request('http://elsewhere.test/app.0123abcd.js'))?.text()).toBe('not a remote');
    expect([...files$().keys()]).toEqual([]);
    online = false;
    await expect(request('http://elsewhere.test/app.0123abcd.js')).rejects.toThrow('Failed to fetch');
  });

  it('leaves requests that are no remote file (catalog, images, media) to the browser', async () => {
    expect(await request(`${SETTINGS}/api/data`)).toBeUndefined();
    expect(await request('http://localhost:4100/3/movie/1')).toBeUndefined();
    expect(sent).toEqual([]);
  });

  it('keeps the remote files a page loaded before the worker controlled it, when told', async () => {
    const waits: Promise<unknown>[] = [];
    handlers.message!({
      data: {
        type: 'keep',
        urls: [
          `${SETTINGS}/mf-manifest.json`,
          `${SETTINGS}/146.2ba6b11d.js`,
          `${HOST}/config.json`,
          'http://elsewhere.test/app.0123abcd.js',
        ],
      },
      waitUntil: (p: Promise<unknown>) => waits.push(p),
    });
    await Promise.all(waits);
    expect([...files$().keys()]).toEqual([`${SETTINGS}/mf-manifest.json`, `${SETTINGS}/146.2ba6b11d.js`]);
    online = false;
    expect(await (await request(`${SETTINGS}/mf-manifest.json`))!.text()).toBe('{"v":1}');
    expect(await (await request(`${SETTINGS}/146.2ba6b11d.js`))!.text()).toBe('chunk');
  });

  it('keeps at most 400 files, dropping the oldest stored first', async () => {
    const chunk = (i: number) => `${SETTINGS}/${i}.${i.toString(16).padStart(8, '0')}.js`;
    for (let i = 0; i < 402; i++) files[chunk(i)] = `chunk ${i}`;
    for (let i = 0; i < 402; i++) await request(chunk(i));
    const kept = [...files$().keys()];
    expect(kept).toHaveLength(400);
    expect(kept[0]).toBe(chunk(2));
    expect(kept.at(-1)).toBe(chunk(401));
  });

  it('keeps at most 40 MB, dropping the oldest stored first; the bound holds across a worker restart', async () => {
    const big = (i: number) => `${SETTINGS}/big.${i.toString(16).padStart(8, '0')}.js`;
    for (let i = 0; i < 3; i++) files[big(i)] = new Uint8Array(15 * 1024 * 1024);
    await request(big(0));
    await request(big(1));
    // A new worker (the browser stops idle ones) reads the sizes from what was stored.
    startWorker();
    await request(big(2));
    expect([...files$().keys()]).toEqual([big(1), big(2)]);
  });
});
