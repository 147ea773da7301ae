import * as v from 'valibot';

/**
 * The runtime config served by the host at /config.json (a deploy changes it without a rebuild;
 * docs/behaviour.md#product-configuration).
 */
export const RuntimeConfigSchema = v.object({
  /** TMDB read token (or v3 API key); empty means the local catalog service is used instead of TMDB. */
  tmdbReadToken: v.optional(v.string(), ''),
  /** TMDB API origin (without /3). */
  tmdbApiUrl: v.optional(v.string(), 'https://api.themoviedb.org'),
  /** Tried after the first host fails or times out (docs/behaviour.md#backend-api-movie-database). */
  tmdbFallbackApiUrls: v.optional(v.array(v.string()), ['https://api.tmdb.org']),
  /** TMDB image origin (without /t/p). */
  tmdbImageUrl: v.optional(v.string(), 'https://image.tmdb.org'),
  /** The local TMDB-compatible catalog, used when no TMDB token is configured (its API and images). */
  localCatalogUrl: v.optional(v.string(), 'http://localhost:4100'),
  /** Account backend URL; empty disables accounts. */
  backendUrl: v.optional(v.string(), ''),
  /** Proxy worker URLs: a plain URL is a proxy; a prefixed entry may declare proxy or api (docs/behaviour.md#scraping-proxies). */
  proxyUrls: v.optional(v.array(v.string()), []),
  /** Origins a QA override (?remote.<name>=<url>) may load a remote from. */
  remoteOverrideOrigins: v.optional(v.array(v.string()), []),
  /**
   * Partner origins that may embed the player (exact origins, or `*` for any): its embed pages may be
   * framed by them, it obeys their commands and posts its events to them alone.
   */
  embedOrigins: v.optional(v.array(v.string()), ['*']),
  /** Product flags (docs/behaviour.md#product-configuration). */
  hasOnboarding: v.optional(v.boolean(), false),
  allowAutoplay: v.optional(v.boolean(), true),
  allowFebboxKey: v.optional(v.boolean(), false),
  /** Reserves the ad slot on Home; off because the default build shows no ads. */
  showAd: v.optional(v.boolean(), false),
  /** 'browser' (normal) or 'hash' router. */
  routerMode: v.optional(v.picklist(['browser', 'hash']), 'browser'),
  /** Media ids (e.g. tmdb-movie-123) that are not played. */
  disallowedIds: v.optional(v.array(v.string()), []),
  /** CDN host replacements applied to stream URLs: [from, to] pairs. */
  cdnReplacements: v.optional(v.array(v.tuple([v.string(), v.string()])), []),
  /** The local media library the default provider queries (services/ media). */
  localLibraryUrl: v.optional(v.string(), 'http://localhost:4101'),
  /** An Internet Archive-compatible API for public-domain films; empty disables that provider. */
  archiveUrl: v.optional(v.string(), ''),
  /** Where scrape outcomes are reported (docs/behaviour.md#scraping-reports); empty reports nothing. */
  scrapeReportUrl: v.optional(v.string(), ''),
  /**
   * Cloudflare Turnstile site key (docs/behaviour.md#scraping-captcha): when set, a scrape that may go through the proxy workers
   * or a remote scraping server first gets a Turnstile token (sent as X-Token and cf-turnstile-response).
   * Empty: no captcha.
   */
  turnstileSiteKey: v.optional(v.string(), ''),
  /** The Turnstile API script, loaded only when a token is needed (absolute URL; `render=explicit` is added). */
  turnstileScriptUrl: v.optional(
    v.pipe(v.string(), v.url('must be an absolute URL')),
    'https://challenges.cloudflare.com/turnstile/v0/api.js',
  ),
  /** The intro-skip service; empty disables Skip Intro. */
  skipsUrl: v.optional(v.string(), ''),
  /**
   * The OpenSubtitles REST API (api.opensubtitles.com, `/api/v1`) the captions menu searches for
   * external captions; the local run points it at its stand-in.
   */
  opensubtitlesUrl: v.optional(v.string(), 'https://api.opensubtitles.com/api/v1'),
  /** The OpenSubtitles consumer's API key (sent as `Api-Key`); empty: no OpenSubtitles search. */
  opensubtitlesApiKey: v.optional(v.string(), ''),
  /** IP-location service for the region chooser. */
  geoUrl: v.optional(v.string(), ''),
  /** The IP-location look-up tried when geoUrl fails: ipinfo.io's protocol (`GET /json` → `loc: "lat,lon"`). */
  geoFallbackUrl: v.optional(v.string(), ''),
  /**
   * The streaming-guide API (JustWatch content API shape) that turns old `/media/JW-…` links into
   * TMDB ones (docs/behaviour.md#routes-legacy-redirects); empty: such links show the "old link" page.
   */
  streamingGuideUrl: v.optional(v.string(), ''),
  /** Where the streaming guide's posters live (JustWatch: https://images.justwatch.com); empty: the guide's own origin. */
  streamingGuideImageUrl: v.optional(v.string(), ''),
  /** External HLS downloader; the playlist URL is appended (docs/behaviour.md#player-downloads-and-watch-party). */
  downloaderUrl: v.optional(v.string(), 'https://hls-downloader.example.invalid/?url='),
  /** Watch party page; the video URL is appended (docs/behaviour.md#player-downloads-and-watch-party). */
  watchPartyUrl: v.optional(v.string(), 'https://watchparty.example.invalid/?url='),
  /** Community chat link (header, not-found page, support). */
  communityChatUrl: v.optional(v.string(), 'https://discord.movie-web.app'),
  /**
   * "Tip the developers" link in the user menu, shown by default (one of the menu's items,
   * docs/behaviour.md#routes-site-frame); a deploy points it at its own tip page (the default is a placeholder, like the downloader's),
   * or sets it empty to hide it.
   */
  tipUrl: v.optional(v.string(), 'https://tip.example.invalid/'),
  /** Contact for takedown notices on /dmca; the page says so when empty. */
  dmcaEmail: v.optional(v.string(), ''),
  /** The code profile /jip's button opens. */
  authorProfileUrl: v.optional(v.string(), 'https://github.com/JipFr'),
  /** Show the provider-issues notice instead of the watch page; off by default (docs/behaviour.md#routes-provider-issues-notice). */
  showProviderIssues: v.optional(v.boolean(), false),
  /** Milliseconds before a remote's manifest fetch is abandoned. */
  remoteManifestTimeoutMs: v.optional(v.number(), 8000),
});

export type RuntimeConfig = v.InferOutput<typeof RuntimeConfigSchema>;

export type ParseResult<T> = { ok: true; value: T } | { ok: false; error: string };

function describeIssues(issues: readonly v.BaseIssue<unknown>[]): string {
  return issues
    .map((issue) => {
      const key = issue.path?.map((p) => String(p.key)).join('.') ?? '';
      return key ? `${key}: ${issue.message}` : issue.message;
    })
    .join('; ');
}

/** Validates a parsed config.json; unknown keys are ignored, missing ones take defaults. */
export function parseRuntimeConfig(input: unknown): ParseResult<RuntimeConfig> {
  const result = v.safeParse(RuntimeConfigSchema, input);
  return result.success ? { ok: true, value: result.output } : { ok: false, error: describeIssues(result.issues) };
}

export const DEFAULT_RUNTIME_CONFIG: RuntimeConfig = v.parse(RuntimeConfigSchema, {});
