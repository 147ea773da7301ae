import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServices, type RunningServices } from '../run';
import { start } from './index';
import { serveProxy, type RunningProxy } from './node';
import { isPublicAddress } from './policy';
import { clientAddress } from './rate-limit';

/** A real upstream HTTP server (on loopback, so listed as internal) with the behaviours the proxy must handle. */
let upstream: http.Server;
let upstreamUrl: string;
let upstreamPort: number;
const sockets = new Set<import('node:net').Socket>();
const MB = 1024 * 1024;

beforeAll(async () => {
  upstream = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const routes: Record<string, () => void> = {
      '/echo': () => {
        const chunks: Buffer[] = [];
        req.on('data', (c: Buffer) => chunks.push(c));
        req.on('end', () => {
          res.setHeader('Set-Cookie', ['session=abc; Path=/', 'theme=dark']);
          res.setHeader('Content-Type', 'application/json');
          res.end(JSON.stringify({ method: req.method, headers: req.headers, body: Buffer.concat(chunks).toString() }));
        });
      },
      '/count': () => {
        let bytes = 0;
        req.on('data', (c: Buffer) => (bytes += c.length));
        req.on('end', () => res.end(String(bytes)));
      },
      '/big': () => {
        const total = Number(url.searchParams.get('mb')) * MB;
        const chunk = Buffer.alloc(MB, 7);
        let sent = 0;
        res.writeHead(200, { 'Content-Type': 'application/octet-stream', 'Content-Length': String(total) });
        const write = () => {
          while (sent < total) {
            sent += chunk.length;
            if (!res.write(chunk)) return void res.once('drain', write);
          }
          res.end();
        };
        write();
      },
      '/redirect': () => res.writeHead(302, { Location: '/echo' }).end(),
      '/redirect-out': () => res.writeHead(302, { Location: 'https://example.com/elsewhere' }).end(),
      '/redirect-inside': () => res.writeHead(302, { Location: `http://127.0.0.1:${url.searchParams.get('port')}/meta` }).end(),
      '/redirect-post': () => res.writeHead(307, { Location: '/echo' }).end(),
      '/see-other': () => res.writeHead(303, { Location: '/echo' }).end(),
      '/page': () =>
        res
          .writeHead(200, { 'Content-Type': 'text/html', 'Content-Security-Policy': "script-src 'unsafe-inline'" })
          .end('<!doctype html><script>document.title = "ran"</script>'),
      '/created-js': () => res.writeHead(201, { Location: 'javascript:alert(1)' }).end(),
      '/created': () => res.writeHead(201, { Location: '/things/1' }).end(),
      '/teapot': () => res.writeHead(418, { 'Content-Type': 'text/plain' }).end('short and stout'),
      '/hang': () => {},
      '/stall': () => {
        res.writeHead(200, { 'Content-Type': 'text/plain' });
        res.write('first chunk');
      },
    };
    (routes[url.pathname] ?? (() => res.writeHead(404).end()))();
  });
  upstream.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => upstream.listen(0, 'localhost', resolve));
  upstreamPort = (upstream.address() as AddressInfo).port;
  upstreamUrl = `http://localhost:${upstreamPort}`;
});
afterAll(async () => {
  for (const s of sockets) s.destroy();
  await new Promise((resolve) => upstream.close(resolve));
});

const proxies: RunningProxy[] = [];
async function proxyWith(env: Record<string, string>, resolve?: (name: string) => Promise<string[]>): Promise<RunningProxy> {
  const proxy = await serveProxy({
    host: 'localhost',
    port: 0,
    env: { PROXY_TIMEOUT_MS: '400', ...env },
    log: () => {},
    ...(resolve ? { resolve } : {}),
  });
  proxies.push(proxy);
  return proxy;
}
afterAll(() => Promise.all(proxies.map((p) => p.close())));

const via = (proxy: { url: string }, destination: string, init?: RequestInit) =>
  fetch(`${proxy.url}/?destination=${encodeURIComponent(destination)}`, init);
const reason = async (res: Response) => ((await res.json()) as { reason: string }).reason;

describe('proxy protocol', () => {
  let proxy: RunningProxy;
  beforeAll(async () => {
    proxy = await proxyWith({ PROXY_ALLOW_INTERNAL: upstreamUrl, PROXY_CORS_ORIGINS: 'http://localhost:3000' });
  });

  it('answers its root with JSON, not a web page', async () => {
    const res = await fetch(`${proxy.url}/`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await res.json()).toEqual({ message: 'Proxy is working as expected', version: expect.any(String) });
  });

  it('forwards method, body, chosen headers and the prefixed forms of browser-forbidden headers', async () => {
    const res = await via(proxy, `${upstreamUrl}/echo`, {
      method: 'POST',
      body: 'hello=1',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        'X-Cookie': 'a=1',
        'X-Referer': 'https://www.example.org/page',
        'X-Origin': 'https://www.example.org',
        'X-User-Agent': 'Mozilla/5.0 (TestAgent)',
        'X-Not-Forwarded': 'secret',
        Origin: 'http://localhost:3000',
      },
    });
    expect(res.status).toBe(200);
    const echo = (await res.json()) as { method: string; body: string; headers: Record<string, string> };
    expect(echo.method).toBe('POST');
    expect(echo.body).toBe('hello=1');
    expect(echo.headers).toMatchObject({
      'content-type': 'application/x-www-form-urlencoded',
      cookie: 'a=1',
      referer: 'https://www.example.org/page',
      origin: 'https://www.example.org',
      'user-agent': 'Mozilla/5.0 (TestAgent)',
    });
    expect(echo.headers['x-not-forwarded']).toBeUndefined();
    expect(echo.headers['x-cookie']).toBeUndefined();
    expect(res.headers.get('x-set-cookie')).toBe('session=abc; Path=/, theme=dark');
    expect(res.headers.get('set-cookie')).toBeNull();
    expect(res.headers.get('access-control-allow-origin')).toBe('http://localhost:3000');
    expect(res.headers.get('access-control-expose-headers')).toContain('X-Final-Destination');
  });

  it('follows redirects and reports the final URL; keeps the upstream status', async () => {
    const res = await via(proxy, `${upstreamUrl}/redirect`);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-final-destination')).toBe(`${upstreamUrl}/echo`);
    await res.arrayBuffer();
    const teapot = await via(proxy, `${upstreamUrl}/teapot`);
    expect(teapot.status).toBe(418);
    expect(await teapot.text()).toBe('short and stout');
  });

  it("serves other sites' pages inert: sandboxed, never sniffed, no script Location", async () => {
    const page = await via(proxy, `${upstreamUrl}/page`);
    expect(page.status).toBe(200);
    // The upstream's own CSP is replaced: a page on the proxy's origin runs no script and loads nothing.
    expect(page.headers.get('content-security-policy')).toBe("sandbox; default-src 'none'");
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await page.text()).toContain('<script>');
    const scripted = await via(proxy, `${upstreamUrl}/created-js`);
    expect(scripted.status).toBe(201);
    expect(scripted.headers.get('location')).toBeNull();
    const created = await via(proxy, `${upstreamUrl}/created`);
    expect(created.headers.get('location')).toBe(`${upstreamUrl}/things/1`);
  });

  it('does not follow redirects off the allow-list; turns POST into GET on 303; refuses to replay an upload on 307', async () => {
    const out = await via(proxy, `${upstreamUrl}/redirect-out`);
    expect(out.status).toBe(403);
    expect(await reason(out)).toContain('https://example.com');
    const seeOther = await via(proxy, `${upstreamUrl}/see-other`, { method: 'POST', body: 'x=1' });
    expect(((await seeOther.json()) as { method: string }).method).toBe('GET');
    expect(seeOther.headers.get('x-final-destination')).toBe(`${upstreamUrl}/echo`);
    const replay = await via(proxy, `${upstreamUrl}/redirect-post`, { method: 'POST', body: 'x=1' });
    expect(replay.status).toBe(502);
  });

  it('refuses destinations that are not allowed, with a JSON reason', async () => {
    for (const destination of [
      'https://example.com/',
      'file:///etc/passwd',
      'ftp://localhost/x',
      `http://user:pw@${upstreamUrl.slice(7)}/echo`,
      proxy.url,
    ]) {
      const res = await via(proxy, destination);
      expect(res.status, destination).toBe(403);
      expect(((await res.json()) as { error: string }).error).toBe('forbidden_destination');
    }
    expect((await via(proxy, 'not a url')).status).toBe(400);
  });

  it('gives up on a silent upstream with 504, on a dead one with 502, and ends a stalled body', async () => {
    const started = Date.now();
    const res = await via(proxy, `${upstreamUrl}/hang`);
    expect(res.status).toBe(504);
    expect(Date.now() - started).toBeLessThan(3000);
    const dead = await proxyWith({ PROXY_ALLOW_INTERNAL: 'http://localhost:9' });
    const res2 = await via(dead, 'http://localhost:9/');
    expect(res2.status).toBe(502);
    expect(((await res2.json()) as { error: string }).error).toBe('upstream_unreachable');
    const stalled = await via(proxy, `${upstreamUrl}/stall`);
    expect(stalled.status).toBe(200);
    await expect(stalled.text()).rejects.toThrow();
  });

  it('requires X-Token when a token is configured', async () => {
    const locked = await proxyWith({ PROXY_ALLOW_INTERNAL: upstreamUrl, PROXY_TOKEN: 's3cret' });
    expect((await via(locked, `${upstreamUrl}/teapot`)).status).toBe(401);
    expect((await via(locked, `${upstreamUrl}/teapot`, { headers: { 'X-Token': 'wrong' } })).status).toBe(401);
    expect((await via(locked, `${upstreamUrl}/teapot`, { headers: { 'X-Token': 's3cret' } })).status).toBe(418);
  });
});

describe('the proxy never reaches inside', () => {
  it('classifies addresses', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      'fe80::1',
      'fc00::1',
      '::ffff:127.0.0.1',
      '224.0.0.1',
      '[::1]',
    ])
      expect(isPublicAddress(address), address).toBe(false);
    for (const address of ['93.184.216.34', '2606:4700::1111', '1.1.1.1']) expect(isPublicAddress(address), address).toBe(true);
  });

  it('refuses loopback, private and link-local destinations, even when every public one is allowed', async () => {
    const open = await proxyWith({ PROXY_ALLOW: '*' });
    for (const destination of [
      `${upstreamUrl}/echo`,
      `http://127.0.0.1:${upstreamPort}/echo`,
      `http://[::1]:${upstreamPort}/echo`,
      `http://127.1:${upstreamPort}/echo`,
      `http://0x7f000001:${upstreamPort}/echo`,
      'http://10.0.0.1/',
      'http://192.168.0.1/',
      'http://169.254.169.254/latest/meta-data',
      `http://${'account'}.localhost:${upstreamPort}/meta`,
      `http://[::ffff:7f00:1]:${upstreamPort}/echo`,
    ]) {
      const res = await via(open, destination);
      expect(res.status, destination).toBe(403);
    }
  });

  it('allows exactly the listed internal origins, and checks every redirect hop', async () => {
    const proxy = await proxyWith({ PROXY_ALLOW_INTERNAL: upstreamUrl });
    expect((await via(proxy, `${upstreamUrl}/teapot`)).status).toBe(418);
    // Same server under another name: not listed, so not reachable.
    expect((await via(proxy, `http://127.0.0.1:${upstreamPort}/teapot`)).status).toBe(403);
    const inside = await via(proxy, `${upstreamUrl}/redirect-inside?port=${upstreamPort}`);
    expect(inside.status).toBe(403);
    expect(await reason(inside)).toMatch(/^Redirected: .*private or local/);
  });

  it('checks the addresses a name resolves to, at connect time (no DNS rebinding)', async () => {
    const answers: Record<string, string[]> = { 'rebind.example': ['127.0.0.1'], 'mixed.example': ['203.0.113.9', '10.0.0.7'] };
    const asked: string[] = [];
    const proxy = await proxyWith({ PROXY_ALLOW: '*' }, async (name) => (asked.push(name), answers[name] ?? []));
    const rebound = await via(proxy, `http://rebind.example:${upstreamPort}/echo`);
    expect(rebound.status).toBe(403);
    expect(await reason(rebound)).toContain('resolves to a private or local address');
    expect((await via(proxy, 'http://mixed.example/')).status).toBe(403);
    expect(asked).toEqual(['rebind.example', 'mixed.example']);
  });
});

describe('CORS as configured', () => {
  it('answers only configured origins; X-Origin widens nothing', async () => {
    const proxy = await proxyWith({
      PROXY_ALLOW_INTERNAL: upstreamUrl,
      PROXY_CORS_ORIGINS: 'https://movie-web.example,http://localhost:*',
    });
    const allowed = await via(proxy, `${upstreamUrl}/teapot`, { headers: { Origin: 'https://movie-web.example' } });
    expect(allowed.headers.get('access-control-allow-origin')).toBe('https://movie-web.example');
    const anyPort = await via(proxy, `${upstreamUrl}/teapot`, { headers: { Origin: 'http://localhost:5123' } });
    expect(anyPort.headers.get('access-control-allow-origin')).toBe('http://localhost:5123');
    for (const headers of [
      { Origin: 'https://evil.example' },
      { Origin: 'https://evil.example', 'X-Origin': 'https://movie-web.example' },
      { Origin: 'http://localhost.evil.example:80' },
    ] as Record<string, string>[]) {
      const res = await via(proxy, `${upstreamUrl}/teapot`, { headers });
      expect(res.headers.get('access-control-allow-origin'), JSON.stringify(headers)).toBeNull();
    }
    const preflight = await fetch(`${proxy.url}/?destination=x`, {
      method: 'OPTIONS',
      headers: { Origin: 'https://evil.example', 'Access-Control-Request-Method': 'POST' },
    });
    expect(preflight.status).toBe(403);
    const good = await fetch(`${proxy.url}/?destination=x`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'https://movie-web.example',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'x-token,x-cookie',
      },
    });
    expect(good.status).toBe(204);
    expect(good.headers.get('access-control-allow-headers')).toBe('x-token,x-cookie');
  });
});

describe('rate limits per client address', () => {
  it('trusts X-Forwarded-For only from configured proxies, right-most untrusted hop first', () => {
    expect(clientAddress('203.0.113.1', '198.51.100.7', [])).toBe('203.0.113.1');
    expect(clientAddress('10.0.0.2', '198.51.100.7', ['10.0.0.0/8'])).toBe('198.51.100.7');
    expect(clientAddress('10.0.0.2', '1.2.3.4, 198.51.100.7, 10.0.0.9', ['10.0.0.0/8'])).toBe('198.51.100.7');
    expect(clientAddress('::ffff:127.0.0.1', '198.51.100.7', ['127.0.0.1'])).toBe('198.51.100.7');
  });

  it('limits each client on its own; a forged X-Forwarded-For does not buy more requests', async () => {
    const untrusted = await proxyWith({ PROXY_RATE_LIMIT: '3' });
    const statuses = [];
    for (let i = 0; i < 4; i++)
      statuses.push((await fetch(`${untrusted.url}/`, { headers: { 'X-Forwarded-For': `198.51.100.${i}` } })).status);
    expect(statuses).toEqual([200, 200, 200, 429]);

    const behindBalancer = await proxyWith({ PROXY_RATE_LIMIT: '3', PROXY_TRUSTED_PROXIES: '127.0.0.1,::1' });
    const ask = (client: string) => fetch(`${behindBalancer.url}/`, { headers: { 'X-Forwarded-For': client } });
    for (let i = 0; i < 3; i++) expect((await ask('198.51.100.1')).status).toBe(200);
    const limited = await ask('198.51.100.1');
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await ask('198.51.100.2')).status).toBe(200);
  });
});

describe('the proxy as its own process', () => {
  const rssKb = (pid: number, field: 'VmRSS' | 'VmHWM') =>
    Number(new RegExp(`${field}:\\s+(\\d+)`).exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))![1]);

  it('streams 300 MB up and 300 MB down with flat memory (resident growth < 100 MB)', async () => {
    const proxy = await start({
      port: 0,
      host: 'localhost',
      dataDir: '',
      urls: {},
      log: () => {},
      env: { PROXY_ALLOW_INTERNAL: upstreamUrl, PROXY_TIMEOUT_MS: '10000' },
    });
    try {
      expect(proxy.pid).toBeGreaterThan(0);
      await (await fetch(`${proxy.url}/`)).arrayBuffer(); // warm
      const before = rssKb(proxy.pid!, 'VmRSS');
      let produced = 0;
      const upload = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (produced >= 300 * MB) return controller.close();
          produced += MB;
          controller.enqueue(new Uint8Array(MB).fill(3));
        },
      });
      const up = await via(proxy, `${upstreamUrl}/count`, { method: 'POST', body: upload, duplex: 'half' } as RequestInit);
      expect(await up.text()).toBe(String(300 * MB));
      const down = await via(proxy, `${upstreamUrl}/big?mb=300`);
      let received = 0;
      const reader = down.body!.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        received += value.length;
      }
      expect(received).toBe(300 * MB);
      const peak = rssKb(proxy.pid!, 'VmHWM');
      console.log(
        `proxy process: resident ${Math.round(before / 1024)} MB before, peak ${Math.round(peak / 1024)} MB after 300 MB up and 300 MB down`,
      );
      expect((peak - before) / 1024).toBeLessThan(100);
    } finally {
      await proxy.close();
    }
  }, 120_000);

  it('in a local run: reaches the media library, not the account server or other local services', async () => {
    let run: RunningServices | undefined;
    try {
      run = await startServices({ names: ['media', 'skips', 'proxy'], ports: { media: 0, skips: 0, proxy: 0 }, log: () => {}, env: {} });
      const proxy = run.services.proxy!;
      const media = await via(proxy, `${run.urls.media}/clips/meadow/hls/master.m3u8`, { headers: { Origin: 'http://localhost:3000' } });
      expect(media.status).toBe(200);
      expect(media.headers.get('access-control-allow-origin')).toBe('http://localhost:3000');
      expect(await media.text()).toContain('#EXTM3U');
      const range = await via(proxy, `${run.urls.media}/clips/meadow/mp4/720.mp4`, { headers: { Range: 'bytes=0-9' } });
      expect(range.status).toBe(206);
      expect((await range.arrayBuffer()).byteLength).toBe(10);
      expect((await via(proxy, `${run.urls.skips}/tt0000000/1/1`)).status).toBe(403);
      expect((await via(proxy, 'http://localhost:4105/meta')).status).toBe(403);
      expect((await via(proxy, 'http://localhost:3000/')).status).toBe(403);
      expect((await via(proxy, proxy.url)).status).toBe(403);
    } finally {
      await run?.close();
    }
  }, 30_000);
});
