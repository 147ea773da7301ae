/**
 * An Internet Archive-style API for the catalog's public-domain films: `advancedsearch.php` (Lucene-ish
 * `q`, `fl[]`, `rows`, `page`, `output=json`), `/metadata/{identifier}` (files with format and height)
 * and `/download/{identifier}/{file}`, which redirects to the media library's MP4 (as archive.org
 * redirects to a storage node). Unknown identifiers get `{}` with 200, like archive.org.
 */
import { Hono, type Context } from 'hono';
import { cors } from 'hono/cors';
import { MOVIES } from '../catalog/data';
import { logRequests } from '../lib/serve';

export interface ArchiveItem {
  identifier: string;
  title: string;
  year: number;
  /** The media library clip and its MP4 renditions. */
  files: Array<{ name: string; format: string; height: number; quality: '1080' | '720' | '480' | '360' }>;
}

const slug = (text: string) => text.replace(/[^A-Za-z0-9]+/g, '_').replace(/^_|_$/g, '');

/** One item per public-domain film, plus a same-title item of another year (matching must check the year). */
export function buildItems(): ArchiveItem[] {
  const films = MOVIES.filter((m) => m.publicDomain);
  const items = films.map<ArchiveItem>((m) => {
    const id = `${slug(m.title)}_${m.releaseDate.slice(0, 4)}`;
    return {
      identifier: id,
      title: m.title,
      year: Number(m.releaseDate.slice(0, 4)),
      files: [
        { name: `${id}_512kb.mp4`, format: '512Kb MPEG4', height: 360, quality: '360' },
        { name: `${id}.mp4`, format: 'h.264', height: 720, quality: '720' },
      ],
    };
  });
  const first = films[0];
  if (first) {
    const year = Number(first.releaseDate.slice(0, 4)) + 57;
    items.push({
      identifier: `${slug(first.title)}_${year}_lecture`,
      title: first.title,
      year,
      files: [{ name: 'lecture.mp4', format: 'h.264', height: 480, quality: '480' }],
    });
  }
  return items;
}

const words = (text: string) =>
  text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .match(/[a-z0-9]+/g) ?? [];

/** The clauses of q this stand-in understands: title:(...), year:(...), mediatype:(...), identifier:(...). */
function parseQuery(q: string) {
  const clause = (field: string) => new RegExp(`${field}:\\(([^)]*)\\)|${field}:"([^"]*)"|${field}:(\\S+)`, 'i').exec(q);
  const value = (m: RegExpExecArray | null) => (m ? (m[1] ?? m[2] ?? m[3] ?? '').replace(/^"|"$/g, '') : undefined);
  const title = value(clause('title'));
  const free = title === undefined && !/\w+:/.test(q) ? q : undefined;
  return {
    title: title ?? free,
    year: value(clause('year')),
    mediatype: value(clause('mediatype')),
    identifier: value(clause('identifier')),
  };
}

export interface ArchiveConfig {
  mediaUrl: () => string;
  log: (line: string) => void;
}

export function createArchiveApp(config: ArchiveConfig): Hono {
  const items = buildItems();
  const app = new Hono();
  logRequests(app, config.log);
  app.use('*', cors({ origin: '*', exposeHeaders: ['Content-Length', 'Content-Range', 'Location'], maxAge: 86400 }));

  app.get('/advancedsearch.php', (c: Context) => {
    const q = c.req.query('q') ?? '';
    const url = new URL(c.req.url);
    const fields = url.searchParams
      .getAll('fl[]')
      .flatMap((f) => f.split(','))
      .map((f) => f.trim())
      .filter(Boolean);
    const rows = Math.max(0, Math.min(Number(c.req.query('rows') ?? 50) || 50, 10_000));
    const page = Math.max(1, Number(c.req.query('page') ?? 1) || 1);
    const query = parseQuery(q);
    const wanted = query.title ? words(query.title) : [];
    const matches = items.filter((item) => {
      if (query.mediatype && query.mediatype.toLowerCase() !== 'movies') return false;
      if (query.identifier && query.identifier !== item.identifier) return false;
      if (query.year && String(item.year) !== query.year) return false;
      const own = new Set(words(item.title));
      return wanted.every((w) => own.has(w));
    });
    const docs = matches.slice((page - 1) * rows, page * rows).map((item) => {
      const full: Record<string, unknown> = {
        identifier: item.identifier,
        title: item.title,
        year: String(item.year),
        mediatype: 'movies',
        licenseurl: 'http://creativecommons.org/publicdomain/mark/1.0/',
      };
      return fields.length ? Object.fromEntries(fields.filter((f) => f in full).map((f) => [f, full[f]])) : full;
    });
    if (c.req.query('output') !== 'json') return c.text('output=json is the only format of this stand-in', 400);
    return c.json({
      responseHeader: {
        status: 0,
        QTime: 1,
        params: { query: q, qin: q, fields: fields.join(','), wt: 'json', rows: String(rows), start: (page - 1) * rows },
      },
      response: { numFound: matches.length, start: (page - 1) * rows, docs },
    });
  });

  app.get('/metadata/:identifier', (c) => {
    const item = items.find((i) => i.identifier === c.req.param('identifier'));
    if (!item) return c.json({});
    const host = new URL(c.req.url).host;
    return c.json({
      created: Math.floor(Date.now() / 1000),
      d1: host,
      dir: `/items/${item.identifier}`,
      server: host,
      files: [
        ...item.files.map((f) => ({
          name: f.name,
          source: f.height < 720 ? 'derivative' : 'original',
          format: f.format,
          height: String(f.height),
          width: String(Math.round((f.height * 4) / 3)),
        })),
        { name: `${item.identifier}.ogv`, source: 'derivative', format: 'Ogg Video' },
        { name: '__ia_thumb.jpg', source: 'original', format: 'Item Tile' },
      ],
      metadata: {
        identifier: item.identifier,
        title: item.title,
        year: String(item.year),
        mediatype: 'movies',
        collection: ['feature_films'],
        licenseurl: 'http://creativecommons.org/publicdomain/mark/1.0/',
      },
    });
  });

  app.get('/download/:identifier/:file', (c) => {
    const item = items.find((i) => i.identifier === c.req.param('identifier'));
    const file = item?.files.find((f) => f.name === c.req.param('file'));
    if (!item || !file) return c.text('Item not found', 404);
    return c.redirect(`${config.mediaUrl()}/clips/meadow/mp4/${file.quality}.mp4`, 302);
  });

  app.notFound((c) => c.json({ error: 'not_found' }, 404));
  return app;
}
