/** Discover's tab in the URL (`/discover?tab=tvshows`), so Back and shared links keep it. Pure. */

export const TABS = ['movies', 'tvshows', 'editorpicks'] as const;
export type Tab = (typeof TABS)[number];
export const TAB_PARAM = 'tab';
const DEFAULT_TAB: Tab = 'movies';

/** The tab a search string names; the default (movies) when absent or unknown. */
export function parseTab(search: string): Tab {
  const value = new URLSearchParams(search).get(TAB_PARAM);
  return (TABS as readonly string[]).includes(value ?? '') ? (value as Tab) : DEFAULT_TAB;
}

/** The search string with the tab set, other params kept; the default tab leaves no parameter. */
export function withTab(search: string, tab: Tab): string {
  const params = new URLSearchParams(search);
  if (tab === DEFAULT_TAB) params.delete(TAB_PARAM);
  else params.set(TAB_PARAM, tab);
  const out = params.toString();
  return out ? `?${out}` : '';
}
