/**
 * `?theme=` and `?language=` of the watch and embed routes (spec §2, README): applied by the player
 * itself too, so that the standalone player (the page partners embed) honours them, with the
 * document's language and direction (right to left for Arabic and Hebrew).
 */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'shared-contracts/router';
import { RTL_LANGUAGES, THEME_NAMES, isLanguage, useHostServices, type Language, type ThemeName } from 'shared-contracts';

export function useViewParams(): void {
  const { search } = useLocation();
  const { actions } = useHostServices();
  const { i18n } = useTranslation('player');
  useEffect(() => {
    const params = new URLSearchParams(search);
    const theme = params.get('theme');
    const language = params.get('language');
    if (theme && (THEME_NAMES as readonly string[]).includes(theme)) actions.setTheme(theme as ThemeName);
    if (language && isLanguage(language)) {
      actions.setLanguage(language);
      if (i18n.language !== language) void i18n.changeLanguage(language);
    }
  }, [search, actions, i18n]);
  const language = i18n.language;
  useEffect(() => {
    if (!language) return;
    document.documentElement.lang = language;
    document.documentElement.dir = RTL_LANGUAGES.includes(language as Language) ? 'rtl' : 'ltr';
  }, [language]);
}
