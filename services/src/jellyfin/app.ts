/**
 * A Jellyfin/Emby-compatible subset (the calls the product's media-server provider makes): item
 * search by provider id, a show's episodes, and HLS through `/Videos/{id}/master.m3u8`.
 * Auth like Jellyfin: `X-Emby-Token`, `X-MediaBrowser-Token`, `Authorization: MediaBrowser Token="..."`
 * or `?api_key=`.
 */
import { Hono, type Context } from 'hono';
import { cors } from 'hono/cors';
import fs from 'node:fs';
import path from 'node:path';
import { logRequests } from '../lib/serve';
import { buildLibrary, type ServerItem } from './library';

export interface JellyfinConfig {
  apiKey: string;
  mediaRoot: string;
  log: (line: string) => void;
}

export const SERVER_ID = '6c6f63616c2d6a656c6c7966696e2d31';
export const USER_ID = '4c6f63616c2d75736572000000000001';

function tokenOf(c: Context): string | undefined {
  const direct = c.req.header('x-emby-token') ?? c.req.header('x-mediabrowser-token') ?? c.req.query('api_key') ?? c.req.query('ApiKey');
  if (direct) return direct;
  const auth = c.req.header('authorization') ?? c.req.header('x-emby-authorization') ?? '';
  return /Token="([^"]*)"/i.exec(auth)?.[1];
}

/** Subtitle languages of every clip (the media library has these four for each). */
export const SUBTITLE_LANGUAGES = [
  { code: 'eng', iso: 'en', title: 'English' },
  { code: 'spa', iso: 'es', title: 'Spanish' },
  { code: 'fre', iso: 'fr', title: 'French' },
  { code: 'ger', iso: 'de', title: 'German' },
] as const;

/** Like Jellyfin: MediaSources (with MediaStreams: video, audio, subtitles) when Fields asks for them. */
const publicItem = (item: ServerItem, fields: string[] = []) => {
  const { clip, ...rest } = item;
  const out: Record<string, unknown> = {
    ...rest,
    ServerId: SERVER_ID,
    IsFolder: item.Type === 'Series',
    MediaType: item.Type === 'Series' ? 'Unknown' : 'Video',
  };
  if (clip && fields.includes('mediasources')) {
    out.MediaSources = [
      {
        Id: item.Id,
        Protocol: 'File',
        Container: 'ts',
        SupportsTranscoding: true,
        MediaStreams: [
          { Index: 0, Type: 'Video', Codec: 'h264', IsDefault: true },
          { Index: 1, Type: 'Audio', Codec: 'aac', Language: 'eng', IsDefault: true },
          ...SUBTITLE_LANGUAGES.map((l, i) => ({
            Index: 2 + i,
            Type: 'Subtitle',
            Codec: 'subrip',
            Language: l.code,
            DisplayTitle: l.title,
            IsExternal: true,
            IsTextSubtitleStream: true,
            SupportsExternalStream: true,
          })),
        ],
      },
    ];
  }
  return out;
};
const fieldsOf = (c: Context) =>
  (c.req.query('Fields') ?? '')
    .toLowerCase()
    .split(',')
    .map((f) => f.trim());

/** Every URI of a playlist (lines and URI="..." attributes) gets the api key, as Jellyfin's own playlists do. */
function withKey(playlist: string, key: string): string {
  const add = (uri: string) => `${uri}${uri.includes('?') ? '&' : '?'}api_key=${encodeURIComponent(key)}`;
  return playlist
    .split('\n')
    .map((line) => {
      const trimmed = line.trim();
      if (!trimmed) return line;
      if (trimmed.startsWith('#')) return line.replace(/URI="([^"]+)"/g, (_m, uri: string) => `URI="${add(uri)}"`);
      return add(trimmed);
    })
    .join('\n');
}

export function createJellyfinApp(config: JellyfinConfig): Hono {
  const library = buildLibrary();
  const byId = new Map(library.map((i) => [i.Id, i]));
  const app = new Hono();
  logRequests(app, config.log);
  app.use(
    '*',
    cors({
      origin: '*',
      allowHeaders: ['X-Emby-Token', 'X-MediaBrowser-Token', 'Authorization', 'X-Emby-Authorization', 'Content-Type', 'Range'],
      exposeHeaders: ['Content-Length', 'Content-Range'],
      maxAge: 86400,
    }),
  );

  app.get('/System/Info/Public', (c) =>
    c.json({
      LocalAddress: new URL(c.req.url).origin,
      ServerName: 'Local media server',
      Version: '10.9.11',
      ProductName: 'Jellyfin Server',
      Id: SERVER_ID,
      StartupWizardCompleted: true,
    }),
  );

  app.use('*', async (c: Context, next) => {
    if (c.req.method === 'OPTIONS' || c.req.path === '/System/Info/Public') return next();
    if (tokenOf(c) !== config.apiKey) return c.text('Unauthorized', 401);
    return next();
  });

  app.get('/Users', (c) => c.json([{ Name: 'local', ServerId: SERVER_ID, Id: USER_ID, HasPassword: false }]));

  const items = (c: Context) => {
    const types = (c.req.query('IncludeItemTypes') ?? '')
      .split(',')
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean);
    const providerFilters = (c.req.query('AnyProviderIdEquals') ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)
      .map((s) => {
        const dot = s.indexOf('.');
        return { provider: s.slice(0, dot).toLowerCase(), id: s.slice(dot + 1) };
      });
    const search = c.req.query('SearchTerm')?.toLowerCase();
    const ids = c.req.query('Ids')?.split(',');
    const hasTmdb = c.req.query('HasTmdbId');
    const recursive = c.req.query('Recursive') === 'true';
    let found = library.filter((item) => {
      if (!recursive && !ids) return false; // the root has only folders; items are found recursively
      if (types.length && !types.includes(item.Type.toLowerCase())) return false;
      if (ids && !ids.includes(item.Id)) return false;
      if (search && !item.Name.toLowerCase().includes(search)) return false;
      if (hasTmdb !== undefined && (hasTmdb === 'true') !== Boolean(item.ProviderIds.Tmdb)) return false;
      if (providerFilters.length) {
        const own = Object.fromEntries(Object.entries(item.ProviderIds).map(([k, v]) => [k.toLowerCase(), v]));
        if (!providerFilters.some((f) => own[f.provider] === f.id)) return false;
      }
      return true;
    });
    const start = Number(c.req.query('StartIndex') ?? 0) || 0;
    const total = found.length;
    const limit = Number(c.req.query('Limit') ?? 0) || total;
    found = found.slice(start, start + limit);
    return c.json({ Items: found.map((i) => publicItem(i, fieldsOf(c))), TotalRecordCount: total, StartIndex: start });
  };
  app.get('/Items', items);
  app.get('/Users/:userId/Items', (c) => (c.req.param('userId') === USER_ID ? items(c) : c.text('User not found', 404)));
  app.get('/Items/:id', (c) => {
    const item = byId.get(c.req.param('id'));
    return item ? c.json(publicItem(item, ['mediasources'])) : c.text('Item not found', 404);
  });

  app.get('/Shows/:id/Episodes', (c) => {
    const series = byId.get(c.req.param('id'));
    if (!series || series.Type !== 'Series') return c.text('Series not found', 404);
    const season = c.req.query('season') ?? c.req.query('Season');
    const episodes = library.filter(
      (i) => i.Type === 'Episode' && i.SeriesId === series.Id && (season === undefined || i.ParentIndexNumber === Number(season)),
    );
    return c.json({ Items: episodes.map((i) => publicItem(i, fieldsOf(c))), TotalRecordCount: episodes.length, StartIndex: 0 });
  });

  // External subtitles: /Videos/{id}/{mediaSourceId}/Subtitles/{index}/[{startTicks}/]Stream.{vtt|srt}
  app.get('/Videos/:id/:source/Subtitles/*', async (c) => {
    const item = byId.get(c.req.param('id'));
    const match = /^\/Videos\/[^/]+\/[^/]+\/Subtitles\/(\d+)\/(?:\d+\/)?Stream\.(vtt|srt)$/.exec(c.req.path);
    const language = match ? SUBTITLE_LANGUAGES[Number(match[1]) - 2] : undefined;
    if (!item?.clip || c.req.param('source') !== item.Id || !match || !language) return c.text('Not found', 404);
    const format = match[2] as 'vtt' | 'srt';
    try {
      const text = await fs.promises.readFile(path.join(config.mediaRoot, 'subtitles', item.clip, `${language.iso}.${format}`), 'utf8');
      return c.body(text, 200, { 'Content-Type': format === 'vtt' ? 'text/vtt; charset=utf-8' : 'application/x-subrip; charset=utf-8' });
    } catch {
      return c.text('Not found', 404);
    }
  });

  // HLS: the clip's master playlist and renditions, every URI carrying the key.
  app.get('/Videos/:id/*', async (c) => {
    const item = byId.get(c.req.param('id'));
    if (!item?.clip) return c.text('Item not found', 404);
    const rest = c.req.path.slice(`/Videos/${item.Id}/`.length);
    const root = path.join(config.mediaRoot, 'clips', item.clip, 'hls');
    const file = path.resolve(root, rest === 'master.m3u8' ? 'master.m3u8' : rest);
    if (!file.startsWith(root + path.sep)) return c.text('Forbidden', 403);
    let data: Buffer;
    try {
      data = await fs.promises.readFile(file);
    } catch {
      return c.text('Not found', 404);
    }
    if (file.endsWith('.m3u8'))
      return c.body(withKey(data.toString('utf8'), tokenOf(c) ?? ''), 200, { 'Content-Type': 'application/vnd.apple.mpegurl' });
    const type = file.endsWith('.vtt') ? 'text/vtt' : file.endsWith('.ts') ? 'video/mp2t' : 'application/octet-stream';
    const range = /^bytes=(\d+)-(\d*)$/.exec(c.req.header('range') ?? '');
    if (range) {
      const start = Number(range[1]);
      const end = Math.min(range[2] ? Number(range[2]) : data.length - 1, data.length - 1);
      if (start >= data.length) return c.body(null, 416, { 'Content-Range': `bytes */${data.length}` });
      return c.body(new Uint8Array(data.subarray(start, end + 1)), 206, {
        'Content-Type': type,
        'Content-Range': `bytes ${start}-${end}/${data.length}`,
        'Accept-Ranges': 'bytes',
      });
    }
    return c.body(new Uint8Array(data), 200, { 'Content-Type': type, 'Accept-Ranges': 'bytes' });
  });

  app.notFound((c) => c.text('Not found', 404));
  return app;
}
