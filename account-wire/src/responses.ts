/**
 * Response bodies of the account API (contract A3), as the account remote validates them and the server
 * builds them. They must hold for the upstream movie-web backend too, so they are lenient where it is:
 * unknown keys are accepted (and dropped), fields the site never reads are optional, and the upstream
 * quirks the contract lists are allowed (bigint columns as strings, null or absent season and episode,
 * null settings). Limits are the server's business: a response is checked for its shape only.
 */
import * as z from 'zod/mini';

const string = z.string();

/** GET /meta. `version` is "unknown" upstream when started without npm; optional to accept any backend. */
export const MetaResponse = z.object({
  name: string,
  description: z.optional(string),
  version: z.optional(string),
  hasCaptcha: z.boolean(),
  captchaClientKey: z.optional(string),
});

/** POST /auth/register/start and /auth/login/start. */
export const ChallengeResponse = z.object({ challenge: string });

export const ProfileResponse = z.object({ colorA: string, colorB: string, icon: string });

/** UserDTO. `namespace`, `roles` and `lastLoggedIn` are sent (the last after a login) but never read. */
export const UserResponse = z.object({
  id: string,
  publicKey: string,
  profile: ProfileResponse,
  createdAt: string,
  namespace: z.optional(string),
  roles: z.optional(z.array(string)),
  lastLoggedIn: z.optional(string),
});

/** SessionDTO; `device` is the encrypted device name (`iv.ct.tag`). */
export const SessionResponse = z.object({
  id: string,
  userId: string,
  createdAt: string,
  accessedAt: string,
  device: string,
  userAgent: string,
});

/** POST /auth/register/complete and /auth/login/complete. */
export const AuthResponse = z.object({ user: UserResponse, session: SessionResponse, token: string });

/** GET /users/@me: the user and the session of the token. */
export const MeResponse = z.object({ user: UserResponse, session: SessionResponse });

/** DELETE /users/:uid and DELETE /sessions/:sid. */
export const IdResponse = z.object({ id: string });

/** DELETE /users/:uid/sessions (our extension: every session but the caller's). */
export const CountResponse = z.object({ count: z.number() });

export const SessionList = z.array(SessionResponse);

export const BookmarkMetaResponse = z.object({
  title: string,
  year: z.number(),
  poster: z.optional(string),
  type: string,
});

export const BookmarkResponse = z.object({ tmdbId: string, meta: BookmarkMetaResponse, updatedAt: string });

export const BookmarkListResponse = z.array(BookmarkResponse);

/** DELETE /users/:uid/bookmarks/:tmdbid (200 even when it was not bookmarked). */
export const BookmarkDeleteResponse = z.object({ tmdbId: string });

/** `{}` for a movie; `{id, number}` for an episode; upstream's database rows give `{id: null, number: null}`. */
const Position = z.object({ id: z.nullish(string), number: z.nullish(z.number()) });

/** Upstream answers its bigint columns as JSON strings ("8160") when read from the database. */
const bigint = z.union([z.number(), string]);

export const ProgressResponse = z.object({
  id: string,
  tmdbId: string,
  season: Position,
  episode: Position,
  meta: BookmarkMetaResponse,
  duration: bigint,
  watched: bigint,
  updatedAt: string,
});

/** GET /progress, and PUT /progress/import (upstream lists only the rows that already existed). */
export const ProgressListResponse = z.array(ProgressResponse);

/** DELETE /users/:uid/progress/:tmdbid. */
export const ProgressDeleteResponse = z.object({
  count: z.number(),
  tmdbId: string,
  seasonId: z.optional(string),
  episodeId: z.optional(string),
});

/** SettingsDTO, or just `{id}` when never set. */
export const SettingsResponse = z.object({
  id: z.optional(string),
  applicationLanguage: z.nullish(string),
  applicationTheme: z.nullish(string),
  defaultSubtitleLanguage: z.nullish(string),
  proxyUrls: z.nullish(z.array(string)),
});

/** The parsed types, one per schema, of the same name. */
export type MetaResponse = z.output<typeof MetaResponse>;
export type ChallengeResponse = z.output<typeof ChallengeResponse>;
export type ProfileResponse = z.output<typeof ProfileResponse>;
export type UserResponse = z.output<typeof UserResponse>;
export type SessionResponse = z.output<typeof SessionResponse>;
export type AuthResponse = z.output<typeof AuthResponse>;
export type MeResponse = z.output<typeof MeResponse>;
export type IdResponse = z.output<typeof IdResponse>;
export type CountResponse = z.output<typeof CountResponse>;
export type SessionList = z.output<typeof SessionList>;
export type BookmarkMetaResponse = z.output<typeof BookmarkMetaResponse>;
export type BookmarkResponse = z.output<typeof BookmarkResponse>;
export type BookmarkListResponse = z.output<typeof BookmarkListResponse>;
export type BookmarkDeleteResponse = z.output<typeof BookmarkDeleteResponse>;
export type ProgressResponse = z.output<typeof ProgressResponse>;
export type ProgressListResponse = z.output<typeof ProgressListResponse>;
export type ProgressDeleteResponse = z.output<typeof ProgressDeleteResponse>;
export type SettingsResponse = z.output<typeof SettingsResponse>;
