/** Legacy and embed URL rules (spec §2, DECISIONS §5). Pure. */

export type LegacyResolution =
  /** /media/tmdb-show-{id}…: a TMDB id under the old type name. */
  | { kind: 'redirect'; to: string }
  /** /media/JW…: ids of a streaming guide this site can no longer query. */
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
  if (media.startsWith('JW')) return { kind: 'unresolvable' };
  return { kind: 'none' };
}

/** Applies theme and language query parameters of watch and embed routes (spec §2). */
export function viewParams(search: string): { theme: string | null; language: string | null } {
  const params = new URLSearchParams(search);
  return { theme: params.get('theme'), language: params.get('language') };
}
