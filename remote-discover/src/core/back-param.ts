/**
 * `?back=` on watch pages: where the player's back control leads. Only a path of this site is accepted
 * (the host drops anything else before the player reads it). Pure.
 */
export const BACK_PARAM = 'back';

/** The title's path with `back` set to `from` (a path of this site); the home page needs none. */
export function withBack(href: string, from: string): string {
  if (!from.startsWith('/') || from.startsWith('//') || from === '/') return href;
  const [path, query = ''] = href.split('?', 2) as [string, string?];
  const params = new URLSearchParams(query);
  params.set(BACK_PARAM, from);
  return `${path}?${params.toString()}`;
}
