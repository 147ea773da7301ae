/**
 * Response bodies of the account API, as the account remote validates them and the server
 * builds them. They must hold for the upstream movie-web backend too, so they are lenient where it is:
 * unknown keys are accepted (and dropped), fields the site never reads are optional, and the upstream
 * quirks the contract lists are allowed (bigint columns as strings, null or absent season and episode,
 * null settings). Limits are the server's business: a response is checked for its shape only.
 */
import * as v from 'valibot';
import { record } from './record';

const string = v.string();

/** GET /meta. `version` is "unknown" upstream when started without npm; optional to accept any backend. */
export const MetaResponse = record({
  name: string,
  description: v.optional(string),
  version: v.optional(string),
  hasCaptcha: v.boolean(),
  captchaClientKey: v.optional(string),
});

/** POST /auth/register/start and /auth/login/start. */
export const ChallengeResponse = record({ challenge: string });

export const ProfileResponse = record({ colorA: string, colorB: string, icon: string });

/** UserDTO. `namespace`, `roles` and `lastLoggedIn` are sent (the last after a login) but never read. */
export const UserResponse = record({
  id: string,
  publicKey: string,
  profile: ProfileResponse,
  createdAt: string,
  namespace: v.optional(string),
  roles: v.optional(v.array(string)),
  lastLoggedIn: v.optional(string),
});

/** SessionDTO; `device` is the encrypted device name (`iv.ct.tag`). */
export const SessionResponse = record({
  id: string,
  userId: string,
  createdAt: string,
  accessedAt: string,
  device: string,
  userAgent: string,
});

/** POST /auth/register/complete and /auth/login/complete. */
export const AuthResponse = record({ user: UserResponse, session: SessionResponse, token: string });

/** GET /users/@me: the user and the session of the token. */
export const MeResponse = record({ user: UserResponse, session: SessionResponse });

/** DELETE /users/:uid and DELETE /sessions/:sid. */
export const IdResponse = record({ id: string });

/** DELETE /users/:uid/sessions (our extension: every session but the caller's). */
export const CountResponse = record({ count: v.number() });

export const SessionList = v.array(SessionResponse);

export const BookmarkMetaResponse = record({
  title: string,
  year: v.number(),
  poster: v.optional(string),
  type: string,
});

export const BookmarkResponse = record({ tmdbId: string, meta: BookmarkMetaResponse, updatedAt: string });

export const BookmarkListResponse = v.array(BookmarkResponse);

/** DELETE /users/:uid/bookmarks/:tmdbid (200 even when it was not bookmarked). */
export const BookmarkDeleteResponse = record({ tmdbId: string });

/** `{}` for a movie; `{id, number}` for an episode; upstream's database rows give `{id: null, number: null}`. */
const Position = record({ id: v.nullish(string), number: v.nullish(v.number()) });

/** Upstream answers its bigint columns as JSON strings ("8160") when read from the database. */
const bigint = v.union([v.number(), string]);

export const ProgressResponse = record({
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
export const ProgressListResponse = v.array(ProgressResponse);

/** DELETE /users/:uid/progress/:tmdbid. */
export const ProgressDeleteResponse = record({
  count: v.number(),
  tmdbId: string,
  seasonId: v.optional(string),
  episodeId: v.optional(string),
});

/** SettingsDTO, or just `{id}` when never set. */
export const SettingsResponse = record({
  id: v.optional(string),
  applicationLanguage: v.nullish(string),
  applicationTheme: v.nullish(string),
  defaultSubtitleLanguage: v.nullish(string),
  proxyUrls: v.nullish(v.array(string)),
});

/** The parsed types, one per schema, of the same name. */
export type MetaResponse = v.InferOutput<typeof MetaResponse>;
export type ChallengeResponse = v.InferOutput<typeof ChallengeResponse>;
export type ProfileResponse = v.InferOutput<typeof ProfileResponse>;
export type UserResponse = v.InferOutput<typeof UserResponse>;
export type SessionResponse = v.InferOutput<typeof SessionResponse>;
export type AuthResponse = v.InferOutput<typeof AuthResponse>;
export type MeResponse = v.InferOutput<typeof MeResponse>;
export type IdResponse = v.InferOutput<typeof IdResponse>;
export type CountResponse = v.InferOutput<typeof CountResponse>;
export type SessionList = v.InferOutput<typeof SessionList>;
export type BookmarkMetaResponse = v.InferOutput<typeof BookmarkMetaResponse>;
export type BookmarkResponse = v.InferOutput<typeof BookmarkResponse>;
export type BookmarkListResponse = v.InferOutput<typeof BookmarkListResponse>;
export type BookmarkDeleteResponse = v.InferOutput<typeof BookmarkDeleteResponse>;
export type ProgressResponse = v.InferOutput<typeof ProgressResponse>;
export type ProgressListResponse = v.InferOutput<typeof ProgressListResponse>;
export type ProgressDeleteResponse = v.InferOutput<typeof ProgressDeleteResponse>;
export type SettingsResponse = v.InferOutput<typeof SettingsResponse>;
