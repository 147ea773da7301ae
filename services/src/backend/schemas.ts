import { z } from 'zod';

/** Request bodies of the account API (contract A3). Unknown keys are stripped, as upstream does. */

const text = (max: number) => z.string().max(max);
const id = z.string().min(1).max(100);

export const Profile = z.object({ colorA: text(100), colorB: text(100), icon: text(100) });

export const RegisterStart = z.object({ captchaToken: text(4096).optional() });

const Challenge = z.object({ code: text(100), signature: text(200) });

export const RegisterComplete = z.object({
  publicKey: text(200),
  challenge: Challenge,
  namespace: z.string().min(1).max(255),
  device: z.string().min(1).max(500),
  profile: Profile,
});

export const LoginStart = z.object({ publicKey: text(200) });

export const LoginComplete = z.object({
  publicKey: text(200),
  challenge: Challenge,
  device: z.string().min(1).max(500),
});

export const UserPatch = z.object({ profile: Profile.optional(), name: z.string().min(1).max(500).optional() });

export const SessionPatch = z.object({ deviceName: z.string().min(1).max(500).optional() });

export const BookmarkMeta = z.object({
  title: text(1000),
  year: z.number().finite(),
  poster: text(2000).optional(),
  type: text(50),
});

/** When the client made the change (our extension: upstream ignores it and stamps the time of receipt). */
const editedAt = z.iso.datetime({ offset: true }).optional();
export const BookmarkInput = z.object({ tmdbId: id, meta: BookmarkMeta, updatedAt: editedAt });
/** POST /bookmarks/:tmdbid: the path id wins, the body's is optional. */
export const BookmarkPost = z.object({ tmdbId: id.optional(), meta: BookmarkMeta, updatedAt: editedAt });
export const BookmarkList = z.array(BookmarkInput).max(10_000);

export const ProgressMeta = z.object({
  title: text(1000),
  year: z.number().finite(),
  poster: text(2000).optional(),
  type: z.enum(['movie', 'show']),
});

const seconds = z.number().finite().min(0).max(1e9);
const number = z.number().int().min(0).max(1e6);

export const ProgressInput = z.object({
  tmdbId: id,
  meta: ProgressMeta,
  duration: seconds,
  watched: seconds,
  seasonId: id.nullish(),
  episodeId: id.nullish(),
  seasonNumber: number.nullish(),
  episodeNumber: number.nullish(),
  updatedAt: z.iso.datetime({ offset: true }).optional(),
});
/** PUT /progress/:tmdbid: the path id wins. */
export const ProgressPut = ProgressInput.extend({ tmdbId: id.optional() });
export const ProgressImport = z.array(ProgressInput).max(10_000);

export const ProgressDelete = z.object({ seasonId: id.nullish(), episodeId: id.nullish() });

export const SettingsPut = z.object({
  applicationLanguage: text(50).nullish(),
  applicationTheme: text(100).nullish(),
  defaultSubtitleLanguage: text(50).nullish(),
  proxyUrls: z.array(text(2000)).max(100).nullish(),
});

const ProviderMetric = z.object({
  tmdbId: id,
  type: text(50),
  title: text(1000),
  seasonId: id.optional(),
  episodeId: id.optional(),
  status: z.enum(['failed', 'notfound', 'success']),
  providerId: text(100),
  embedId: text(100).optional(),
  errorMessage: text(4000).optional(),
  fullError: text(20_000).optional(),
});

export const ProviderMetrics = z.object({ items: z.array(ProviderMetric).min(1).max(10), tool: text(100).optional() });

export const CaptchaMetric = z.object({ success: z.boolean() });

/** Path parameters. */
export const TmdbIdParam = id;
