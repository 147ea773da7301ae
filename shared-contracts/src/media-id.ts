/** Media ids in URLs (docs/behaviour.md#routes-media-ids): tmdb-{movie|tv}-{id}-{slug}. Internally a title is 'movie' or 'show'. */

export type MediaType = 'movie' | 'show';
export type TmdbType = 'movie' | 'tv';

export interface MediaRef {
  type: MediaType;
  /** TMDB id, as a string of digits. */
  tmdbId: string;
}

export const toTmdbType = (type: MediaType): TmdbType => (type === 'movie' ? 'movie' : 'tv');
export const fromTmdbType = (type: TmdbType): MediaType => (type === 'movie' ? 'movie' : 'show');

/** Lower-case ASCII words joined by dashes; accents folded; empty for titles with no latin letters. */
export function slugify(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** tmdb-movie-603-the-matrix */
export function encodeMediaId(ref: MediaRef, title?: string): string {
  const slug = title ? slugify(title) : '';
  return `tmdb-${toTmdbType(ref.type)}-${ref.tmdbId}${slug ? `-${slug}` : ''}`;
}

/** The ref of a media id, or null when it is not of the tmdb-{movie|tv}-{id}[-slug] form. */
export function decodeMediaId(id: string): MediaRef | null {
  const match = /^tmdb-(movie|tv)-(\d+)(?:-.*)?$/.exec(id);
  if (!match) return null;
  return { type: fromTmdbType(match[1] as TmdbType), tmdbId: match[2]! };
}

/** The watch page path of a title (and, for shows, of a season and episode by TMDB ids). */
export function mediaPath(ref: MediaRef, title?: string, episode?: { seasonId: string; episodeId: string }): string {
  const base = `/media/${encodeMediaId(ref, title)}`;
  return episode ? `${base}/${episode.seasonId}/${episode.episodeId}` : base;
}
