/**
 * `?theme=` and `?language=` of the watch and embed routes (docs/behaviour.md#routes-query-parameters): applied by the player
 * itself too, so that the standalone player (the page partners embed) honours them, with the
 * document's language and direction (right to left for Arabic and Hebrew). They show on this page
 * view only: the person's saved theme and language change in Settings, never through a link.
 */
import { useEffect, useLayoutEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'shared-contracts/router';
import { RTL_LANGUAGES, useHostServices, type Language } from 'shared-contracts';
import { useViewParams } from 'shared-contracts/view-params';

export function usePlayerViewParams(): void {
  const { search } = useLocation();
  const { actions } = useHostServices();
  const { i18n } = useTranslation('player');
  const { language: asked } = useViewParams(search, actions);
  useLayoutEffect(() => {
    // A host without showForView applies the parameters itself (it is older than this player).
    if (actions.showForView && asked && i18n.language !== asked) void i18n.changeLanguage(asked);
  }, [search, asked, actions, i18n]);
  const language = i18n.language;
  useEffect(() => {
    if (!language) return;
    document.documentElement.lang = language;
    document.documentElement.dir = RTL_LANGUAGES.includes(language as Language) ? 'rtl' : 'ltr';
  }, [language]);
}
