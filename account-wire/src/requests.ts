/**
 * Request bodies of the account API (contract A3), as the server validates them. Unknown keys are
 * stripped, as upstream does. zod/mini keeps the account remote's bundle small; its issues carry the
 * same codes and paths as zod's (the server loads the English messages, see its schemas.ts).
 */
import * as z from 'zod/mini';

const text = (max: number) => z.string().check(z.maxLength(max));
const sized = (min: number, max: number) => z.string().check(z.minLength(min), z.maxLength(max));
const id = sized(1, 100);

export const Profile = z.object({ colorA: text(100), colorB: text(100), icon: text(100) });

export const RegisterStart = z.object({ captchaToken: z.optional(text(4096)) });

const Challenge = z.object({ code: text(100), signature: text(200) });

export const RegisterComplete = z.object({
  publicKey: text(200),
  challenge: Challenge,
  namespace: sized(1, 255),
  device: sized(1, 500),
  profile: Profile,
});

export const LoginStart = z.object({ publicKey: text(200) });

/** `namespace` is accepted and ignored (contract A8.8): only registration stores it. */
export const LoginComplete = z.object({
  publicKey: text(200),
  challenge: Challenge,
  device: sized(1, 500),
});

/** `name` is accepted but ignored (contract A3). */
export const UserPatch = z.object({ profile: z.optional(Profile), name: z.optional(sized(1, 500)) });

export const SessionPatch = z.object({ deviceName: z.optional(sized(1, 500)) });

/** A JSON number: zod refuses NaN and ±Infinity (which JSON cannot carry anyway). */
export const BookmarkMeta = z.object({
  title: text(1000),
  year: z.number(),
  poster: z.optional(text(2000)),
  type: text(50),
});

/** When the client made the change (our extension: upstream ignores it and stamps the time of receipt). */
const editedAt = z.optional(z.iso.datetime({ offset: true }));
export const BookmarkInput = z.object({ tmdbId: id, meta: BookmarkMeta, updatedAt: editedAt });
/** POST /bookmarks/:tmdbid: the path id wins, the body's is optional. */
export const BookmarkPost = z.object({ tmdbId: z.optional(id), meta: BookmarkMeta, updatedAt: editedAt });
export const BookmarkList = z.array(BookmarkInput).check(z.maxLength(10_000));

export const ProgressMeta = z.object({
  title: text(1000),
  year: z.number(),
  poster: z.optional(text(2000)),
  type: z.enum(['movie', 'show']),
});

const seconds = z.number().check(z.gte(0), z.lte(1e9));
const number = z.int().check(z.gte(0), z.lte(1e6));

export const ProgressInput = z.object({
  tmdbId: id,
  meta: ProgressMeta,
  duration: seconds,
  watched: seconds,
  seasonId: z.nullish(id),
  episodeId: z.nullish(id),
  seasonNumber: z.nullish(number),
  episodeNumber: z.nullish(number),
  updatedAt: editedAt,
});
/** PUT /progress/:tmdbid: the path id wins. */
export const ProgressPut = z.extend(ProgressInput, { tmdbId: z.optional(id) });
export const ProgressImport = z.array(ProgressInput).check(z.maxLength(10_000));

/** The body is required (send `{}` at least); the ids go in their own fields (contract A7). */
export const ProgressDelete = z.object({ seasonId: z.nullish(id), episodeId: z.nullish(id) });

/** A partial update: an absent key is left unchanged, null clears it. */
export const SettingsPut = z.object({
  applicationLanguage: z.nullish(text(50)),
  applicationTheme: z.nullish(text(100)),
  defaultSubtitleLanguage: z.nullish(text(50)),
  proxyUrls: z.nullish(z.array(text(2000)).check(z.maxLength(100))),
});

/** Path parameters. */
export const TmdbIdParam = id;

/** The sent types, one per schema, of the same name. */
export type Profile = z.input<typeof Profile>;
export type RegisterStart = z.input<typeof RegisterStart>;
export type RegisterComplete = z.input<typeof RegisterComplete>;
export type LoginStart = z.input<typeof LoginStart>;
export type LoginComplete = z.input<typeof LoginComplete>;
export type UserPatch = z.input<typeof UserPatch>;
export type SessionPatch = z.input<typeof SessionPatch>;
export type BookmarkMeta = z.input<typeof BookmarkMeta>;
export type BookmarkInput = z.input<typeof BookmarkInput>;
export type BookmarkPost = z.input<typeof BookmarkPost>;
export type BookmarkList = z.input<typeof BookmarkList>;
export type ProgressMeta = z.input<typeof ProgressMeta>;
export type ProgressInput = z.input<typeof ProgressInput>;
export type ProgressPut = z.input<typeof ProgressPut>;
export type ProgressImport = z.input<typeof ProgressImport>;
export type ProgressDelete = z.input<typeof ProgressDelete>;
export type SettingsPut = z.input<typeof SettingsPut>;
