/** The controls under the picture: the seek bar, then play, seek, volume, time, episodes, captions, settings, Cast, Picture-in-Picture, fullscreen. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHostWith } from 'shared-contracts';
import { useSnapshot } from 'valtio/react';
import { clamp, formatTime, formatTimeDisplay } from '../../core/player/format-time';
import type { PlayerCommand } from '../../core/player/commands';
import { ARROW_SEEK, JL_SEEK, VOLUME_STEP, sliderValueForKey } from '../../core/player/keyboard';
import { nearestThumbnail } from '../../core/player/thumbnails';
import { captionsShown } from '../../core/captions/choice';
import { castFrameworkButtonShown } from '../../core/cast/cast-state';
import { Icon } from './icons';
import { IconButton } from './ui';
import { toggleCaptionsMenu, toggleMenu } from './player.actions';
import { usePlayer } from './player.store';
import { runCommand } from './commands';
import { Bottom, Preview, Row, SeekInput, SeekWrap, TimeButton, VolumeInput, fill } from './player-styles';

/** The focused volume slider's arrow step (as YouTube's): finer than the 0.15 of the up and down shortcuts. */
const VOLUME_SLIDER_STEP = 0.05;

function SeekBar() {
  const { t } = useTranslation('player');
  const player = usePlayer();
  const { engine } = player;
  const media = useSnapshot(engine.state);
  const { state } = useHostWith('preferences');
  const [hover, setHover] = useState<{ x: number; time: number } | null>(null);
  const duration = media.duration || 0;
  const played = duration ? (media.time / duration) * 100 : 0;
  const buffered = duration ? (media.buffered / duration) * 100 : 0;

  const view = useSnapshot(player.ui);
  const thumbnail = hover && state.preferences.enableThumbnails ? nearestThumbnail(view.thumbnails, hover.time) : null;

  return (
    <SeekWrap
      dir="ltr" // media time runs left to right, in right-to-left languages too
      onPointerMove={(e) => {
        const rect = e.currentTarget.getBoundingClientRect();
        const x = clamp(e.clientX - rect.left, 0, rect.width);
        setHover({ x, time: rect.width ? (x / rect.width) * duration : 0 });
      }}
      onPointerLeave={() => setHover(null)}
    >
      <SeekInput
        type="range"
        aria-label={t('controls.seek')}
        min={0}
        max={duration || 0}
        step={0.1}
        value={Math.min(media.time, duration || 0)}
        aria-valuetext={t('controls.seekValue', { time: formatTime(media.time, duration), duration: formatTime(duration, duration) })}
        style={fill({ '--played': `${played}%`, '--buffered': `${Math.max(played, buffered)}%` })}
        onChange={(e) => runCommand(player, { type: 'seekTo', time: Number(e.target.value) })}
        onKeyDown={(e) => {
          // Its keys move by the shortcuts' steps (5 s, 10 s a page), not by the drag precision; Tab and Escape go on.
          const time = sliderValueForKey(e.key, { value: media.time, min: 0, max: duration, step: ARROW_SEEK, page: JL_SEEK });
          if (time === null) return;
          e.preventDefault();
          runCommand(player, { type: 'seekTo', time });
        }}
        data-testid="seek-bar"
      />
      {hover && duration > 0 && (
        <Preview style={{ left: hover.x }} data-testid="seek-preview">
          {thumbnail && <img src={thumbnail.data} alt="" width={160} height={90} data-testid="seek-thumbnail" />}
          {formatTime(hover.time, duration)}
        </Preview>
      )}
    </SeekWrap>
  );
}

/** The control bar, shown while `visible`; the volume slider only where the volume can be set. */
export function ControlBar({ visible, volumeAdjustable }: { visible: boolean; volumeAdjustable: boolean }) {
  const { t } = useTranslation('player');
  const player = usePlayer();
  const { engine, hooks } = player;
  const host = useHostWith('subtitles');
  const media = useSnapshot(engine.state);
  const view = useSnapshot(player.ui);
  const castFramework = useSnapshot(player.cast);
  const run = (command: PlayerCommand) => runCommand(player, command);
  return (
    <Bottom $visible={visible} data-testid="controls">
      <SeekBar />
      <Row>
        <IconButton
          type="button"
          aria-label={media.playing ? t('controls.pause') : t('controls.play')}
          onClick={() => run({ type: 'togglePlay' })}
          data-testid="play-toggle"
        >
          <Icon name={media.playing ? 'pause' : 'play'} />
        </IconButton>
        <IconButton
          type="button"
          className="desktop"
          aria-label={t('controls.back10')}
          onClick={() => run({ type: 'seekBy', seconds: -10 })}
        >
          <Icon name="back10" />
        </IconButton>
        <IconButton
          type="button"
          className="desktop"
          aria-label={t('controls.forward10')}
          onClick={() => run({ type: 'seekBy', seconds: 10 })}
        >
          <Icon name="forward10" />
        </IconButton>
        <IconButton
          type="button"
          aria-label={media.muted ? t('controls.unmute') : t('controls.mute')}
          onClick={() => run({ type: 'toggleMute' })}
        >
          <Icon name={media.muted || media.volume === 0 ? 'muted' : 'volume'} />
        </IconButton>
        {volumeAdjustable && (
          <VolumeInput
            type="range"
            min={0}
            max={1}
            step={0.01}
            aria-label={t('controls.volume')}
            dir="ltr"
            value={media.muted ? 0 : media.volume}
            style={fill({ '--level': `${(media.muted ? 0 : media.volume) * 100}%` })}
            aria-valuetext={`${Math.round((media.muted ? 0 : media.volume) * 100)}%`}
            onChange={(e) => run({ type: 'setVolume', volume: Number(e.target.value) })}
            onKeyDown={(e) => {
              const volume = sliderValueForKey(e.key, {
                value: media.muted ? 0 : media.volume,
                min: 0,
                max: 1,
                step: VOLUME_SLIDER_STEP,
                page: VOLUME_STEP,
              });
              if (volume === null) return;
              e.preventDefault();
              run({ type: 'setVolume', volume });
            }}
          />
        )}
        <TimeButton
          type="button"
          title={t('controls.timeMode')} // named by the time it shows (WCAG 2.5.3); the title says what a press does
          onClick={() => run({ type: 'toggleTimeMode' })}
          data-testid="time-display"
          dir="ltr"
        >
          {formatTimeDisplay(media.time, media.duration, view.timeMode)}
        </TimeButton>
        <span className="break" />
        <span className="spacer" />
        {hooks.current.nextEpisode && (
          <IconButton type="button" aria-label={t('controls.nextEpisode')} onClick={() => run({ type: 'nextEpisode' })}>
            <Icon name="next" />
          </IconButton>
        )}
        {player.ui.meta?.episode && (
          <IconButton
            type="button"
            aria-label={t('controls.episodes')}
            aria-expanded={view.menu.id === 'episodes'}
            onClick={() => toggleMenu(player, 'episodes')}
          >
            <Icon name="episodes" />
          </IconButton>
        )}
        <IconButton
          type="button"
          aria-label={t('controls.captions')}
          $active={captionsShown(view.captions.selectedId, host.state.subtitles.enabled)}
          aria-expanded={view.menu.id === 'settings' && view.menu.route.startsWith('/captions')}
          onClick={() => toggleCaptionsMenu(player)}
        >
          <Icon name="captions" />
        </IconButton>
        <IconButton
          type="button"
          aria-label={t('controls.settings')}
          aria-expanded={view.menu.id === 'settings'}
          onClick={() => toggleMenu(player, 'settings')}
          data-testid="settings-button"
        >
          <Icon name="settings" />
        </IconButton>
        {castFrameworkButtonShown(castFramework) || media.remotePlayer ? (
          // Chromecast (Cast framework): one Cast button, the framework's, while it offers a device.
          <IconButton
            type="button"
            aria-label={media.remotePlayer ? t('controls.stopCasting') : t('controls.cast')}
            $active={media.remotePlayer}
            onClick={() => run({ type: 'cast' })}
            data-testid="chromecast-button"
            data-cast-state={castFramework.castState ?? undefined}
          >
            <Icon name="cast" />
          </IconButton>
        ) : (
          (media.castAvailable || media.casting !== 'disconnected') && (
            <IconButton
              type="button"
              aria-label={t('controls.cast')}
              $active={media.casting === 'connected'}
              onClick={() => run({ type: 'cast' })}
              data-testid="cast-button"
            >
              <Icon name="cast" />
            </IconButton>
          )
        )}
        {'pictureInPictureEnabled' in document && document.pictureInPictureEnabled && (
          <IconButton type="button" className="desktop" aria-label={t('controls.pip')} onClick={() => run({ type: 'togglePip' })}>
            <Icon name="pip" />
          </IconButton>
        )}
        <IconButton
          type="button"
          aria-label={view.fullscreen ? t('controls.exitFullscreen') : t('controls.fullscreen')}
          onClick={() => run({ type: 'toggleFullscreen' })}
        >
          <Icon name={view.fullscreen ? 'exitFullscreen' : 'fullscreen'} />
        </IconButton>
      </Row>
    </Bottom>
  );
}
