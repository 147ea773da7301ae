/** Settings router `/quality`. */
import { useTranslation } from 'react-i18next';
import { useHostServices } from 'shared-contracts';
import { useSnapshot } from 'valtio/react';
import { QUALITY_ORDER } from '../../../core/player/quality';
import { usePlayer } from '../player.store';
import { Choice, MenuCard, Toggle } from './parts';

export function QualityMenu() {
  const { t } = useTranslation('player');
  const { engine, dispatch } = usePlayer();
  const media = useSnapshot(engine.state);
  const host = useHostServices();
  return (
    <MenuCard title={t('menus.quality.title')} back="/">
      {QUALITY_ORDER.filter((q) => media.qualities.includes(q)).map((q) => (
        <Choice
          key={q}
          label={q === '4k' ? '4K' : q === 'unknown' ? t('menus.quality.unknown') : `${q}p`}
          selected={!media.automaticQuality && media.quality === q}
          testId={`quality-${q}`}
          onClick={() => {
            engine.setQuality(q);
            host.actions.setQuality({ automaticQuality: false, lastChosenQuality: q });
            dispatch({ type: 'chooseQuality' });
          }}
        />
      ))}
      <Toggle
        label={t('menus.quality.automatic')}
        checked={media.automaticQuality}
        onChange={(on) => {
          if (on) engine.setQuality('auto');
          host.actions.setQuality({ automaticQuality: on });
        }}
      />
    </MenuCard>
  );
}
