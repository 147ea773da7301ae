/**
 * Request bodies of the account API, as the server validates them. Unknown keys are
 * stripped, as upstream does. The server words a mismatch the way upstream does (see its http.ts).
 */
import * as v from 'valibot';
import { record } from './record';

const text = (max: number) => v.pipe(v.string(), v.maxLength(max));
const sized = (min: number, max: number) => v.pipe(v.string(), v.minLength(min), v.maxLength(max));
const id = sized(1, 100);

export const Profile = record({ colorA: text(100), colorB: text(100), icon: text(100) });

export const RegisterStart = record({ captchaToken: v.optional(text(4096)) });

const Challenge = record({ code: text(100), signature: text(200) });

export const RegisterComplete = record({
  publicKey: text(200),
  challenge: Challenge,
  namespace: sized(1, 255),
  device: sized(1, 500),
  profile: Profile,
});

export const LoginStart = record({ publicKey: text(200) });

/** `namespace` is accepted and ignored, as upstream does: only registration stores it. */
export const LoginComplete = record({
  publicKey: text(200),
  challenge: Challenge,
  device: sized(1, 500),
});

/** `name` is accepted but ignored, as upstream does. */
export const UserPatch = record({ profile: v.optional(Profile), name: v.optional(sized(1, 500)) });

export const SessionPatch = record({ deviceName: v.optional(sized(1, 500)) });

/** A JSON number (JSON cannot carry NaN or ±Infinity). */
export const BookmarkMeta = record({
  title: text(1000),
  year: v.number(),
  poster: v.optional(text(2000)),
  type: text(50),
});

/** When the client made the change (our extension: upstream ignores it and stamps the time of receipt). */
const editedAt = v.optional(v.pipe(v.string(), v.isoTimestamp()));
export const BookmarkInput = record({ tmdbId: id, meta: BookmarkMeta, updatedAt: editedAt });
/** POST /bookmarks/:tmdbid: the path id wins, the body's is optional. */
export const BookmarkPost = record({ tmdbId: v.optional(id), meta: BookmarkMeta, updatedAt: editedAt });
export const BookmarkList = v.pipe(v.array(BookmarkInput), v.maxLength(10_000));

export const ProgressMeta = record({
  title: text(1000),
  year: v.number(),
  poster: v.optional(text(2000)),
  type: v.picklist(['movie', 'show']),
});

const seconds = v.pipe(v.number(), v.minValue(0), v.maxValue(1e9));
const number = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(1e6));

export const ProgressInput = record({
  tmdbId: id,
  meta: ProgressMeta,
  duration: seconds,
  watched: seconds,
  seasonId: v.nullish(id),
  episodeId: v.nullish(id),
  seasonNumber: v.nullish(number),
  episodeNumber: v.nullish(number),
  updatedAt: editedAt,
});
/** PUT /progress/:tmdbid: the path id wins. */
export const ProgressPut = record({ ...ProgressInput.entries, tmdbId: v.optional(id) });
export const ProgressImport = v.pipe(v.array(ProgressInput), v.maxLength(10_000));

/** The body is required (send `{}` at least); the ids go in their own fields, as upstream expects. */
export const ProgressDelete = record({ seasonId: v.nullish(id), episodeId: v.nullish(id) });

/** A partial update: an absent key is left unchanged, null clears it. */
export const SettingsPut = record({
  applicationLanguage: v.nullish(text(50)),
  applicationTheme: v.nullish(text(100)),
  defaultSubtitleLanguage: v.nullish(text(50)),
  proxyUrls: v.nullish(v.pipe(v.array(text(2000)), v.maxLength(100))),
});

/** Path parameters. */
export const TmdbIdParam = id;

/** The sent types, one per schema, of the same name. */
export type Profile = v.InferInput<typeof Profile>;
export type RegisterStart = v.InferInput<typeof RegisterStart>;
export type RegisterComplete = v.InferInput<typeof RegisterComplete>;
export type LoginStart = v.InferInput<typeof LoginStart>;
export type LoginComplete = v.InferInput<typeof LoginComplete>;
export type UserPatch = v.InferInput<typeof UserPatch>;
export type SessionPatch = v.InferInput<typeof SessionPatch>;
export type BookmarkMeta = v.InferInput<typeof BookmarkMeta>;
export type BookmarkInput = v.InferInput<typeof BookmarkInput>;
export type BookmarkPost = v.InferInput<typeof BookmarkPost>;
export type BookmarkList = v.InferInput<typeof BookmarkList>;
export type ProgressMeta = v.InferInput<typeof ProgressMeta>;
export type ProgressInput = v.InferInput<typeof ProgressInput>;
export type ProgressPut = v.InferInput<typeof ProgressPut>;
export type ProgressImport = v.InferInput<typeof ProgressImport>;
export type ProgressDelete = v.InferInput<typeof ProgressDelete>;
export type SettingsPut = v.InferInput<typeof SettingsPut>;
