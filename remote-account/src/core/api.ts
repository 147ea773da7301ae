/**
 * The account backend's HTTP API (research/backend-contract.md A3), with fetch injected. Every failure is
 * a BackendError whose `kind` drives what the caller does (retry, log out, show a message).
 */
import type { AccountProfile } from 'shared-contracts';

export type BackendErrorKind =
  /** No answer: offline, DNS, connection refused, CORS, timeout. */
  | 'network'
  /** The URL answered, but not like a movie-web backend (HTML, not JSON, unknown route at /meta). */
  | 'not-backend'
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

export interface BackendMeta {
  name: string;
  description?: string;
  version: string;
  hasCaptcha: boolean;
  captchaClientKey?: string;
}

export interface UserDto {
  id: string;
  publicKey: string;
  profile: AccountProfile;
  createdAt: string;
}

export interface SessionDto {
  id: string;
  userId: string;
  createdAt: string;
  accessedAt: string;
  device: string;
  userAgent: string;
}

export interface AuthResponse {
  user: UserDto;
  session: SessionDto;
  token: string;
}

export interface BookmarkMetaDto {
  title: string;
  year: number;
  poster?: string;
  type: string;
}

export interface BookmarkDto {
  tmdbId: string;
  meta: BookmarkMetaDto;
  updatedAt: string;
}

export interface ProgressInput {
  tmdbId: string;
  meta: BookmarkMetaDto;
  duration: number;
  watched: number;
  seasonId?: string;
  episodeId?: string;
  seasonNumber?: number;
  episodeNumber?: number;
  updatedAt?: string;
}

export interface ProgressDto {
  id: string;
  tmdbId: string;
  season: { id?: string | null; number?: number | null };
  episode: { id?: string | null; number?: number | null };
  meta: BookmarkMetaDto;
  /** Upstream answers bigint columns as strings. */
  duration: number | string;
  watched: number | string;
  updatedAt: string;
}

export interface SettingsDto {
  id?: string;
  applicationLanguage?: string | null;
  applicationTheme?: string | null;
  defaultSubtitleLanguage?: string | null;
  proxyUrls?: string[] | null;
}

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
 * The backend has no such route (or not for this method): an older or upstream server (contract A3 lists
 * its routes). 404 is Fastify's answer to an unknown method and path, 405 and 501 what proxies and other
 * servers answer. Callers with a portable way to do the same thing fall back to it.
 */
export const isRouteMissing = (error: unknown): boolean => error instanceof BackendError && [404, 405, 501].includes(error.status);

export function createBackendClient({ baseUrl, fetch: fetchImpl = (i, o) => fetch(i, o), timeoutMs = 15_000 }: BackendClientOptions) {
  const base = baseUrl.replace(/\/+$/, '');

  async function request<T>(method: string, path: string, options: { token?: string; body?: unknown } = {}): Promise<T> {
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
        throw new BackendError(response.ok ? 'not-backend' : classifyStatus(response.status), `invalid JSON from ${method} ${path}`, response.status);
      }
    } else if (response.ok) {
      throw new BackendError('not-backend', `${method} ${path} did not answer JSON (${type || 'no content type'})`, response.status);
    }
    if (!response.ok) {
      const message = messageOf(body) ?? `HTTP ${response.status}`;
      throw new BackendError(classifyStatus(response.status, message), message, response.status);
    }
    return body as T;
  }

  const user = (id: string) => `/users/${encodeURIComponent(id)}`;

  return {
    baseUrl: base,
    async getMeta(): Promise<BackendMeta> {
      const meta = await request<Partial<BackendMeta>>('GET', '/meta').catch((error: unknown) => {
        // A site that is not a backend answers /meta with 404 HTML or JSON of another shape.
        if (error instanceof BackendError && error.kind === 'client') throw new BackendError('not-backend', error.message, error.status);
        throw error;
      });
      if (!meta || typeof meta.name !== 'string' || typeof meta.hasCaptcha !== 'boolean') {
        throw new BackendError('not-backend', '/meta is not a movie-web backend answer');
      }
      return meta as BackendMeta;
    },
    registerStart: (captchaToken?: string) => request<{ challenge: string }>('POST', '/auth/register/start', { body: captchaToken ? { captchaToken } : {} }),
    registerComplete: (body: {
      publicKey: string;
      challenge: { code: string; signature: string };
      namespace: string;
      device: string;
      profile: AccountProfile;
    }) => request<AuthResponse>('POST', '/auth/register/complete', { body }),
    loginStart: (publicKey: string) => request<{ challenge: string }>('POST', '/auth/login/start', { body: { publicKey } }),
    loginComplete: (body: { publicKey: string; challenge: { code: string; signature: string }; device: string }) =>
      request<AuthResponse>('POST', '/auth/login/complete', { body: { ...body, namespace: 'movie-web' } }),
    getMe: (token: string) => request<{ user: UserDto; session: SessionDto }>('GET', '/users/@me', { token }),
    patchUser: (token: string, userId: string, profile: AccountProfile) => request<UserDto>('PATCH', user(userId), { token, body: { profile } }),
    deleteUser: (token: string, userId: string) => request<{ id: string }>('DELETE', user(userId), { token }),
    getSessions: (token: string, userId: string) => request<SessionDto[]>('GET', `${user(userId)}/sessions`, { token }),
    /** Our server's extension (upstream has no such route: see isRouteMissing and the service's fallback). */
    deleteOtherSessions: (token: string, userId: string) => request<{ count: number }>('DELETE', `${user(userId)}/sessions`, { token }),
    patchSession: (token: string, sessionId: string, deviceName: string) =>
      request<SessionDto>('PATCH', `/sessions/${encodeURIComponent(sessionId)}`, { token, body: { deviceName } }),
    deleteSession: (token: string, sessionId: string) => request<{ id: string }>('DELETE', `/sessions/${encodeURIComponent(sessionId)}`, { token }),
    getBookmarks: (token: string, userId: string) => request<BookmarkDto[]>('GET', `${user(userId)}/bookmarks`, { token }),
    /** `updatedAt` per item: when the change was made (an extension; upstream strips unknown keys). */
    putBookmarks: (token: string, userId: string, items: { tmdbId: string; meta: BookmarkMetaDto; updatedAt?: string }[]) =>
      request<BookmarkDto[]>('PUT', `${user(userId)}/bookmarks`, { token, body: items }),
    addBookmark: (token: string, userId: string, tmdbId: string, meta: BookmarkMetaDto) =>
      request<BookmarkDto>('POST', `${user(userId)}/bookmarks/${encodeURIComponent(tmdbId)}`, { token, body: { tmdbId, meta } }),
    deleteBookmark: (token: string, userId: string, tmdbId: string) =>
      request<unknown>('DELETE', `${user(userId)}/bookmarks/${encodeURIComponent(tmdbId)}`, { token }),
    getProgress: (token: string, userId: string) => request<ProgressDto[]>('GET', `${user(userId)}/progress`, { token }),
    importProgress: (token: string, userId: string, items: ProgressInput[]) =>
      request<unknown>('PUT', `${user(userId)}/progress/import`, { token, body: items }),
    putProgress: (token: string, userId: string, item: ProgressInput) =>
      request<ProgressDto>('PUT', `${user(userId)}/progress/${encodeURIComponent(item.tmdbId)}`, { token, body: item }),
    // Contract A7: the body is required; ids go in their own fields (upstream swapped them).
    deleteProgress: (token: string, userId: string, tmdbId: string, ids: { seasonId?: string; episodeId?: string }) =>
      request<unknown>('DELETE', `${user(userId)}/progress/${encodeURIComponent(tmdbId)}`, { token, body: { ...ids } }),
    getSettings: (token: string, userId: string) => request<SettingsDto>('GET', `${user(userId)}/settings`, { token }),
    putSettings: (token: string, userId: string, settings: Omit<SettingsDto, 'id'>) =>
      request<SettingsDto>('PUT', `${user(userId)}/settings`, { token, body: settings }),
  };
}

export type BackendClient = ReturnType<typeof createBackendClient>;
