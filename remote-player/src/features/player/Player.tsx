/**
 * The player screen: <video>, captions overlay, controls, indicators, menus and the status screens.
 * Everything here requests through the engine; state is read from the engine's and the UI's proxies.
 */
import { useEffect, useLayoutEffect, useReducer, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useHostWith } from 'shared-contracts';
import styled, { css } from 'styled-components';
import { useSnapshot } from 'valtio/react';
import { clamp, formatTime, formatTimeDisplay } from '../../core/player/format-time';
import type { PlayerCommand } from '../../core/player/commands';
import { ARROW_SEEK, JL_SEEK, VOLUME_STEP, commandForKey, focusKindOf, sliderValueForKey } from '../../core/player/keyboard';
import { nearestThumbnail } from '../../core/player/thumbnails';
import { nextTap, type TapState } from '../../core/player/double-tap';
import { captionsShown } from '../../core/captions/choice';
import { castFrameworkButtonShown } from '../../core/cast/cast-state';
import { useCastFramework } from './cast/use-cast';
import { CaptionsOverlay } from './CaptionsOverlay';
import { Icon } from './icons';
import { IconButton, PillButton } from './ui';
import { EpisodesMenu } from './menus/EpisodesMenu';
import { SettingsMenu } from './menus/SettingsMenu';
import {
  dismissMenu,
  setCommandEnv,
  setFullscreen,
  setHover,
  setPip,
  setResumeFrom,
  showTapSeek,
  toggleCaptionsMenu,
  toggleMenu,
} from './player.actions';
import { usePlayer, type PlayerUiState } from './player.store';
import { NotFoundScreen, PlaybackErrorScreen, ScrapingView, VisuallyHidden } from './Screens';
import { useCaptionActions, useRememberedCaption } from './use-captions';
import { useVolumeAdjustable } from './volume-probe';
import { runCommand } from './commands';
import { episodeList } from './episode-list';
import { announcement } from './announce';

const CONTROLS_MS = 3000;
/** The focused volume slider's arrow step (as YouTube's): finer than the 0.15 of the up and down shortcuts. */
const VOLUME_SLIDER_STEP = 0.05;

const Shell = styled.div<{ $embed: boolean }>`
  position: relative;
  width: 100%;
  max-width: 100vw;
  min-width: 0;
  height: ${(p) => (p.$embed ? '100vh' : '100dvh')};
  background: #000;
  color: #fff;
  overflow: hidden;
  user-select: none;
  &[data-fullscreen='true'] {
    height: 100vh;
  }
  video {
    position: absolute;
    inset: 0;
    width: 100%;
    height: 100%;
    object-fit: contain;
    background: #000;
  }
`;

const Layer = styled.div`
  position: absolute;
  inset: 0;
`;

const Fade = styled.div<{ $visible: boolean }>`
  transition: opacity 200ms;
  opacity: ${(p) => (p.$visible ? 1 : 0)};
  pointer-events: ${(p) => (p.$visible ? 'auto' : 'none')};
  @media (prefers-reduced-motion: reduce) {
    transition: none;
  }
`;

const TopBar = styled(Fade)`
  position: absolute;
  top: 0;
  left: 0;
  right: 0;
  display: flex;
  align-items: center;
  gap: 1rem;
  padding: 1rem 1.25rem 2.5rem;
  background: linear-gradient(to bottom, rgba(0, 0, 0, 0.75), transparent);
  a {
    color: #fff;
    display: inline-flex;
    flex-shrink: 0;
    align-items: center;
    gap: 0.25rem;
    text-decoration: none;
    font-weight: 600;
    border-radius: 0.5rem;
  }
  a:focus-visible {
    outline: 2px solid ${(p) => p.theme.colors.focus};
    outline-offset: 2px;
  }
  /* The back arrow points the way back: to the right in right-to-left languages. */
  html[dir='rtl'] & a svg {
    transform: scaleX(-1);
  }
  h1 {
    margin: 0;
    min-width: 0;
    font-size: 1rem;
    font-weight: 600;
    white-space: nowrap;
    overflow: hidden;
    text-overflow: ellipsis;
  }
  @media (pointer: coarse) {
    a {
      min-height: 2.75rem;
      min-width: 2.75rem;
    }
  }
  @media (max-width: 639px) {
    padding: 0.5rem 0.75rem 2rem;
    gap: 0.5rem;
  }
`;

const Bottom = styled(Fade)`
  position: absolute;
  left: 0;
  right: 0;
  bottom: 0;
  padding: 2.5rem 1rem 0.75rem;
  background: linear-gradient(to top, rgba(0, 0, 0, 0.8), transparent);
  @media (max-width: 639px) {
    padding: 2rem 0.5rem 0.5rem;
  }
`;

const Row = styled.div`
  display: flex;
  align-items: center;
  gap: 0.25rem;
  flex-wrap: nowrap;
  min-width: 0;
  .spacer {
    flex: 1;
  }
  .break {
    display: none;
  }
  /* Spec §9: mobile layout below 1024 px keeps the essential controls only. */
  @media (max-width: 1023px) {
    .desktop {
      display: none;
    }
  }
  /* Phones: play, mute and the clock on one line, the other controls on a second, so none leaves the screen. */
  @media (max-width: 639px) {
    flex-wrap: wrap;
    .break {
      display: block;
      flex-basis: 100%;
      height: 0;
    }
  }
`;

const TimeButton = styled(IconButton)`
  font-variant-numeric: tabular-nums;
  font-size: 0.9rem;
  padding: 0 0.6rem;
  white-space: nowrap;
`;

const SeekWrap = styled.div`
  position: relative;
  height: 1.25rem;
  @media (pointer: coarse) {
    height: 2.75rem;
  }
  display: flex;
  align-items: center;
  margin: 0 0.4rem 0.25rem;
`;

const rangeStyle = css`
  appearance: none;
  width: 100%;
  /* The track is drawn 0.3rem tall in the middle of a taller input: an easier target, 44 px on touch. */
  height: 1.25rem;
  margin: 0;
  background-size: 100% 0.3rem !important;
  background-position: center !important;
  background-repeat: no-repeat !important;
  background-color: transparent;
  cursor: pointer;
  @media (pointer: coarse) {
    height: 2.75rem;
  }
  &::-webkit-slider-thumb {
    appearance: none;
    width: 0.9rem;
    height: 0.9rem;
    border-radius: 50%;
    background: #fff;
  }
  &::-moz-range-thumb {
    width: 0.9rem;
    height: 0.9rem;
    border-radius: 50%;
    background: #fff;
    border: 0;
  }
  &:focus-visible {
    outline: 2px solid ${(p) => p.theme.colors.focus};
    outline-offset: 4px;
  }
`;

/**
 * The bars' fill comes from custom properties set on the element's style, not from styled props: a prop
 * in the template makes styled-components insert a new class and rule for every value, so a playing
 * film added rules four times a second for as long as it played (issue 19: style recalculation grew).
 */
const fill = (vars: Record<string, string>) => vars as CSSProperties;

const SeekInput = styled.input`
  ${rangeStyle}
  background: linear-gradient(
    to right,
    ${(p) => p.theme.colors.primary} var(--played),
    rgba(255, 255, 255, 0.5) var(--played) var(--buffered),
    rgba(255, 255, 255, 0.2) var(--buffered)
  );
`;

const VolumeInput = styled.input`
  ${rangeStyle}
  width: 5rem;
  background: linear-gradient(to right, #fff var(--level), rgba(255, 255, 255, 0.3) var(--level));
  @media (max-width: 1023px) {
    display: none;
  }
`;

const Preview = styled.div`
  position: absolute;
  bottom: 1.6rem;
  transform: translateX(-50%);
  padding: 0.2rem 0.5rem;
  border-radius: 0.35rem;
  background: rgba(0, 0, 0, 0.85);
  font-size: 0.8rem;
  font-variant-numeric: tabular-nums;
  pointer-events: none;
  img {
    display: block;
    width: 160px;
    height: 90px;
    margin-bottom: 0.2rem;
    border-radius: 0.25rem;
    object-fit: cover;
  }
`;

const Center = styled.div`
  position: absolute;
  inset: 0;
  display: grid;
  place-items: center;
  pointer-events: none;
  > * {
    pointer-events: auto;
  }
`;

/** Spec §2: shown while the video plays on a cast device (Remote Playback API); the picture is there, not here. */
const CastingNotice = styled.div`
  position: absolute;
  inset: 0;
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: 0.75rem;
  padding: 1rem;
  background: rgba(0, 0, 0, 0.88);
  text-align: center;
  font-size: 1.1rem;
  font-weight: 600;
  pointer-events: none;
  svg {
    color: ${(p) => p.theme.colors.primary};
  }
`;

const BigPlay = styled.button`
  width: 5.5rem;
  height: 5.5rem;
  border-radius: 50%;
  border: 0;
  background: ${(p) => p.theme.colors.primary};
  color: ${(p) => p.theme.colors.primaryText};
  display: grid;
  place-items: center;
  cursor: pointer;
  box-shadow: 0 0.5rem 2rem rgba(0, 0, 0, 0.5);
  &:focus-visible {
    outline: 3px solid #fff;
    outline-offset: 3px;
  }
`;

const Spinner = styled.div`
  width: 3rem;
  height: 3rem;
  border-radius: 50%;
  border: 0.3rem solid rgba(255, 255, 255, 0.25);
  border-top-color: #fff;
  animation: spin 0.8s linear infinite;
  @keyframes spin {
    to {
      transform: rotate(360deg);
    }
  }
  @media (prefers-reduced-motion: reduce) {
    animation-duration: 3s;
  }
`;

const Indicator = styled.div`
  position: absolute;
  top: 4.5rem;
  left: 50%;
  transform: translateX(-50%);
  padding: 0.5rem 1rem;
  border-radius: 2rem;
  background: rgba(0, 0, 0, 0.8);
  font-variant-numeric: tabular-nums;
  display: flex;
  align-items: center;
  gap: 0.6rem;
  .bar {
    width: 8rem;
    height: 0.3rem;
    background: rgba(255, 255, 255, 0.25);
    border-radius: 1rem;
    overflow: hidden;
  }
  .bar > div {
    height: 100%;
    background: #fff;
  }
`;

const Banner = styled.div`
  position: absolute;
  top: 0;
  left: 0;
  right: 0;
  z-index: 5;
  display: flex;
  justify-content: center;
  align-items: center;
  gap: 1rem;
  padding: 0.5rem 1rem;
  background: ${(p) => p.theme.colors.danger};
  color: #fff;
  button {
    background: transparent;
    color: inherit;
    border: 1px solid currentColor;
    border-radius: 0.4rem;
    cursor: pointer;
  }
`;

const Floating = styled.div`
  position: absolute;
  right: 1.25rem;
  bottom: 7rem;
  @media (max-width: 639px) {
    right: 0.75rem;
    bottom: 10rem;
  }
  display: flex;
  flex-direction: column;
  align-items: flex-end;
  gap: 0.5rem;
`;

const Toast = styled.div`
  display: flex;
  align-items: center;
  gap: 0.75rem;
  padding: 0.5rem 0.75rem;
  border-radius: 0.5rem;
  background: rgba(0, 0, 0, 0.85);
`;

/** The seconds a double tap went back or forward, on the half of the picture that was tapped. */
const TapSeek = styled.div`
  position: absolute;
  top: 50%;
  transform: translateY(-50%);
  display: flex;
  align-items: center;
  gap: 0.4rem;
  padding: 0.6rem 1rem;
  border-radius: 2rem;
  background: rgba(0, 0, 0, 0.65);
  font-weight: 600;
  font-variant-numeric: tabular-nums;
  pointer-events: none;
  &[data-direction='back'] {
    left: 12%;
  }
  &[data-direction='forward'] {
    right: 12%;
  }
`;

/** After the last frame: it ended, and the ways on (next episode, watch again, back). */
const EndCard = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 1rem;
  max-width: min(28rem, calc(100% - 2rem));
  padding: 1.25rem 1.5rem;
  border-radius: 0.75rem;
  background: rgba(0, 0, 0, 0.8);
  text-align: center;
  h2 {
    margin: 0;
    font-size: 1.2rem;
  }
  .actions {
    display: flex;
    flex-wrap: wrap;
    justify-content: center;
    gap: 0.75rem;
  }
  a,
  button.secondary {
    display: inline-flex;
    align-items: center;
    gap: 0.3rem;
    padding: 0.6rem 1rem;
    border: 0;
    border-radius: 0.5rem;
    background: rgba(255, 255, 255, 0.14);
    color: #fff;
    font: inherit;
    font-weight: 600;
    text-decoration: none;
    cursor: pointer;
  }
  html[dir='rtl'] & a svg {
    transform: scaleX(-1);
  }
  a:focus-visible,
  button:focus-visible {
    outline: 2px solid ${(p) => p.theme.colors.focus};
    outline-offset: 2px;
  }
  @media (pointer: coarse) {
    a,
    button {
      min-height: 2.75rem;
    }
  }
`;

/**
 * Holds the <video> for the whole life of the player: the r easter egg (spec §2) turns this wrapper for
 * 1 s by an attribute, so React never unmounts the element the engine is attached to.
 */
const RollLayer = styled.div`
  position: absolute;
  inset: 0;
  &[data-rolling='true'] {
    animation: roll 1s linear;
  }
  @keyframes roll {
    from {
      transform: rotate(0deg);
    }
    to {
      transform: rotate(360deg);
    }
  }
  @media (prefers-reduced-motion: reduce) {
    &[data-rolling='true'] {
      animation: none;
    }
  }
`;

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

export function PlayerView({ title, children }: { title: string; children?: ReactNode }) {
  const { t, i18n } = useTranslation('player');
  const player = usePlayer();
  const { engine, ui, hooks } = player;
  const host = useHostWith('online', 'subtitles', 'preferences');
  const media = useSnapshot(engine.state);
  const view = useSnapshot(ui);
  const castFramework = useSnapshot(player.cast);
  useCastFramework(player);
  const shell = useRef<HTMLDivElement>(null);
  const videoRef = useRef<HTMLVideoElement>(null);
  const hideTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const lastPointer = useRef('mouse');
  const lastTap = useRef<TapState | null>(null);
  const controlsBeforeTap = useRef<PlayerUiState['hover']>('none');
  const captions = useCaptionActions();
  useRememberedCaption(captions); // the same caption actions: their options are worked out once per render
  const volumeAdjustable = useVolumeAdjustable();
  const volumeAdjustableRef = useRef(volumeAdjustable);
  // eslint-disable-next-line react-hooks/refs -- latest value for the callbacks, written during render on purpose
  volumeAdjustableRef.current = volumeAdjustable;
  // What the commands act on besides the engine: read through refs, so the latest host and captions apply.
  const hostRef = useRef(host);
  // eslint-disable-next-line react-hooks/refs -- latest value for the callbacks, written during render on purpose
  hostRef.current = host;
  const captionsRef = useRef(captions);
  // eslint-disable-next-line react-hooks/refs -- latest value for the callbacks, written during render on purpose
  captionsRef.current = captions;
  useEffect(() => {
    setCommandEnv(player, {
      shell: () => shell.current,
      video: () => videoRef.current,
      host: () => hostRef.current,
      toggleCaptions: () => void captionsRef.current.toggle(),
    });
    return () => setCommandEnv(player, null);
  }, [player]);
  const run = (command: PlayerCommand) => runCommand(player, command);
  const [offlineDismissed, setOfflineDismissed] = useState(() => sessionStorage.getItem('__MW::player-offline-dismissed') === '1');
  const now = useDeadlines(view.volumeIndicatorUntil, view.delayIndicatorUntil, view.noticeUntil, view.tapSeek.until);

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    engine.attach(video);
    engine.setVolume(host.state.volume);
    const onFs = () => setFullscreen(player, !!document.fullscreenElement);
    const onPipIn = () => setPip(player, true);
    const onPipOut = () => setPip(player, false);
    document.addEventListener('fullscreenchange', onFs);
    video.addEventListener('enterpictureinpicture', onPipIn);
    video.addEventListener('leavepictureinpicture', onPipOut);
    return () => {
      document.removeEventListener('fullscreenchange', onFs);
      video.removeEventListener('enterpictureinpicture', onPipIn);
      video.removeEventListener('leavepictureinpicture', onPipOut);
    };
    // Attach once per element; the host volume is the starting value only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [engine, player]);

  const showControlsFor3s = () => {
    setHover(player, 'mouse');
    clearTimeout(hideTimer.current);
    hideTimer.current = setTimeout(() => setHover(player, 'none'), CONTROLS_MS);
  };
  useEffect(() => () => clearTimeout(hideTimer.current), []);

  const menuOpen = view.menu.id !== null;
  // As a dialog does, a menu that closes (Escape, ✕, a choice) gives the focus back to the control that
  // opened it, or to the settings button when it opened by itself (?r=), rather than to the page.
  const menuOpener = useRef<HTMLElement | null>(null);
  const menuWasOpen = useRef(false);
  useLayoutEffect(() => {
    const root = shell.current;
    const active = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const inPlayer = !!active && active !== document.body && !!root?.contains(active);
    if (view.menu.id !== null) {
      if (!menuWasOpen.current && inPlayer && !active.closest('[role="dialog"]')) menuOpener.current = active;
      menuWasOpen.current = true;
      return;
    }
    if (!menuWasOpen.current) return;
    menuWasOpen.current = false;
    const opener = menuOpener.current;
    menuOpener.current = null;
    if (inPlayer && !active.closest('[role="dialog"]')) return; // the focus already moved on within the player
    const fallback = root?.querySelector<HTMLElement>('[data-testid="settings-button"]');
    (opener?.isConnected ? opener : fallback)?.focus({ preventScroll: true });
  }, [view.menu.id]);
  // Keyboard shortcuts: a focused control (slider, field, menu) keeps the keys it uses.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented) return;
      const target = event.target instanceof Element ? event.target : null;
      const command = commandForKey(
        {
          key: event.key,
          ctrlKey: event.ctrlKey,
          metaKey: event.metaKey,
          altKey: event.altKey,
          focus: focusKindOf(target),
        },
        engine.paused,
      );
      if (!command) return;
      if (ui.status.status !== 'playing' && command.type !== 'close') return;
      event.preventDefault();
      runCommand(player, command);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [engine, ui, player]);

  // Spec §9: the mouse wheel over the picture sets the volume (a step of deltaY/1000; up is louder),
  // not over an open menu (it scrolls) and not where the volume is read-only.
  useEffect(() => {
    const element = shell.current;
    if (!element) return;
    const onWheel = (event: WheelEvent) => {
      if (!volumeAdjustableRef.current || ui.status.status !== 'playing' || event.deltaY === 0) return;
      if ((event.target as Element | null)?.closest('[role="dialog"]')) return;
      event.preventDefault();
      runCommand(player, { type: 'volumeBy', delta: -event.deltaY / 1000 });
    };
    element.addEventListener('wheel', onWheel, { passive: false });
    return () => element.removeEventListener('wheel', onWheel);
  }, [player, ui]);

  const playing = view.status.status === 'playing';
  // The next episode plays on by itself at the end (use-playback): no end card for it.
  const nextPlaysOn = !!hooks.current.nextEpisode && host.state.preferences.enableAutoplay && host.config.allowAutoplay;
  const said = announcement({
    status: view.status.status,
    progress: view.progress,
    hasPlayedOnce: media.hasPlayedOnce,
    ended: media.ended,
    episode: !!view.meta?.episode,
  });
  const controlsVisible = playing && (view.hover !== 'none' || !media.playing || menuOpen);
  const skipTime = view.introSkipTime;
  const bigPlayShown = playing && !media.hasPlayedOnce && !media.playing && !media.playRequested;
  // The big play button goes once playback starts: a focus on it moves to the play and pause control
  // rather than dropping to the page.
  const bigPlayWasShown = useRef(false);
  useLayoutEffect(() => {
    const was = bigPlayWasShown.current;
    bigPlayWasShown.current = bigPlayShown;
    if (!was || bigPlayShown) return;
    const active = document.activeElement;
    if (active && active !== document.body && active.isConnected) return;
    shell.current?.querySelector<HTMLElement>('[data-testid="play-toggle"]')?.focus({ preventScroll: true });
  }, [bigPlayShown]);
  const showSkipIntro = playing && media.playing && skipTime !== null && media.time < skipTime && (media.time <= 10 || controlsVisible);

  const videoLayer = (
    <RollLayer data-testid="roll-layer" data-rolling={view.rolling}>
      <video
        ref={videoRef}
        playsInline
        crossOrigin="anonymous"
        data-testid="player-video"
        onClick={() => {
          if (ui.menu.id) {
            dismissMenu(player);
            return;
          }
          // Spec §4: on touch a tap shows or hides the controls (the Shell's pointerdown); it does not pause.
          if (lastPointer.current === 'touch') return;
          run({ type: 'togglePlay' });
        }}
        // A double tap seeks (the Shell's pointerdown); a double click toggles fullscreen.
        onDoubleClick={() => lastPointer.current !== 'touch' && run({ type: 'toggleFullscreen' })}
      />
    </RollLayer>
  );

  return (
    <Shell
      ref={shell}
      $embed={hooks.current.embed}
      data-testid="player"
      data-status={view.status.status}
      data-fullscreen={view.fullscreen}
      onPointerMove={(e) => e.pointerType === 'mouse' && showControlsFor3s()}
      onPointerDown={(e) => {
        lastPointer.current = e.pointerType;
        // Taps on the controls and menus use them; only a tap on the picture toggles the controls.
        if (e.pointerType !== 'touch' || e.target !== videoRef.current) return;
        const rect = e.currentTarget.getBoundingClientRect();
        const tap = nextTap(lastTap.current, { at: e.timeStamp, x: e.clientX - rect.left, width: rect.width });
        lastTap.current = tap.state;
        if (tap.seek !== 0 && ui.status.status === 'playing') {
          // A double tap seeks; the controls stay as they were before its first tap.
          setHover(player, controlsBeforeTap.current);
          showTapSeek(player, tap.seek, tap.state.direction);
          run({ type: 'seekBy', seconds: tap.seek });
          return;
        }
        // Spec §4: first tap shows the controls, a second hides them.
        controlsBeforeTap.current = ui.hover;
        setHover(player, ui.hover === 'mobile' ? 'none' : 'mobile');
      }}
      onMouseLeave={() => setHover(player, 'none')}
    >
      {videoLayer}
      <VisuallyHidden role="status" aria-live="polite" data-testid="player-announcer">
        {said ? t(said.key, said.values) : ''}
      </VisuallyHidden>
      {playing && <CaptionsOverlay raised={controlsVisible} />}

      {!host.state.online && !offlineDismissed && (
        <Banner role="status" data-testid="offline-banner">
          {t('offline')}
          <button
            type="button"
            onClick={() => {
              sessionStorage.setItem('__MW::player-offline-dismissed', '1');
              setOfflineDismissed(true);
            }}
          >
            {t('dismiss')}
          </button>
        </Banner>
      )}

      {view.status.status === 'scraping' && <ScrapingView />}
      {view.status.status === 'scrapeNotFound' && <NotFoundScreen />}
      {view.status.status === 'playbackError' && <PlaybackErrorScreen />}
      {/* The playback error screen offers another source: the source menu opens over it. */}
      {view.status.status === 'playbackError' && view.menu.id === 'settings' && <SettingsMenu />}
      {children}

      {playing && (
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

          <Bottom $visible={controlsVisible} data-testid="controls">
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
          {view.menu.id === 'settings' && <SettingsMenu />}
          {view.menu.id === 'episodes' && <EpisodesMenu />}
        </>
      )}
    </Shell>
  );
}

export { Layer };
