/**
 * The OpenSubtitles stand-in: the REST API of api.opensubtitles.com (`/api/v1`), the part the player uses.
 *
 * - `GET /api/v1/subtitles` with `tmdb_id`, `imdb_id`, `parent_tmdb_id`, `parent_imdb_id`,
 *   `season_number`, `episode_number`, `languages` (comma-separated), `type`, `hearing_impaired`, `page`
 *   → `{ total_pages, total_count, per_page, page, data: [{ id, type: 'subtitle', attributes }] }`.
 *   Like the real API, a query that is not in its canonical form (parameters sorted by name, values
 *   lowercased, IMDb ids without `tt` and leading zeros) is redirected (301) to that form.
 * - `POST /api/v1/download` with `{ file_id }` → `{ link, file_name, requests, remaining, message,
 *   reset_time, reset_time_utc }` (406 once the day's quota is used); the link serves the real
 *   subtitle file (fixtures/subtitles) for 3 hours.
 * - Every `/api/v1` request needs an `Api-Key` header: 401 `{ message }` without one or with an unknown one.
 * - CORS for any origin (the real API answers browsers too).
 *
 * Settings (env): `OPENSUBTITLES_API_KEYS` (comma-separated keys accepted; default the local key below),
 * `OPENSUBTITLES_DOWNLOAD_QUOTA` (downloads per key per day, default 100).
 * Failure injection for tests: `POST /__control/break?mode=down` (the API answers 503 with a gateway's
 * HTML page) or `mode=garbage` (200 with a body that is not the API's), `POST /__control/reset`.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { Hono, type Context } from 'hono';
import { cors } from 'hono/cors';
import { subtitleFixture } from 'fixtures';
import { listen, logRequests } from '../lib/serve';
import type { StartService } from '../types';
import { featureDetails, featureIds, UPLOADS, type StandInUpload } from './data';
import { LOCAL_OPENSUBTITLES_API_KEY } from './local-key';

export { LOCAL_OPENSUBTITLES_API_KEY } from './local-key';
export { UPLOADS } from './data';

/** Results per page, as the real API. */
export const PER_PAGE = 50;
/** How long a download link works. */
const LINK_TTL_MS = 3 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Parameters whose values are ids: numbers, written without `tt` and leading zeros. */
const ID_PARAMS = new Set([
  'tmdb_id',
  'imdb_id',
  'parent_tmdb_id',
  'parent_imdb_id',
  'season_number',
  'episode_number',
  'page',
  'id',
  'parent_feature_id',
]);

/** The canonical form of a query string (sorted by name, lowercase values, bare numeric ids), or null if already canonical. */
export function canonicalQuery(search: string): string | null {
  const params = [...new URLSearchParams(search)];
  const canonical = params
    .map(([key, value]): [string, string] => {
      const lower = value.toLowerCase();
      return [key.toLowerCase(), ID_PARAMS.has(key.toLowerCase()) ? lower.replace(/^tt/, '').replace(/^0+(?=\d)/, '') : lower];
    })
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const text = new URLSearchParams(canonical).toString();
  const original = new URLSearchParams(params).toString();
  return text === original ? null : text;
}

const numberParam = (value: string | undefined): number | null | 'invalid' => {
  if (value === undefined || value === '') return null;
  return /^\d+$/.test(value) ? Number(value) : 'invalid';
};

function attributes(upload: StandInUpload): Record<string, unknown> {
  return {
    subtitle_id: upload.id,
    language: upload.language,
    download_count: upload.downloadCount,
    new_download_count: Math.round(upload.downloadCount / 40),
    hearing_impaired: upload.hearingImpaired,
    hd: /1080p|720p|BluRay|WEB/i.test(upload.release),
    fps: upload.fps,
    votes: upload.votes,
    ratings: upload.ratings,
    from_trusted: upload.fromTrusted,
    foreign_parts_only: false,
    upload_date: upload.uploadDate,
    file_hashes: [],
    ai_translated: false,
    nb_cd: 1,
    slug: `${upload.id}-${upload.release.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`,
    machine_translated: false,
    release: upload.release,
    comments: '',
    legacy_subtitle_id: Number(upload.id) - 5_000_000,
    legacy_uploader_id: upload.uploader.uploader_id,
    uploader: upload.uploader,
    feature_details: featureDetails(upload),
    url: `https://www.opensubtitles.com/en/subtitles/legacy/${Number(upload.id) - 5_000_000}`,
    related_links: [],
    files: [{ file_id: upload.fileId, cd_number: 1, file_name: upload.fileName }],
  };
}

const contentType = (fileName: string) =>
  fileName.endsWith('.vtt') ? 'text/vtt' : fileName.endsWith('.srt') ? 'application/x-subrip' : 'application/octet-stream';

/** "07 hours and 31 minutes", the way the API writes the time until the quota is renewed. */
function untilText(ms: number): string {
  const minutes = Math.max(0, Math.ceil(ms / 60_000));
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')} hours and ${String(minutes % 60).padStart(2, '0')} minutes`;
}

export const start: StartService = async (options) => {
  const keys = new Set(
    (options.env.OPENSUBTITLES_API_KEYS || LOCAL_OPENSUBTITLES_API_KEY)
      .split(',')
      .map((k) => k.trim())
      .filter(Boolean),
  );
  const quota = Number(options.env.OPENSUBTITLES_DOWNLOAD_QUOTA) || 100;
  let mode: 'ok' | 'down' | 'garbage' = 'ok';
  /** Downloads per key in the current day window. */
  const downloads = new Map<string, { since: number; count: number }>();
  /** Download link token → file (and when it stops working). */
  const links = new Map<string, { upload: StandInUpload; until: number }>();

  const app = new Hono();
  logRequests(app, options.log);
  app.use(
    '*',
    cors({
      origin: '*',
      allowMethods: ['GET', 'POST', 'OPTIONS'],
      allowHeaders: ['Api-Key', 'Authorization', 'Content-Type', 'User-Agent', 'X-User-Agent', 'Accept'],
      exposeHeaders: ['X-RateLimit-Remaining-Second', 'ratelimit-remaining'],
    }),
  );
  app.get('/', (c) =>
    c.json({ service: 'opensubtitles', usage: 'GET /api/v1/subtitles?tmdb_id=…, POST /api/v1/download {file_id} (Api-Key header)' }),
  );

  app.post('/__control/break', (c) => {
    const wanted = c.req.query('mode');
    if (wanted !== 'down' && wanted !== 'garbage') return c.json({ error: 'mode must be down or garbage' }, 400);
    mode = wanted;
    return c.json({ mode });
  });
  app.post('/__control/reset', (c) => {
    mode = 'ok';
    downloads.clear();
    return c.json({ mode });
  });

  // The API gateway: a broken service, then the key check (before anything else, like the real one).
  app.use('/api/v1/*', async (c, next) => {
    if (c.req.method === 'OPTIONS') return next();
    if (mode === 'down')
      return c.html(
        '<html><head><title>503 Service Temporarily Unavailable</title></head><body><center><h1>503 Service Temporarily Unavailable</h1></center></body></html>',
        503,
      );
    const key = c.req.header('Api-Key');
    if (!key) return c.json({ message: 'No API key found in request' }, 401);
    if (!keys.has(key)) return c.json({ message: 'Invalid authentication credentials' }, 401);
    if (mode === 'garbage') return c.html('<!doctype html><title>Just a moment...</title><p>Checking your browser</p>', 200);
    return next();
  });

  app.get('/api/v1/subtitles', (c) => {
    const url = new URL(c.req.url);
    const canonical = canonicalQuery(url.search);
    if (canonical !== null) return c.redirect(`${url.pathname}?${canonical}`, 301);
    const q = (name: string) => c.req.query(name);
    const ids = {
      tmdbId: numberParam(q('tmdb_id')),
      imdbId: numberParam(q('imdb_id')),
      parentTmdbId: numberParam(q('parent_tmdb_id')),
      parentImdbId: numberParam(q('parent_imdb_id')),
      season: numberParam(q('season_number')),
      episode: numberParam(q('episode_number')),
    };
    const page = numberParam(q('page'));
    const bad = Object.entries({ ...ids, page }).find(([, value]) => value === 'invalid');
    if (bad) return c.json({ errors: [`${bad[0]} must be a number`], status: 400 }, 400);
    const languages = (q('languages') ?? '')
      .split(',')
      .map((l) => l.trim())
      .filter(Boolean);
    const type = q('type') ?? 'all';
    const hearingImpaired = q('hearing_impaired') ?? 'include';
    const matches = UPLOADS.filter((upload) => {
      const known = featureIds(upload);
      for (const key of Object.keys(ids) as Array<keyof typeof ids>) {
        if (ids[key] !== null && known[key] !== ids[key]) return false;
      }
      if (languages.length && !languages.includes(upload.language.toLowerCase())) return false;
      if (type === 'movie' && upload.feature.kind !== 'movie') return false;
      if (type === 'episode' && upload.feature.kind !== 'episode') return false;
      if (hearingImpaired === 'exclude' && upload.hearingImpaired) return false;
      if (hearingImpaired === 'only' && !upload.hearingImpaired) return false;
      return true;
    }).sort((a, b) => b.downloadCount - a.downloadCount);
    const current = typeof page === 'number' && page > 0 ? page : 1;
    const data = matches
      .slice((current - 1) * PER_PAGE, current * PER_PAGE)
      .map((upload) => ({ id: upload.id, type: 'subtitle', attributes: attributes(upload) }));
    return c.json({
      total_pages: Math.max(1, Math.ceil(matches.length / PER_PAGE)),
      total_count: matches.length,
      per_page: PER_PAGE,
      page: current,
      data,
    });
  });

  app.post('/api/v1/download', async (c: Context) => {
    let body: unknown;
    const type = c.req.header('Content-Type') ?? '';
    try {
      body = type.includes('application/json') ? await c.req.json() : Object.fromEntries(new URLSearchParams(await c.req.text()));
    } catch {
      return c.json({ message: 'Invalid JSON body' }, 400);
    }
    const raw = (body as { file_id?: unknown } | null)?.file_id;
    const fileId = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\d+$/.test(raw) ? Number(raw) : NaN;
    if (!Number.isInteger(fileId)) return c.json({ message: 'file_id is required', status: 400 }, 400);
    const upload = UPLOADS.find((u) => u.fileId === fileId);
    if (!upload) return c.json({ message: 'Invalid file_id', status: 404 }, 404);

    const key = c.req.header('Api-Key')!;
    const now = Date.now();
    const used = downloads.get(key);
    const window = used && now - used.since < DAY_MS ? used : { since: now, count: 0 };
    const resetAt = window.since + DAY_MS;
    const reset = { reset_time: untilText(resetAt - now), reset_time_utc: new Date(resetAt).toISOString() };
    if (window.count >= quota) {
      return c.json(
        {
          requests: window.count + 1,
          remaining: -1,
          message: `You have downloaded your allowed ${quota} subtitles for 24h.Your quota will be renewed in ${reset.reset_time} (${reset.reset_time_utc.replace('T', ' ').slice(0, 19)} UTC) `,
          ...reset,
        },
        406,
      );
    }
    window.count += 1;
    downloads.set(key, window);
    const token = randomBytes(12).toString('hex');
    links.set(token, { upload, until: now + LINK_TTL_MS });
    const origin = new URL(c.req.url).origin;
    return c.json({
      link: `${origin}/download/${token}/${encodeURIComponent(upload.fileName)}`,
      file_name: upload.fileName,
      requests: window.count,
      remaining: quota - window.count,
      message: `Your quota will be renewed in ${reset.reset_time} (${reset.reset_time_utc.replace('T', ' ').slice(0, 19)} UTC) `,
      ...reset,
    });
  });

  app.get('/download/:token/:name', (c) => {
    const link = links.get(c.req.param('token'));
    if (!link || link.until < Date.now()) {
      if (link) links.delete(c.req.param('token'));
      return c.text('This download link has expired.', 410);
    }
    const bytes = fs.readFileSync(subtitleFixture(link.upload.fixture));
    return c.body(new Uint8Array(bytes), 200, {
      'Content-Type': contentType(link.upload.fileName),
      'Content-Disposition': `attachment; filename="${link.upload.fileName}"`,
    });
  });

  app.notFound((c) => c.json({ message: 'Not found' }, 404));
  return listen('opensubtitles', app, options);
};
