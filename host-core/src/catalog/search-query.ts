/** The search rules (docs/behaviour.md#home-search), as pure functions. */
import type { MediaCard, MediaType } from 'shared-contracts';

export type ParsedSearch =
  { kind: 'empty' } | { kind: 'id'; tmdbId: string; type: MediaType | null } | { kind: 'text'; text: string; year: number | null };

/** Decodes (URL-encoded text is accepted), then recognises tmdb:{id}[:movie|tv] and a trailing year:{YYYY}. */
export function parseSearchQuery(raw: string): ParsedSearch {
  let text = raw;
  try {
    text = decodeURIComponent(raw);
  } catch {
    // Not valid percent-encoding: search for the text as typed.
  }
  text = text.trim();
  if (!text) return { kind: 'empty' };
  const idMatch = /^tmdb:(\d+)(?::(movie|tv))?$/i.exec(text);
  if (idMatch) {
    const type = idMatch[2]?.toLowerCase();
    return { kind: 'id', tmdbId: idMatch[1]!, type: type === 'movie' ? 'movie' : type === 'tv' ? 'show' : null };
  }
  const yearMatch = /^(.*?)\s*year:(\d{4})$/i.exec(text);
  if (yearMatch) {
    const rest = yearMatch[1]!.trim();
    return rest ? { kind: 'text', text: rest, year: Number(yearMatch[2]) } : { kind: 'empty' };
  }
  return { kind: 'text', text, year: null };
}

/** Keeps the year's titles when a year is given, then lists titles with posters first (stable). */
export function arrangeResults(results: readonly MediaCard[], year: number | null): MediaCard[] {
  const kept = year === null ? [...results] : results.filter((r) => r.year === year);
  return [...kept.filter((r) => r.poster), ...kept.filter((r) => !r.poster)];
}
