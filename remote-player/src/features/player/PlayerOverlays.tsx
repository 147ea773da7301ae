/**
 * What shows over the picture while a stream plays: the casting notice, the big play button, the
 * spinner or the end card, the indicators and notices, the prompts (resume, skipped episodes, skip
 * intro, next episode) and the top bar.
 */
import { useEffect, useReducer } from 'react';
import { useTranslation } from 'react-i18next';
import { useHostWith } from 'shared-contracts';
import { useSnapshot } from 'valtio/react';
import { formatTime } from '../../core/player/format-time';
import type { PlayerCommand } from '../../core/player/commands';
import { Icon } from './icons';
import { PillButton } from './ui';
import { setResumeFrom } from './player.actions';
import { usePlayer } from './player.store';
import { runCommand } from './commands';
import { episodeList } from './episode-list';
import { BigPlay, CastingNotice, Center, EndCard, Floating, Indicator, Spinner, TapSeek, Toast, TopBar } from './player-styles';

/**
 * The time of this render, for things shown until a deadline (indicators, notices): renders again once
 * when the nearest deadline still ahead passes, instead of polling the clock while one is shown.
 */
function useDeadlines(...deadlines: number[]): number {
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  // eslint-disable-next-line react-hooks/purity -- the time of this render, on purpose (see above)
  const now = Date.now();
  const next = Math.min(...deadlines.filter((d) => d > now));
  useEffect(() => {
    if (!Number.isFinite(next)) return;
    const id = setTimeout(rerender, Math.max(0, next - Date.now()) + 1);
    return () => clearTimeout(id);
  }, [next]);
  return now;
}

export function PlayerOverlays({
  title,
  controlsVisible,
  bigPlayShown,
}: {
  title: string;
  controlsVisible: boolean;
  /** Before the first play: the big play button instead of the spinner. */
  bigPlayShown: boolean;
}) {
  const { t, i18n } = useTranslation('player');
  const player = usePlayer();
  const { engine, hooks } = player;
  const host = useHostWith('subtitles', 'preferences');
  const media = useSnapshot(engine.state);
  const view = useSnapshot(player.ui);
  const castFramework = useSnapshot(player.cast);
  const run = (command: PlayerCommand) => runCommand(player, command);
  const now = useDeadlines(view.volumeIndicatorUntil, view.delayIndicatorUntil, view.noticeUntil, view.tapSeek.until);
  // The next episode plays on by itself at the end (use-playback): no end card for it.
  const nextPlaysOn = !!hooks.current.nextEpisode && host.state.preferences.enableAutoplay && host.config.allowAutoplay;
  const skipTime = view.introSkipTime;
  const showSkipIntro = media.playing && skipTime !== null && media.time < skipTime && (media.time <= 10 || controlsVisible);
  return (
    <>
      {(media.casting === 'connected' || media.remotePlayer) && (
        <CastingNotice role="status" data-testid="casting-notice">
          <Icon name="cast" size={56} />
          {media.remotePlayer && castFramework.device ? (
            <span dir="auto">{t('casting.activeOn', { device: castFramework.device })}</span>
          ) : (
            t('casting.active')
          )}
        </CastingNotice>
      )}
      <Center>
        {bigPlayShown ? (
          <BigPlay type="button" aria-label={t('controls.play')} onClick={() => run({ type: 'play' })} data-testid="big-play">
            <Icon name="play" size={44} />
          </BigPlay>
        ) : media.loading || media.playRequested ? (
          <Spinner role="status" aria-label={t('loading')} />
        ) : media.ended && !nextPlaysOn ? (
          <EndCard data-testid="ended" role="group" aria-labelledby="player-ended-title">
            <h2 id="player-ended-title">{t(view.meta?.episode ? 'ended.episode' : 'ended.movie')}</h2>
            <div className="actions">
              {hooks.current.nextEpisode && (
                <PillButton type="button" onClick={() => run({ type: 'nextEpisode' })} data-testid="ended-next">
                  {t('controls.nextEpisode')}
                </PillButton>
              )}
              <button
                type="button"
                className="secondary"
                onClick={() => {
                  run({ type: 'seekTo', time: 0 });
                  run({ type: 'play' });
                }}
                data-testid="ended-again"
              >
                {t('ended.watchAgain')}
              </button>
              {!hooks.current.embed && (
                <a
                  href={hooks.current.backUrl}
                  onClick={(e) => {
                    e.preventDefault();
                    host.navigate(hooks.current.backUrl);
                  }}
                  data-testid="ended-back"
                >
                  <Icon name="arrowLeft" size={18} />
                  {t('controls.back')}
                </a>
              )}
            </div>
          </EndCard>
        ) : null}
      </Center>

      {now < view.volumeIndicatorUntil && (
        <Indicator data-testid="volume-indicator" role="status">
          <Icon name={media.muted || media.volume === 0 ? 'muted' : 'volume'} />
          <div className="bar">
            <div style={{ width: `${(media.muted ? 0 : media.volume) * 100}%` }} />
          </div>
        </Indicator>
      )}
      {now < view.delayIndicatorUntil && (
        <Indicator data-testid="delay-indicator" role="status">
          {t('captions.delayIndicator', { delay: host.state.subtitles.delay.toFixed(1) })}
        </Indicator>
      )}
      {now < view.tapSeek.until && view.tapSeek.seconds !== 0 && (
        <TapSeek data-testid="tap-seek" data-direction={view.tapSeek.seconds < 0 ? 'back' : 'forward'} aria-hidden="true">
          <Icon name={view.tapSeek.seconds < 0 ? 'back10' : 'forward10'} />
          {t('controls.tapSeek', { seconds: Math.abs(view.tapSeek.seconds) })}
        </TapSeek>
      )}
      {view.notice && now < view.noticeUntil && (
        <Indicator data-testid="player-notice" role="alert">
          {t(`notice.${view.notice}`)}
        </Indicator>
      )}

      <Floating>
        {view.resumeFrom !== null && media.time < view.resumeFrom + 10 && (
          <Toast data-testid="resume-prompt">
            {view.meta?.episode
              ? t('resume.resumedEpisode', {
                  episode: `\u2068S${view.meta.episode.seasonNumber} E${view.meta.episode.episodeNumber}\u2069`,
                  time: formatTime(view.resumeFrom, media.duration),
                })
              : t('resume.resumed', { time: formatTime(view.resumeFrom, media.duration) })}
            <PillButton
              type="button"
              onClick={() => {
                run({ type: 'seekTo', time: 0 });
                setResumeFrom(player, null);
              }}
            >
              {t('resume.startOver')}
            </PillButton>
          </Toast>
        )}
        {view.skippedEpisodes.length > 0 && media.time < 10 && (
          <Toast role="status" data-testid="autoplay-skipped">
            {t('autoplay.skipped', { episodes: episodeList(t, i18n.language, view.skippedEpisodes) })}
          </Toast>
        )}
        {showSkipIntro && (
          <PillButton type="button" onClick={() => run({ type: 'seekTo', time: skipTime })} data-testid="skip-intro">
            {t('controls.skipIntro')}
          </PillButton>
        )}
        {hooks.current.nextEpisode && media.duration > 0 && media.duration - media.time < Math.min(30, media.duration * 0.2) && (
          <PillButton type="button" onClick={() => run({ type: 'nextEpisode' })}>
            {t('controls.nextEpisode')}
          </PillButton>
        )}
      </Floating>

      <TopBar $visible={controlsVisible} data-testid="top-bar">
        {!hooks.current.embed && (
          <a
            href={hooks.current.backUrl}
            onClick={(e) => {
              e.preventDefault();
              host.navigate(hooks.current.backUrl);
            }}
          >
            <Icon name="arrowLeft" />
            {t('controls.back')}
          </a>
        )}
        <h1 dir="auto">{title}</h1>
      </TopBar>
    </>
  );
}
