/**
 * A watch or embed link's view parameters: `?theme=` and `?language=` show that theme and language on
 * this page view only (the person's saved ones change in Settings, never through a link). The host's
 * watch route and the player (standalone, as partners embed it) read them with this one parser.
 */
import { useLayoutEffect } from 'react';
import type { HostActions } from './host-context';
import { isLanguage, type Language } from './languages';
import { isThemeName, type ThemeName } from './theme';

export interface ViewParams {
  /** A known theme name, else null (the saved theme shows). */
  theme: ThemeName | null;
  /** A supported interface language, else null (the saved language shows). */
  language: Language | null;
}

/** The view parameters of a query string (with or without its '?'); unknown values read as null. */
export function parseViewParams(search: string): ViewParams {
  const params = new URLSearchParams(search);
  const theme = params.get('theme');
  const language = params.get('language');
  return { theme: theme && isThemeName(theme) ? theme : null, language: language && isLanguage(language) ? language : null };
}

/**
 * Shows the view parameters of `search` through the host while the page is on screen, and the saved
 * theme and language again when it leaves. Before the browser paints, so the page never shows in the
 * saved language first. Returns what it read.
 */
export function useViewParams(search: string, actions: Pick<HostActions, 'showForView'>): ViewParams {
  useLayoutEffect(() => {
    actions.showForView?.(parseViewParams(search));
  }, [search, actions]);
  useLayoutEffect(() => () => actions.showForView?.(null), [actions]);
  return parseViewParams(search);
}
