/**
 * For the tests' fake backends: the 200 answer a movie-web backend gives a request (contract A3), built
 * from the request as our server builds it. The client checks every answer against the wire format, so
 * a fake must answer in the contract's shapes too.
 */
const STAMP = '2024-05-01T10:00:00.000Z';

const profile = { colorA: '#000', colorB: '#fff', icon: 'cat' };
const userOf = (id: string) => ({ id, namespace: 'movie-web', publicKey: 'cHVibGlj', roles: [], createdAt: STAMP, profile });
const sessionOf = (id: string, userId: string) => ({
  id,
  userId,
  createdAt: STAMP,
  accessedAt: STAMP,
  device: 'aXY=.Y3Q=.dGFn',
  userAgent: 'test',
});

type Json = Record<string, any>;

/** `stamp`: the `updatedAt` of the rows the answer lists (the server's time of the write). */
export function contractAnswer(method: string, path: string, body: unknown, stamp = STAMP): unknown {
  const [, first, uid = 'u', collection, id] = path.split('/').map(decodeURIComponent);
  const meta = (m: Json | undefined) => ({ title: 'x', year: 0, type: 'movie', ...m });
  const bookmark = (b: Json, tmdbId = String(b.tmdbId)) => ({ tmdbId, meta: meta(b.meta), updatedAt: stamp });
  const progress = (p: Json, tmdbId = String(p.tmdbId)) => ({
    id: `row-${tmdbId}`,
    tmdbId,
    season: p.seasonId ? { id: p.seasonId, number: p.seasonNumber ?? null } : {},
    episode: p.episodeId ? { id: p.episodeId, number: p.episodeNumber ?? null } : {},
    meta: meta(p.meta),
    duration: p.duration ?? 0,
    watched: p.watched ?? 0,
    updatedAt: stamp,
  });
  const request = (body ?? {}) as Json;
  if (path === '/meta') return { name: 'fake backend', version: '1.3.1', hasCaptcha: false };
  if (path.endsWith('/start')) return { challenge: '6f2f1b1e-2b0c-4c53-9a35-6c7b5e0a4d11' };
  if (path.endsWith('/complete')) return { user: userOf('u'), session: sessionOf('s', 'u'), token: 't' };
  if (path === '/users/@me') return { user: userOf('u'), session: sessionOf('s', 'u') };
  if (first === 'sessions') return method === 'DELETE' ? { id: uid } : sessionOf(uid, 'u');
  if (!collection) return method === 'DELETE' ? { id: uid } : userOf(uid);
  switch (`${method} ${collection}${id ? '/:id' : ''}`) {
    case 'GET sessions':
      return [sessionOf('s', uid)];
    case 'DELETE sessions':
      return { count: 0 };
    case 'GET bookmarks':
    case 'GET progress':
      return [];
    case 'PUT bookmarks':
      return (body as Json[]).map((b) => bookmark(b));
    case 'POST bookmarks/:id':
      return bookmark(request, id);
    case 'DELETE bookmarks/:id':
      return { tmdbId: id };
    case 'PUT progress/:id':
      // PUT /progress/import answers the rows that already existed only (contract A7): none here.
      return id === 'import' ? [] : progress(request, id);
    case 'DELETE progress/:id':
      return { count: 1, tmdbId: id, ...request };
    case 'GET settings':
      return { id: uid };
    case 'PUT settings':
      return { id: uid, ...request };
  }
  throw new Error(`no contract answer for ${method} ${path}`);
}
