import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServices, type RunningServices } from '../run';
import type { RunningService } from '../types';
import { start } from './index';

/** A real upstream HTTP server with the behaviours the proxy must handle. */
let upstream: http.Server;
let upstreamUrl: string;
const sockets = new Set<import('node:net').Socket>();

beforeAll(async () => {
  upstream = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname === '/echo') {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        res.setHeader('Set-Cookie', ['session=abc; Path=/', 'theme=dark']);
        res.setHeader('Content-Type', 'application/json');
        res.end(JSON.stringify({ method: req.method, headers: req.headers, body: Buffer.concat(chunks).toString() }));
      });
      return;
    }
    if (url.pathname === '/redirect') {
      res.writeHead(302, { Location: '/echo' });
      res.end();
      return;
    }
    if (url.pathname === '/redirect-out') {
      res.writeHead(302, { Location: 'https://example.com/elsewhere' });
      res.end();
      return;
    }
    if (url.pathname === '/see-other') {
      res.writeHead(303, { Location: '/echo' });
      res.end();
      return;
    }
    if (url.pathname === '/teapot') {
      res.writeHead(418, { 'Content-Type': 'text/plain' });
      res.end('short and stout');
      return;
    }
    if (url.pathname === '/hang') return; // never answers
    if (url.pathname === '/stall') {
      res.writeHead(200, { 'Content-Type': 'text/plain' });
      res.write('first chunk');
      return; // then nothing
    }
    res.writeHead(404);
    res.end();
  });
  upstream.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => upstream.listen(0, 'localhost', resolve));
  upstreamUrl = `http://localhost:${(upstream.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const s of sockets) s.destroy();
  await new Promise((resolve) => upstream.close(resolve));
});

const startProxy = (env: Record<string, string>) =>
  start({ port: 0, host: 'localhost', dataDir: '', urls: {}, log: () => {}, env });
const via = (proxy: RunningService, destination: string, init?: RequestInit) =>
  fetch(`${proxy.url}/?destination=${encodeURIComponent(destination)}`, init);

describe('proxy', () => {
  let proxy: RunningService;
  beforeAll(async () => {
    proxy = await startProxy({ PROXY_ALLOW: upstreamUrl, PROXY_TIMEOUT_MS: '400' });
  });
  afterAll(() => proxy.close());

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
    expect(res.headers.get('access-control-expose-headers')).toContain('X-Set-Cookie');
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

  it('does not follow redirects off the allow-list; turns POST into GET on 303', async () => {
    const out = await via(proxy, `${upstreamUrl}/redirect-out`);
    expect(out.status).toBe(403);
    expect(((await out.json()) as { reason: string }).reason).toContain('https://example.com');
    const seeOther = await via(proxy, `${upstreamUrl}/see-other`, { method: 'POST', body: 'x=1' });
    expect(((await seeOther.json()) as { method: string }).method).toBe('GET');
    expect(seeOther.headers.get('x-final-destination')).toBe(`${upstreamUrl}/echo`);
  });

  it('answers preflights', async () => {
    const res = await fetch(`${proxy.url}/?destination=x`, {
      method: 'OPTIONS',
      headers: { Origin: 'http://localhost:3000', 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'x-token,x-cookie' },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-headers')).toBe('x-token,x-cookie');
    expect(res.headers.get('access-control-allow-origin')).toBe('http://localhost:3000');
  });

  it('refuses destinations that are not allowed, with a JSON reason', async () => {
    for (const destination of ['https://example.com/', 'http://169.254.169.254/latest/meta-data', 'file:///etc/passwd', 'ftp://localhost/x', `http://user:pw@${upstreamUrl.slice(7)}/echo`, proxy.url]) {
      const res = await via(proxy, destination);
      expect(res.status, destination).toBe(403);
      const body = (await res.json()) as { error: string; reason: string };
      expect(body.error).toBe('forbidden_destination');
      expect(body.reason.length).toBeGreaterThan(0);
    }
    const bad = await via(proxy, 'not a url');
    expect(bad.status).toBe(400);
  });

  it('gives up on a silent upstream with 504 and on a dead one with 502', async () => {
    const started = Date.now();
    const res = await via(proxy, `${upstreamUrl}/hang`);
    expect(res.status).toBe(504);
    expect(((await res.json()) as { error: string }).error).toBe('upstream_timeout');
    expect(Date.now() - started).toBeLessThan(3000);
    const dead = await startProxy({ PROXY_ALLOW: 'http://localhost:9' });
    try {
      const res2 = await via(dead, 'http://localhost:9/');
      expect(res2.status).toBe(502);
      expect(((await res2.json()) as { error: string }).error).toBe('upstream_unreachable');
    } finally {
      await dead.close();
    }
  });

  it('ends a stalled body instead of hanging', async () => {
    const res = await via(proxy, `${upstreamUrl}/stall`);
    expect(res.status).toBe(200);
    const started = Date.now();
    await expect(res.text()).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(3000);
  });
});

describe('proxy token and default allow-list', () => {
  it('requires X-Token when a token is configured', async () => {
    const proxy = await startProxy({ PROXY_ALLOW: upstreamUrl, PROXY_TOKEN: 's3cret' });
    try {
      expect((await via(proxy, `${upstreamUrl}/teapot`)).status).toBe(401);
      expect((await via(proxy, `${upstreamUrl}/teapot`, { headers: { 'X-Token': 'wrong' } })).status).toBe(401);
      expect((await via(proxy, `${upstreamUrl}/teapot`, { headers: { 'X-Token': 's3cret' } })).status).toBe(418);
    } finally {
      await proxy.close();
    }
  });

  it('allows the services of its run (also those started after it) and the host origin, nothing else', async () => {
    let run: RunningServices | undefined;
    try {
      run = await startServices({ names: ['media', 'proxy', 'skips'], ports: { media: 0, proxy: 0, skips: 0 }, log: () => {}, env: {} });
      const proxy = run.services.proxy!;
      const media = await via(proxy, `${run.urls.media}/clips/meadow/hls/master.m3u8`);
      expect(media.status).toBe(200);
      expect(media.headers.get('content-type')).toBe('application/vnd.apple.mpegurl');
      expect(await media.text()).toContain('#EXTM3U');
      const range = await via(proxy, `${run.urls.media}/clips/meadow/mp4/720.mp4`, { headers: { Range: 'bytes=0-9' } });
      expect(range.status).toBe(206);
      expect(range.headers.get('content-range')).toMatch(/^bytes 0-9\/\d+$/);
      expect((await range.arrayBuffer()).byteLength).toBe(10);
      const skips = await via(proxy, `${run.urls.skips}/tt0000000/1/1`);
      expect(skips.status).toBe(404); // forwarded: the skips service answered
      expect((await via(proxy, `${upstreamUrl}/teapot`)).status).toBe(403);
      const loopback = await via(proxy, `${run.urls.media!.replace('localhost', '127.0.0.1')}/clips/meadow/hls/master.m3u8`);
      expect(loopback.status).not.toBe(403); // allowed (200 when the service listens on 127.0.0.1 too)
      await loopback.arrayBuffer();
      expect((await via(proxy, proxy.url.replace('localhost', '127.0.0.1'))).status).toBe(403);
      const host = await via(proxy, 'http://localhost:3000/');
      expect(host.status).not.toBe(403);
      await host.arrayBuffer();
    } finally {
      await run?.close();
    }
  });
});
