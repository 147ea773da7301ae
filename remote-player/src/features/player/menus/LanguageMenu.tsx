/** Settings router `/language`. */
import { useTranslation } from 'react-i18next';
import { LANGUAGES, LANGUAGE_NAMES, useHostWith } from 'shared-contracts';
import { Choice, MenuCard } from './parts';

export function LanguageMenu() {
  const { t } = useTranslation('player');
  const host = useHostWith('language');
  return (
    <MenuCard title={t('menus.language.title')} back="/">
      {LANGUAGES.map((language) => (
        <Choice
          key={language}
          label={LANGUAGE_NAMES[language]}
          selected={host.state.language === language}
          onClick={() => host.actions.setLanguage(language)}
        />
      ))}
    </MenuCard>
  );
}
