/** Settings router `/theme`. */
import { useTranslation } from 'react-i18next';
import { THEME_NAMES, useHostWith } from 'shared-contracts';
import { Choice, MenuCard } from './parts';

export function ThemeMenu() {
  const { t } = useTranslation('player');
  const host = useHostWith('theme');
  return (
    <MenuCard title={t('menus.theme.title')} back="/">
      {THEME_NAMES.map((theme) => (
        <Choice
          key={theme}
          label={t(`themes.${theme}`)}
          selected={host.state.theme === theme}
          onClick={() => host.actions.setTheme(theme)}
        />
      ))}
    </MenuCard>
  );
}
