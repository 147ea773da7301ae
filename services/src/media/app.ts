/** The media library's HTTP app: static HLS/MP4/subtitle files (with Range), the index API and embed pages. */
import { Hono, type Context } from 'hono';
import { cors } from 'hono/cors';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { logRequests } from '../lib/serve';
import {
  BROKEN_MOVIES,
  CLIPS,
  HOSTED_MOVIES,
  LIBRARY_SOURCES,
  LONG_TITLES,
  MIRRORED_MOVIES,
  MOVIES_WITHOUT_STREAM,
  embedStream,
  episodeEntry,
  movieEntry,
} from './library';
import { LONG_CLIPS, MAX_LONG_MINUTES, createLongMedia } from './long';

/** services/media, resolved from this file's location. */
export const MEDIA_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'media');

const CONTENT_TYPES: Record<string, string> = {
  '.m3u8': 'application/vnd.apple.mpegurl',
  '.ts': 'video/mp2t',
  '.m4s': 'video/iso.segment',
  '.mp4': 'video/mp4',
  '.vtt': 'text/vtt; charset=utf-8',
  '.srt': 'application/x-subrip; charset=utf-8',
  '.json': 'application/json',
};

export interface MediaConfig {
  root: string;
  log: (line: string) => void;
}

const escapeHtml = (text: string): string =>
  text.replace(/[<>&"]/g, (ch) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[ch] ?? ch);

function parseRange(header: string, size: number): { start: number; end: number } | 'invalid' | undefined {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return undefined; // unsupported forms (multiple ranges): answer the whole file
  const [, rawStart = '', rawEnd = ''] = match;
  let start: number;
  let end: number;
  if (rawStart === '' && rawEnd === '') return 'invalid';
  if (rawStart === '') {
    const suffix = Number(rawEnd);
    if (suffix === 0) return 'invalid';
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(rawStart);
    end = rawEnd === '' ? size - 1 : Math.min(Number(rawEnd), size - 1);
  }
  if (start >= size || start > end) return 'invalid';
  return { start, end };
}

async function serveFile(c: Context, root: string): Promise<Response> {
  let pathname: string;
  try {
    pathname = decodeURIComponent(new URL(c.req.url).pathname);
  } catch {
    return c.text('Bad Request: the path is not valid percent-encoding', 400);
  }
  const file = path.resolve(root, `.${pathname}`);
  if (!file.startsWith(root + path.sep)) return c.text('Forbidden', 403);
  let stat: fs.Stats;
  try {
    stat = await fs.promises.stat(file);
  } catch {
    return c.text('Not Found', 404);
  }
  if (!stat.isFile()) return c.text('Not Found', 404);
  const ext = path.extname(file);
  // The deliberately broken "master playlist" is a web page, served as one.
  const type = pathname.startsWith('/broken/not-a-playlist/')
    ? 'text/html; charset=utf-8'
    : (CONTENT_TYPES[ext] ?? 'application/octet-stream');
  const headers: Record<string, string> = {
    'Content-Type': type,
    'Accept-Ranges': 'bytes',
    'Cache-Control': ext === '.m3u8' ? 'no-cache' : 'public, max-age=3600',
    'Last-Modified': stat.mtime.toUTCString(),
  };
  const rangeHeader = c.req.header('range');
  const range = rangeHeader ? parseRange(rangeHeader, stat.size) : undefined;
  if (range === 'invalid') return c.body(null, 416, { ...headers, 'Content-Range': `bytes */${stat.size}` });
  const start = range?.start ?? 0;
  const end = range?.end ?? stat.size - 1;
  headers['Content-Length'] = String(end - start + 1);
  if (range) headers['Content-Range'] = `bytes ${start}-${end}/${stat.size}`;
  if (c.req.method === 'HEAD') return c.body(null, range ? 206 : 200, headers);
  const stream = Readable.toWeb(fs.createReadStream(file, { start, end })) as ReadableStream<Uint8Array>;
  return c.body(stream, range ? 206 : 200, headers);
}

export function createMediaApp(config: MediaConfig): Hono {
  const app = new Hono();
  logRequests(app, config.log);
  app.use(
    '*',
    cors({
      origin: '*',
      allowMethods: ['GET', 'HEAD', 'OPTIONS'],
      exposeHeaders: ['Content-Length', 'Content-Range', 'Accept-Ranges', 'Content-Type'],
      maxAge: 86400,
    }),
  );
  const base = (c: Context) => new URL(c.req.url).origin;

  app.get('/', (c) =>
    c.json({
      service: 'media',
      description: 'Local media library: HLS and MP4 clips, subtitles, and an index of which title has which streams.',
      index: { movie: '/index/movie/{tmdbId}', episode: '/index/tv/{tmdbId}/{season}/{episode}' },
      clips: Object.keys(CLIPS),
      moviesWithoutStream: MOVIES_WITHOUT_STREAM,
      brokenMovies: BROKEN_MOVIES,
      sources: LIBRARY_SOURCES,
      mirroredMovies: MIRRORED_MOVIES,
      hostedMovies: HOSTED_MOVIES,
      long: {
        clips: LONG_CLIPS,
        maxMinutes: MAX_LONG_MINUTES,
        master: '/long/{clip}/{minutes}/master.m3u8',
        captions: '/long/{clip}/{minutes}/subtitles/{lang}.{vtt|srt}',
        titles: LONG_TITLES,
      },
    }),
  );

  app.get('/index/movie/:tmdbId{[0-9]+}', (c) => {
    const entry = movieEntry(Number(c.req.param('tmdbId')), base(c));
    return entry ? c.json(entry) : c.json({ error: 'not_found', message: 'No such movie in the catalog' }, 404);
  });
  app.get('/index/tv/:tmdbId{[0-9]+}/:season{[0-9]+}/:episode{[0-9]+}', (c) => {
    const entry = episodeEntry(Number(c.req.param('tmdbId')), Number(c.req.param('season')), Number(c.req.param('episode')), base(c));
    return entry ? c.json(entry) : c.json({ error: 'not_found', message: 'No such episode in the catalog' }, 404);
  });

  // Embed pages: what the "local-player" embed scraper fetches; the stream is in the embedded JSON.
  app.get('/embed/:clip', (c) => {
    const stream = embedStream(c.req.param('clip'), c.req.query('type') ?? 'hls', base(c));
    if (!stream)
      return c.html(
        '<!DOCTYPE html><html><head><title>Embed not found</title></head><body><p>This video does not exist.</p></body></html>',
        404,
      );
    if (c.req.query('format') === 'json') return c.json(stream);
    const src = stream.type === 'hls' ? stream.playlist : (Object.values(stream.qualities)[0]?.url ?? '');
    const json = JSON.stringify(stream).replace(/</g, '\\u003c');
    return c.html(`<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Local player – ${escapeHtml(c.req.param('clip'))}</title></head>
<body style="margin:0;background:#000">
<video controls playsinline style="width:100%;height:100vh" src="${escapeHtml(src)}"></video>
<script id="__EMBED_DATA__" type="application/json">${json}</script>
</body></html>`);
  });

  // Long titles: playlists, segments and captions generated from the clips on request (long.ts).
  const long = createLongMedia(config.root);
  app.get('/long/*', (c) => {
    const parts = new URL(c.req.url).pathname.split('/').slice(2);
    const result = long.answer(parts);
    if (result.status !== 200)
      return c.json({ error: result.status === 400 ? 'bad_request' : 'not_found', message: result.message }, result.status);
    const body = typeof result.body === 'string' ? Buffer.from(result.body, 'utf8') : result.body;
    const headers = {
      'Content-Type': result.type,
      'Content-Length': String(body.length),
      'Cache-Control': result.type.startsWith('video/') ? 'public, max-age=3600' : 'no-cache',
    };
    return c.req.method === 'HEAD' ? c.body(null, 200, headers) : c.body(new Uint8Array(body), 200, headers);
  });

  app.get('/clips/*', (c) => serveFile(c, config.root));
  app.get('/subtitles/*', (c) => serveFile(c, config.root));
  app.get('/broken/*', (c) => serveFile(c, config.root));

  app.notFound((c) => c.json({ error: 'not_found', message: 'Not found' }, 404));
  app.onError((error, c) => {
    config.log(`error: ${error instanceof Error ? error.stack : String(error)}`);
    return c.json({ error: 'internal', message: 'Internal error' }, 500);
  });
  return app;
}
