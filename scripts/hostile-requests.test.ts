/**
 * Hostile requests against every server `npm start` runs: the static server of the host and the
 * remotes, and each local service. Malformed paths, methods, headers and bodies, sent as raw bytes
 * (fetch would normalise them). Nothing a client sends may end a process or answer 5xx.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { startServices, type RunningServices } from 'services/run';
import { SERVICE_NAMES, type ServiceName } from 'services/types';
import { startStaticServer, type StaticServer } from './serve.ts';

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Sends `request` as it is and reads the first answer (status 0: the connection closed without one). */
export function raw(port: number, request: string | Buffer, timeoutMs = 5000): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, 'localhost');
    let data = Buffer.alloc(0);
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no answer within ${timeoutMs} ms`));
    }, timeoutMs);
    const finish = () => {
      clearTimeout(timer);
      const text = data.toString('latin1');
      const [head = '', body = ''] = text.split('\r\n\r\n', 2);
      const [statusLine = '', ...headerLines] = head.split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of headerLines) {
        const i = line.indexOf(':');
        if (i > 0) headers[line.slice(0, i).toLowerCase()] = line.slice(i + 1).trim();
      }
      resolve({ status: Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1] ?? 0), headers, body });
      socket.destroy();
    };
    socket.on('data', (chunk) => {
      data = Buffer.concat([data, chunk]);
      // One answer is enough: stop at the end of its head when it has no body we need.
      if (data.includes('\r\n\r\n') && data.length > 16_384) finish();
    });
    socket.on('end', finish);
    socket.on('close', finish);
    socket.on('error', () => finish());
    // Not half-closed after writing: a real client keeps its side open, and Node's server drops a
    // half-closed connection whose answer is not ready yet. `Connection: close` ends it instead.
    socket.write(request);
  });
}

const request = (method: string, target: string, headers: Record<string, string> = {}, body = ''): string => {
  const lines = [`${method} ${target} HTTP/1.1`, 'Host: localhost', 'Connection: close'];
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
  if (body || ['POST', 'PUT', 'PATCH'].includes(method)) lines.push(`Content-Length: ${Buffer.byteLength(body)}`);
  return `${lines.join('\r\n')}\r\n\r\n${body}`;
};

/** Path segments that break naive decoding, routing or file look-ups. */
const BAD_SEGMENTS = ['%', '%ff', 'a%E0%A4%A', '%00', '..%2f..%2fetc%2fpasswd', '%2e%2e', '%u0041', '\u00e9', 'x'.repeat(4000), '%C0%AF'];
const BAD_QUERIES = ['?%', '?q=%ff', '?a=%E0%A4%A', '?' + 'x='.repeat(500), '?query[]=1&query[]=2', '?page=-1', '?page=1e309', '?page=NaN'];
const BAD_BODIES = ['{', 'null', '[]', '"x"', '{"__proto__":{"x":1}}', '\u0000\u0001', '{"a":' + '['.repeat(5000)];
const BAD_HEADERS: Record<string, string>[] = [
  { Authorization: 'Bearer' },
  { Authorization: 'Bearer a.b.c junk' },
  { Authorization: 'Basic %%%' },
  { Range: 'bytes=abc' },
  { Range: 'bytes=999999999999-' },
  { Range: 'bytes=5-1' },
  { 'If-None-Match': '***' },
  { 'If-Modified-Since': 'yesterday' },
  { 'Accept-Encoding': 'br;q=oops, gzip;q=-1' },
  { Origin: 'null' },
  { 'Content-Type': 'application/json; charset=ebcdic' },
  { 'X-Forwarded-For': 'not an ip' },
];

/** Route templates of each server; `:x` is replaced by each bad segment. */
const ROUTES: Record<ServiceName | 'static', string[]> = {
  static: ['/', '/:x', '/media/:x', '/assets/:x.js', '/index.html.br', '/index.html.gz'],
  media: ['/', '/:x', '/index/movie/:x', '/index/tv/:x/1/1', '/embed/:x', '/long/:x', '/clips/:x', '/subtitles/:x', '/broken/:x'],
  catalog: [
    '/3/search/multi',
    '/3/movie/:x',
    '/3/movie/1/:x',
    '/3/tv/:x',
    '/3/tv/1/season/:x',
    '/3/find/:x',
    '/t/p/:x/:x',
    '/title/:x',
    '/3/discover/movie',
  ],
  skips: ['/', '/:x/1/1', '/tt1/:x/1'],
  geo: ['/', '/json', '/ipinfo/json', '/:x'],
  backend: [
    '/',
    '/meta',
    '/users/@me',
    '/users/:x',
    '/users/:x/progress',
    '/users/:x/bookmarks/:x',
    '/sessions/:x',
    '/auth/login/start',
    '/auth/register/complete',
    '/metrics/providers',
  ],
  scraper: ['/', '/scrape', '/scrape/source', '/scrape/embed'],
  jellyfin: ['/System/Info/Public', '/Items/:x', '/Shows/:x/Episodes', '/Videos/:x/:x', '/Videos/1/:x/Subtitles/:x', '/Users/:x/Items'],
  archive: ['/advancedsearch.php', '/metadata/:x', '/download/:x/:x'],
  opensubtitles: ['/api/v1/subtitles', '/api/v1/download', '/download/:x/:x'],
  guide: ['/content/titles/:x/:x/locale/:x', '/content/titles/show_season/:x/locale/:x'],
  proxy: ['/', '/:x', '/?destination=%', '/?destination=http%3A%2F%2F%5B%3A%3A1%5D%2F', '/?destination=javascript:alert(1)'],
};

/** Every hostile request for one server's routes. */
function hostileRequests(routes: string[]): string[] {
  const out: string[] = [];
  for (const route of routes) {
    for (const segment of BAD_SEGMENTS) out.push(request('GET', route.replaceAll(':x', segment)));
    const plain = route.replaceAll(':x', '1');
    for (const query of BAD_QUERIES) out.push(request('GET', plain + query));
    for (const method of ['PUT', 'DELETE', 'PATCH', 'TRACE', 'FOO', 'OPTIONS', 'HEAD']) out.push(request(method, plain));
    for (const headers of BAD_HEADERS) out.push(request('GET', plain, headers));
    for (const body of BAD_BODIES) {
      out.push(request('POST', plain, { 'Content-Type': 'application/json' }, body));
      out.push(request('PUT', plain, { 'Content-Type': 'application/json' }, body));
    }
  }
  // Malformed HTTP itself.
  out.push('GET / HTTP/1.1\r\nHost: localhost\r\nContent-Length: -1\r\n\r\n');
  out.push('GET /\u0000 HTTP/1.1\r\nHost: localhost\r\n\r\n');
  out.push('POST / HTTP/1.1\r\nHost: localhost\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n');
  out.push('GARBAGE\r\n\r\n');
  return out;
}

let site: StaticServer;
let services: RunningServices;
let dataDir: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mw-hostile-'));
  const dist = path.join(dataDir, 'dist');
  fs.mkdirSync(path.join(dist, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>t</title>');
  fs.writeFileSync(path.join(dist, 'index.html.br'), Buffer.from([0x0b, 0x02, 0x80, 0x3c, 0x21, 0x03]));
  fs.writeFileSync(path.join(dist, 'index.html.gz'), Buffer.from([0x1f, 0x8b]));
  fs.writeFileSync(path.join(dist, 'assets', 'app.0123abcd.js'), 'export {}');
  site = await startStaticServer({ dir: dist, port: 0 });
  services = await startServices({
    ports: Object.fromEntries(SERVICE_NAMES.map((name) => [name, 0])),
    dataDir: path.join(dataDir, 'services'),
    log: () => {},
    env: { ...process.env, PROXY_ALLOW: '*' },
  });
}, 60_000);

afterAll(async () => {
  await Promise.all([site?.close(), services?.close()]);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const servers = (): [string, number, string[]][] => [
  ['static', site.port, ROUTES.static],
  ...SERVICE_NAMES.map((name): [string, number, string[]] => [name, services.services[name]!.port, ROUTES[name]]),
];

describe('hostile requests', () => {
  it.each(['static', ...SERVICE_NAMES])(
    '%s: no 5xx, no crash, still answering',
    async (name) => {
      const [, port, routes] = servers().find(([n]) => n === name)!;
      const failures: string[] = [];
      for (const text of hostileRequests(routes)) {
        const answer = await raw(port, text);
        const line = text.split('\r\n', 1)[0]!.slice(0, 120);
        if (answer.status >= 500) failures.push(`${answer.status} ${line}`);
        else if (answer.status === 0 && !line.startsWith('GARBAGE') && !line.includes('\u0000')) failures.push(`no answer ${line}`);
      }
      expect(failures).toEqual([]);
      const alive = await raw(port, request('GET', '/'));
      expect(alive.status).toBeGreaterThan(0);
    },
    120_000,
  );
});

describe('static server', () => {
  it('answers 400 to a path that does not decode', async () => {
    for (const target of ['/%', '/%ff', '/a%E0%A4%A']) expect((await raw(site.port, request('GET', target))).status, target).toBe(400);
  });

  it('answers 405 with Allow to methods other than GET, HEAD and OPTIONS', async () => {
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH', 'TRACE']) {
      const answer = await raw(site.port, request(method, '/'));
      expect(answer.status, method).toBe(405);
      expect(answer.headers.allow).toBe('GET, HEAD, OPTIONS');
    }
  });

  it('never serves a precompressed file by its own name', async () => {
    for (const target of ['/index.html.br', '/index.html.gz']) {
      const answer = await raw(site.port, request('GET', target));
      expect(answer.status, target).toBe(404);
    }
    // The page itself still comes precompressed to a client that accepts it.
    const page = await raw(site.port, request('GET', '/', { 'Accept-Encoding': 'br' }));
    expect(page.headers['content-encoding']).toBe('br');
  });
});
