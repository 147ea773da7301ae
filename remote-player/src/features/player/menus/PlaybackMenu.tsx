/** Settings router `/playback`: speed. */
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio/react';
import { PLAYBACK_SPEEDS } from '../../../core/player/keyboard';
import { usePlayer } from '../player.store';
import { Choice, MenuCard } from './parts';

export function PlaybackMenu() {
  const { t } = useTranslation('player');
  const { engine } = usePlayer();
  const media = useSnapshot(engine.state);
  return (
    <MenuCard title={t('menus.playback.title')} back="/">
      <div role="group" aria-label={t('menus.playback.speed')} style={{ display: 'flex', gap: '0.25rem' }}>
        {PLAYBACK_SPEEDS.map((speed) => (
          <Choice
            key={speed}
            label={`${speed}x`}
            selected={media.rate === speed}
            onClick={() => engine.setRate(speed)}
            testId={`speed-${speed}`}
          />
        ))}
      </div>
    </MenuCard>
  );
}
