/** Database rows of the account server and the wire objects (DTOs) made from them, typed by the wire format. */
import type {
  BookmarkMeta,
  BookmarkResponse,
  ProgressMeta,
  ProgressResponse,
  SessionResponse,
  SettingsResponse,
  UserResponse,
} from 'account-wire';

export interface UserRow {
  id: string;
  public_key: string;
  namespace: string;
  created_at: Date;
  last_logged_in: Date | null;
  permissions: string[];
  profile: { colorA: string; colorB: string; icon: string };
}
export interface SessionRow {
  id: string;
  user_id: string;
  created_at: Date;
  accessed_at: Date;
  expires_at: Date;
  device: string;
  user_agent: string;
}
export interface BookmarkRow {
  tmdb_id: string;
  /** Validated on the way in (BookmarkMeta). */
  meta: BookmarkMeta;
  updated_at: Date;
}
export interface ProgressRow {
  id: string;
  tmdb_id: string;
  season_id: string;
  episode_id: string;
  season_number: number | null;
  episode_number: number | null;
  /** Validated on the way in (ProgressMeta). */
  meta: ProgressMeta;
  duration: number;
  watched: number;
  updated_at: Date;
}
export interface SettingsRow {
  id: string;
  application_theme: string | null;
  application_language: string | null;
  default_subtitle_language: string | null;
  proxy_urls: string[] | null;
}

export const iso = (d: Date | string) => new Date(d).toISOString();

export const userDto = (u: UserRow): UserResponse => ({
  id: u.id,
  namespace: u.namespace,
  publicKey: u.public_key,
  roles: u.permissions,
  createdAt: iso(u.created_at),
  ...(u.last_logged_in ? { lastLoggedIn: iso(u.last_logged_in) } : {}),
  profile: u.profile,
});

export const sessionDto = (s: SessionRow): SessionResponse => ({
  id: s.id,
  userId: s.user_id,
  createdAt: iso(s.created_at),
  accessedAt: iso(s.accessed_at),
  device: s.device,
  userAgent: s.user_agent,
});

export const bookmarkDto = (b: BookmarkRow): BookmarkResponse => ({ tmdbId: b.tmdb_id, meta: b.meta, updatedAt: iso(b.updated_at) });

export const progressDto = (p: ProgressRow): ProgressResponse => ({
  id: p.id,
  tmdbId: p.tmdb_id,
  season: p.season_id ? { id: p.season_id, ...(p.season_number != null ? { number: p.season_number } : {}) } : {},
  episode: p.episode_id ? { id: p.episode_id, ...(p.episode_number != null ? { number: p.episode_number } : {}) } : {},
  meta: p.meta,
  duration: Number(p.duration),
  watched: Number(p.watched),
  updatedAt: iso(p.updated_at),
});

export const settingsDto = (s: SettingsRow): SettingsResponse => ({
  id: s.id,
  applicationTheme: s.application_theme,
  applicationLanguage: s.application_language,
  defaultSubtitleLanguage: s.default_subtitle_language,
  proxyUrls: s.proxy_urls,
});

export const USER_COLUMNS = 'id, public_key, namespace, created_at, last_logged_in, permissions, profile';
export const SESSION_COLUMNS = 'id, user_id, created_at, accessed_at, expires_at, device, user_agent';
export const PROGRESS_COLUMNS =
  'id, tmdb_id, season_id, episode_id, season_number, episode_number, meta, duration::float8 AS duration, watched::float8 AS watched, updated_at';

/**
 * Client-sent updatedAt is clamped to [2021-07-13, now], as upstream does on import. We also honour it on
 * PUT /progress/:tmdbid and on bookmarks (upstream stamps the time of receipt there), and an older
 * change never overwrites a newer row: the newer edit wins whichever device's push arrives first.
 */
export const EARLIEST = Date.parse('2021-07-13T00:00:00Z');
export const clampDate = (value: string | undefined) =>
  new Date(value ? Math.min(Math.max(Date.parse(value), EARLIEST), Date.now()) : Date.now());
