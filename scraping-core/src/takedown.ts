/** The operator's takedown list (config `disallowedIds`): titles the product does not play. */

/** Whether the config's disallowed ids name this media (`tmdb-movie-<id>`, `tmdb-tv-<id>`, slug suffix allowed). */
export function isDisallowedMedia(
  media: { type: 'movie' | 'show'; tmdbId: string },
  disallowedIds: readonly string[] | undefined,
): boolean {
  const kinds = media.type === 'movie' ? ['movie'] : ['tv', 'show'];
  return (disallowedIds ?? []).some((id) => {
    const match = /^tmdb-(movie|tv|show)-(\d+)(?:-|$)/.exec(id);
    return Boolean(match && kinds.includes(match[1] as string) && match[2] === media.tmdbId);
  });
}
