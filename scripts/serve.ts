/**
 * Production static server for one app's dist/: precompressed brotli/gzip, CORS (remotes are fetched
 * cross-origin), cache rules (hashed files immutable; manifests, entries and runtime files revalidated),
 * a SPA fallback for page routes only (a missing .js is a 404, never index.html), and, for the host,
 * /config.json and /remotes.json generated for the ports actually in use.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import fs from 'node:fs';
import sirv from 'sirv';
import { assetHeaders, inlineScriptHashes, pageHeaders, type HeaderPolicy } from './headers.ts';

export interface StaticServerOptions {
  /** Folder to serve (an app's dist/). */
  dir: string;
  port: number;
  host?: string;
  /** Files answered from memory instead of disk (path → JSON body), e.g. '/remotes.json'. */
  json?: Record<string, () => unknown>;
  /**
   * Who may frame the embed pages and which other origins may serve the pages' scripts, asked for each
   * page (the host's remotes and overrides come from its generated JSON). Default: any partner, none.
   */
  policy?: () => Omit<HeaderPolicy, 'inlineScriptHashes'>;
  log?: (line: string) => void;
}

export interface StaticServer {
  url: string;
  port: number;
  close(): Promise<void>;
}

const REVALIDATE = /(^|\/)(index\.html|mf-manifest\.json|remoteEntry\.js|config\.json|remotes\.json|ping\.txt|sw\.js)$/;
const HASHED = /\.[0-9a-f]{8}\.(js|css|woff2?|png|jpe?g|svg|webp)$/;
/** A page: a route of the single-page app (no extension) or an HTML file. */
const isPage = (pathname: string) => !path.extname(pathname) || pathname.endsWith('.html');
const DEFAULT_POLICY = () => ({ embedOrigins: ['*'], scriptOrigins: [] });

export function cacheControl(pathname: string): string {
  if (HASHED.test(pathname)) return 'public, max-age=31536000, immutable';
  if (REVALIDATE.test(pathname) || isPage(pathname)) return 'no-cache';
  return 'public, max-age=3600';
}

const METHODS = ['GET', 'HEAD', 'OPTIONS'];
/** The precompressed copies sirv picks by Accept-Encoding; never served under their own names. */
const PRECOMPRESSED = /\.(br|gz)$/;

/** The request's path, percent-decoded; null when it does not decode (`/%`, `/%ff`). */
export function decodedPath(url: string | undefined): string | null {
  try {
    return decodeURIComponent(new URL(url ?? '/', 'http://x').pathname);
  } catch {
    return null;
  }
}

/** One `bytes=start-end` range whose end is not before its start. */
function validRange(header: string): boolean {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return false;
  return match[1] === '' || match[2] === '' || Number(match[1]) <= Number(match[2]);
}

export async function startStaticServer(options: StaticServerOptions): Promise<StaticServer> {
  const policy = options.policy ?? DEFAULT_POLICY;
  const log = options.log ?? (() => {});
  if (!fs.existsSync(path.join(options.dir, 'index.html'))) throw new Error(`${options.dir} has no index.html: build it first`);
  const serveFile = sirv(options.dir, {
    brotli: true,
    gzip: true,
    etag: true,
    dev: false,
    setHeaders: (res, pathname) => setHeaders(res, pathname),
  });
  const indexHtml = fs.readFileSync(path.join(options.dir, 'index.html'));
  // The hashes of each page's inline scripts, read once per file (a deploy replaces the folder and the server).
  const hashes = new Map<string, string[]>();
  const hashesOf = (pathname: string): string[] => {
    const file = pathname.endsWith('.html') ? path.join(options.dir, path.normalize(pathname)) : path.join(options.dir, 'index.html');
    let found = hashes.get(file);
    if (!found && file.startsWith(options.dir + path.sep) && fs.existsSync(file)) {
      found = inlineScriptHashes(fs.readFileSync(file, 'utf8'));
      hashes.set(file, found);
    }
    return found ?? [];
  };
  const setHeaders = (res: http.ServerResponse, pathname: string) => {
    const headers = isPage(pathname)
      ? { ...assetHeaders(), ...pageHeaders(pathname, { ...policy(), inlineScriptHashes: hashesOf(pathname) }) }
      : assetHeaders(pathname);
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
    res.setHeader('Cache-Control', cacheControl(pathname));
  };

  const server = http.createServer((req, res) => {
    const pathname = decodedPath(req.url);
    res.on('finish', () => log(`${req.method} ${pathname ?? req.url} ${res.statusCode}`));
    const refusal = pathname === null ? 400 : !METHODS.includes(req.method ?? '') ? 405 : PRECOMPRESSED.test(pathname) ? 404 : 0;
    if (refusal || pathname === null) {
      setHeaders(res, pathname ?? '/');
      if (refusal === 405) res.setHeader('Allow', METHODS.join(', '));
      res.writeHead(refusal || 400, { 'Content-Type': 'text/plain; charset=utf-8' }).end(http.STATUS_CODES[refusal]);
      return;
    }
    // A range sirv cannot satisfy (end before start, not bytes) would throw inside it: serve the whole file.
    if (req.headers.range !== undefined && !validRange(req.headers.range)) delete req.headers.range;
    if (req.method === 'OPTIONS') {
      setHeaders(res, pathname);
      res.setHeader('Access-Control-Allow-Headers', '*');
      res.writeHead(204).end();
      return;
    }
    const generated = options.json?.[pathname];
    if (generated) {
      setHeaders(res, pathname);
      res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8' }).end(JSON.stringify(generated(), null, 2));
      return;
    }
    serveFile(req, res, () => {
      setHeaders(res, pathname);
      if (path.extname(pathname)) {
        res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found');
        return;
      }
      // A page route of the single-page app.
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-cache' }).end(indexHtml);
    });
  });
  const sockets = new Set<import('node:net').Socket>();
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host ?? 'localhost', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://localhost:${port}`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
