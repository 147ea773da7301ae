/** For the tests: a fake backend's contract answers, and an engine wired to a fake host and backend. */
import type { AccountSyncPort, AccountSyncState } from 'shared-contracts';
import { createSyncEngine } from './sync-engine';
import { createVolatileSyncMemory, type SyncMemory } from './sync-memory';

/**
 * For the tests' fake backends: the 200 answer a movie-web backend gives a request, built
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
      // PUT /progress/import answers the rows that already existed only: none here.
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

/** A host whose stores are plain objects, with just the port verbs the engine calls. */
export function fakeHost() {
  const state: AccountSyncState = {
    account: {
      token: 't',
      userId: 'u',
      sessionId: 's',
      deviceName: 'x',
      profile: { colorA: '#000', colorB: '#fff', icon: 'cat' },
      seed: 'AAAA',
    },
    customBackendUrl: null,
    bookmarks: { a: { type: 'movie', title: 'Local A', updatedAt: 100 } },
    bookmarkQueue: [{ id: 'q1', action: 'add', tmdbId: 'a', type: 'movie', title: 'Local A' }],
    progress: {},
    progressQueue: [],
    settings: { applicationLanguage: 'en', applicationTheme: 'default', defaultSubtitleLanguage: null, proxyUrls: null },
  };
  const writes: string[] = [];
  const actions = {
    readAccountState: () => state,
    replaceBookmarks: (items) => void (writes.push('bookmarks'), (state.bookmarks = items)),
    replaceProgress: (items) => void (writes.push('progress'), (state.progress = items)),
    acknowledgeSyncUpdates: ({ bookmarks = [], progress = [] }) => {
      state.bookmarkQueue = state.bookmarkQueue.filter((u) => !bookmarks.includes(u.id));
      state.progressQueue = state.progressQueue.filter((u) => !progress.includes(u.id));
    },
    clearAccountData: () => void Object.assign(state, { account: null, bookmarks: {}, bookmarkQueue: [], progress: {}, progressQueue: [] }),
    updateAccount: () => void writes.push('account'),
    setLanguage: (language) => void (writes.push('language'), (state.settings = { ...state.settings, applicationLanguage: language })),
    setTheme: (theme) => void (writes.push('theme'), (state.settings = { ...state.settings, applicationTheme: theme })),
    setSubtitleSettings: ({ lastSelectedLanguage }) =>
      void (state.settings = { ...state.settings, defaultSubtitleLanguage: lastSelectedLanguage ?? null }),
    setProxyUrls: (urls) => void (state.settings = { ...state.settings, proxyUrls: urls }),
  } as Partial<AccountSyncPort> as AccountSyncPort;
  /** What the engine is given of the host (spread into its options). */
  const host = { backendUrl: 'http://backend.test', port: actions };
  return { state, host, writes };
}

export type Route = (method: string, path: string) => { status: number; body?: unknown } | 'network';

export function engineWith(
  route: Route,
  clock = { now: 0 },
  options: { memory?: SyncMemory; host?: ReturnType<typeof fakeHost>; log?: (message: string) => void } = {},
) {
  const { state, host, writes } = options.host ?? fakeHost();
  const calls: string[] = [];
  const bodies: Record<string, unknown> = {};
  const fetch = async (url: string, init?: RequestInit) => {
    const path = new URL(url).pathname;
    calls.push(`${init?.method ?? 'GET'} ${path}`);
    if (init?.body) bodies[`${init.method} ${path}`] = JSON.parse(init.body as string);
    const result = route(init?.method ?? 'GET', path);
    if (result === 'network') throw new TypeError('Failed to fetch');
    const reply =
      result.body ??
      (result.status === 200 ? contractAnswer(init?.method ?? 'GET', path, init?.body ? JSON.parse(init.body as string) : undefined) : {});
    return new Response(JSON.stringify(reply), { status: result.status, headers: { 'Content-Type': 'application/json' } });
  };
  const engine = createSyncEngine({
    ...host,
    fetch,
    manual: true,
    now: () => clock.now,
    random: () => 1,
    log: options.log ?? (() => {}),
    memory: options.memory ?? createVolatileSyncMemory(),
    yieldToPage: async () => {},
  });
  return { engine, state, calls, bodies, clock, writes };
}

export const healthy: Route = (method, path) => {
  if (method === 'GET' && path.endsWith('/bookmarks'))
    return { status: 200, body: [{ tmdbId: 'b', meta: { title: 'Server B', year: 1, type: 'movie' }, updatedAt: '2024-01-01T00:00:00Z' }] };
  if (method === 'GET' && path.endsWith('/settings')) return { status: 200, body: { id: 'u', applicationLanguage: 'de' } };
  // Everything else (the profile, the progress, every write): what a movie-web backend answers.
  return { status: 200 };
};
