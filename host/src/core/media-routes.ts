/** Legacy and embed URL rules (docs/behaviour.md#routes-legacy-redirects). Pure. */
import { decodeMediaId, type MediaType } from 'shared-contracts';

export interface JwLink {
  type: MediaType;
  /** The guide's title id. */
  guideId: string;
  /** The guide's season and episode ids, when the link named an episode. */
  seasonId?: string;
  episodeId?: string;
}

/** `JW-movie-123`, `JW-show-45-some-slug` (and the dash-less `JWmovie-123`) with optional season/episode segments. */
export function parseJwLink(media: string, rest: readonly string[]): JwLink | null {
  const match = /^JW-?(movie|show)-(\d{1,9})(?:-.*)?$/.exec(media);
  if (!match) return null;
  const link: JwLink = { type: match[1] as MediaType, guideId: match[2]! };
  const [season, episode] = rest.filter(Boolean);
  if (link.type === 'show' && season && episode && /^\d{1,9}$/.test(season) && /^\d{1,9}$/.test(episode)) {
    link.seasonId = season;
    link.episodeId = episode;
  }
  return link;
}

export type LegacyResolution =
  /** /media/tmdb-show-{id}…: a TMDB id under the old type name. */
  | { kind: 'redirect'; to: string }
  /** /media/JW-{movie|show}-{id}…: a streaming guide's id, looked up there (see legacy-guide.ts). */
  | { kind: 'guide'; link: JwLink }
  /** /media/tt{digits}: an IMDb id, looked up in the movie database (see legacy-guide.ts). */
  | { kind: 'imdb'; imdbId: string }
  /** /media/JW… that is not a guide id of any form. */
  | { kind: 'unresolvable' }
  | { kind: 'none' };

/** What to do with /media/{media}[/{rest}] for a legacy media id; `search` is kept (with its '?'). */
export function resolveLegacyMedia(media: string, rest: string[], search: string): LegacyResolution {
  const suffix = rest.filter(Boolean).map(encodeURIComponent).join('/');
  const show = /^tmdb-show-(\d+)(?:-(.*))?$/.exec(media);
  if (show) {
    const slug = show[2] ? `-${show[2]}` : '';
    return { kind: 'redirect', to: `/media/tmdb-tv-${show[1]}${slug}${suffix ? `/${suffix}` : ''}${search}` };
  }
  if (/^tt\d{1,12}$/.test(media)) return { kind: 'imdb', imdbId: media };
  if (media.startsWith('JW')) {
    const link = parseJwLink(media, rest);
    return link ? { kind: 'guide', link } : { kind: 'unresolvable' };
  }
  return { kind: 'none' };
}

/**
 * The player's back link (`?back=`) accepts a path of this site only: `/browse/x`, `/discover?tab=…`.
 * Other sites' URLs, protocol-relative `//host`, backslash tricks and control characters give null.
 */
export function safeBackPath(value: string | null): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return null;
  try {
    const base = 'http://site.invalid';
    const url = new URL(value, base);
    if (url.origin !== base) return null;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return null; // not a URL at all
  }
}

/** The search string without an unsafe `back` (null when nothing needs to change). */
export function withoutUnsafeBack(search: string): string | null {
  const params = new URLSearchParams(search);
  const back = params.get('back');
  if (back === null || safeBackPath(back) !== null) return null;
  params.delete('back');
  const out = params.toString();
  return out ? `?${out}` : '';
}

/** The title of /media/{media} as this device knows it (watch progress, else a bookmark); null when it does not. */
export function knownTitle(
  media: string,
  state: { progress: Readonly<Record<string, { title: string }>>; bookmarks: Readonly<Record<string, { title: string }>> },
): string | null {
  const ref = decodeMediaId(media);
  if (!ref) return null;
  return state.progress[ref.tmdbId]?.title || state.bookmarks[ref.tmdbId]?.title || null;
}
