/**
 * The account backend's HTTP API (docs/account-server.md#routes), with fetch injected. Every response is
 * checked against the wire format (the account-wire package, the schemas the server is built to): a body
 * of another shape is a BackendError too, never a crash further on. Every failure is a BackendError whose
 * `kind` drives what the caller does (retry, log out, show a message).
 */
import type { AccountProfile } from 'shared-contracts';
import * as W from 'account-wire';

export type BackendErrorKind =
  /** No answer: offline, DNS, connection refused, CORS, timeout. */
  | 'network'
  /** The URL answered, but not like a movie-web backend (HTML, not JSON, unknown route at /meta). */
  | 'not-backend'
  /** A 2xx JSON answer that does not have the shape the contract gives that route (a broken or foreign server). */
  | 'unexpected-response'
  /** 5xx */
  | 'server'
  /** 429 */
  | 'rate-limited'
  /** 400 "Invalid authentication", 401, 403: the session is not usable. */
  | 'auth'
  /** Any other 4xx: the request itself is wrong; retrying will not help. */
  | 'client';

export class BackendError extends Error {
  override name = 'BackendError';
  constructor(
    readonly kind: BackendErrorKind,
    message: string,
    readonly status = 0,
  ) {
    super(message);
  }
}

/** The wire types (account-wire), under the names the account remote uses. */
export type BackendMeta = W.MetaResponse;
export type UserDto = W.UserResponse;
export type SessionDto = W.SessionResponse;
export type AuthResponse = W.AuthResponse;
export type BookmarkMetaDto = W.BookmarkMeta;
export type BookmarkDto = W.BookmarkResponse;
/** A title's meta as progress needs it (`type` "movie" or "show"); bookmarks take it too. */
export type MediaMetaDto = W.ProgressMeta;
/** What this client sends: the ids and numbers absent rather than null. */
export type ProgressInput = W.ProgressInput & { seasonId?: string; episodeId?: string; seasonNumber?: number; episodeNumber?: number };
export type ProgressDto = W.ProgressResponse;
export type SettingsDto = W.SettingsResponse;

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

export interface BackendClientOptions {
  baseUrl: string;
  fetch?: FetchLike;
  /** Milliseconds before a request is abandoned (counted as a network failure). */
  timeoutMs?: number;
}

const messageOf = (body: unknown): string | undefined =>
  body && typeof body === 'object' && 'message' in body && typeof body.message === 'string' ? body.message : undefined;

export function classifyStatus(status: number, message?: string): BackendErrorKind {
  if (status === 429) return 'rate-limited';
  if (status >= 500) return 'server';
  if (status === 401 || status === 403) return 'auth';
  if (status === 400 && message === 'Invalid authentication') return 'auth';
  if (status === 408) return 'network';
  return 'client';
}

/**
 * The backend has no such route (or not for this method): an older or upstream server (docs/account-server.md#routes lists
 * its routes). 404 is Fastify's answer to an unknown method and path, 405 and 501 what proxies and other
 * servers answer. Callers with a portable way to do the same thing fall back to it.
 */
export const isRouteMissing = (error: unknown): boolean => error instanceof BackendError && [404, 405, 501].includes(error.status);

export function createBackendClient({ baseUrl, fetch: fetchImpl = (i, o) => fetch(i, o), timeoutMs = 15_000 }: BackendClientOptions) {
  const base = baseUrl.replace(/\/+$/, '');

  async function request<S extends W.WireSchema>(
    schema: S,
    method: string,
    path: string,
    options: { token?: string; body?: unknown } = {},
  ): Promise<W.Parsed<S>> {
    const headers: Record<string, string> = {};
    if (options.token) headers.Authorization = `Bearer ${options.token}`;
    if (options.body !== undefined) headers['Content-Type'] = 'application/json';
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    let response: Response;
    try {
      response = await fetchImpl(`${base}${path}`, {
        method,
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        signal: controller.signal,
      });
    } catch (error) {
      throw new BackendError('network', error instanceof Error ? error.message : String(error));
    } finally {
      clearTimeout(timer);
    }
    const type = response.headers.get('content-type') ?? '';
    let body: unknown = undefined;
    if (type.includes('json')) {
      try {
        body = await response.json();
      } catch {
        throw new BackendError(
          response.ok ? 'not-backend' : classifyStatus(response.status),
          `invalid JSON from ${method} ${path}`,
          response.status,
        );
      }
    } else if (response.ok) {
      throw new BackendError('not-backend', `${method} ${path} did not answer JSON (${type || 'no content type'})`, response.status);
    }
    if (!response.ok) {
      const message = messageOf(body) ?? `HTTP ${response.status}`;
      throw new BackendError(classifyStatus(response.status, message), message, response.status);
    }
    const parsed = W.parseWire(schema, body);
    if (!parsed.ok)
      throw new BackendError('unexpected-response', `unexpected answer to ${method} ${path}: ${parsed.problem}`, response.status);
    return parsed.value;
  }

  const user = (id: string) => `/users/${encodeURIComponent(id)}`;

  return {
    baseUrl: base,
    async getMeta(): Promise<BackendMeta> {
      return request(W.MetaResponse, 'GET', '/meta').catch((error: unknown) => {
        // A site that is not a backend answers /meta with 404 HTML or JSON of another shape.
        if (error instanceof BackendError && (error.kind === 'client' || error.kind === 'unexpected-response')) {
          throw new BackendError('not-backend', error.message, error.status);
        }
        throw error;
      });
    },
    registerStart: (captchaToken?: string) =>
      request(W.ChallengeResponse, 'POST', '/auth/register/start', {
        body: (captchaToken ? { captchaToken } : {}) satisfies W.RegisterStart,
      }),
    registerComplete: (body: W.RegisterComplete) => request(W.AuthResponse, 'POST', '/auth/register/complete', { body }),
    loginStart: (publicKey: string) =>
      request(W.ChallengeResponse, 'POST', '/auth/login/start', { body: { publicKey } satisfies W.LoginStart }),
    // `namespace` is ignored by login, sent as the upstream client does.
    loginComplete: (body: W.LoginComplete) =>
      request(W.AuthResponse, 'POST', '/auth/login/complete', { body: { ...body, namespace: 'movie-web' } }),
    getMe: (token: string) => request(W.MeResponse, 'GET', '/users/@me', { token }),
    patchUser: (token: string, userId: string, profile: AccountProfile) =>
      request(W.UserResponse, 'PATCH', user(userId), { token, body: { profile } satisfies W.UserPatch }),
    deleteUser: (token: string, userId: string) => request(W.IdResponse, 'DELETE', user(userId), { token }),
    getSessions: (token: string, userId: string) => request(W.SessionList, 'GET', `${user(userId)}/sessions`, { token }),
    /** Our server's extension (upstream has no such route: see isRouteMissing and the service's fallback). */
    deleteOtherSessions: (token: string, userId: string) => request(W.CountResponse, 'DELETE', `${user(userId)}/sessions`, { token }),
    patchSession: (token: string, sessionId: string, deviceName: string) =>
      request(W.SessionResponse, 'PATCH', `/sessions/${encodeURIComponent(sessionId)}`, {
        token,
        body: { deviceName } satisfies W.SessionPatch,
      }),
    deleteSession: (token: string, sessionId: string) =>
      request(W.IdResponse, 'DELETE', `/sessions/${encodeURIComponent(sessionId)}`, { token }),
    getBookmarks: (token: string, userId: string) => request(W.BookmarkListResponse, 'GET', `${user(userId)}/bookmarks`, { token }),
    /** `updatedAt` per item: when the change was made (an extension; upstream strips unknown keys). */
    putBookmarks: (token: string, userId: string, items: W.BookmarkList) =>
      request(W.BookmarkListResponse, 'PUT', `${user(userId)}/bookmarks`, { token, body: items }),
    addBookmark: (token: string, userId: string, tmdbId: string, meta: BookmarkMetaDto) =>
      request(W.BookmarkResponse, 'POST', `${user(userId)}/bookmarks/${encodeURIComponent(tmdbId)}`, {
        token,
        body: { tmdbId, meta } satisfies W.BookmarkPost,
      }),
    deleteBookmark: (token: string, userId: string, tmdbId: string) =>
      request(W.BookmarkDeleteResponse, 'DELETE', `${user(userId)}/bookmarks/${encodeURIComponent(tmdbId)}`, { token }),
    getProgress: (token: string, userId: string) => request(W.ProgressListResponse, 'GET', `${user(userId)}/progress`, { token }),
    /** Upstream answers with the rows that already existed only: callers ignore the answer. */
    importProgress: (token: string, userId: string, items: W.ProgressImport) =>
      request(W.ProgressListResponse, 'PUT', `${user(userId)}/progress/import`, { token, body: items }),
    putProgress: (token: string, userId: string, item: ProgressInput) =>
      request(W.ProgressResponse, 'PUT', `${user(userId)}/progress/${encodeURIComponent(item.tmdbId)}`, { token, body: item }),
    // Contract A7: the body is required; ids go in their own fields (upstream swapped them).
    deleteProgress: (token: string, userId: string, tmdbId: string, ids: { seasonId?: string; episodeId?: string }) =>
      request(W.ProgressDeleteResponse, 'DELETE', `${user(userId)}/progress/${encodeURIComponent(tmdbId)}`, {
        token,
        body: { ...ids } satisfies W.ProgressDelete,
      }),
    getSettings: (token: string, userId: string) => request(W.SettingsResponse, 'GET', `${user(userId)}/settings`, { token }),
    putSettings: (token: string, userId: string, settings: W.SettingsPut) =>
      request(W.SettingsResponse, 'PUT', `${user(userId)}/settings`, { token, body: settings }),
  };
}

export type BackendClient = ReturnType<typeof createBackendClient>;
