/** Settings router `/audio`: the stream's audio tracks. */
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio/react';
import { usePlayer } from '../player.store';
import { Choice, MenuCard } from './parts';

export function AudioMenu() {
  const { t } = useTranslation('player');
  const { engine } = usePlayer();
  const media = useSnapshot(engine.state);
  return (
    <MenuCard title={t('menus.audio.title')} back="/">
      {media.audioTracks.map((track) => (
        <Choice
          key={track.id}
          label={track.label || track.language}
          value={track.language}
          selected={media.audioTrack === track.id}
          onClick={() => engine.setAudioTrack(track.id)}
          testId={`audio-${track.language}`}
        />
      ))}
    </MenuCard>
  );
}
