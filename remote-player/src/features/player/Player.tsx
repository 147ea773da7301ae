/**
 * The player screen: <video>, captions overlay, controls (ControlBar), indicators and prompts
 * (PlayerOverlays), menus and the status screens; the pointer, keyboard and wheel handling.
 * Everything here requests through the engine; state is read from the engine's and the UI's proxies.
 */
import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useHostWith } from 'shared-contracts';
import { useSnapshot } from 'valtio/react';
import type { PlayerCommand } from '../../core/player/commands';
import { commandForKey, focusKindOf } from '../../core/player/keyboard';
import { nextTap, type TapState } from '../../core/player/double-tap';
import { useCastFramework } from './cast/use-cast';
import { CaptionsOverlay } from './CaptionsOverlay';
import { ControlBar } from './ControlBar';
import { EpisodesMenu } from './menus/EpisodesMenu';
import { SettingsMenu } from './menus/SettingsMenu';
import { dismissMenu, setCommandEnv, setFullscreen, setHover, setPip, showTapSeek } from './player.actions';
import { usePlayer, type PlayerUiState } from './player.store';
import { PlayerOverlays } from './PlayerOverlays';
import { Banner, RollLayer, Shell } from './player-styles';
import { NotFoundScreen, PlaybackErrorScreen, VisuallyHidden } from './Screens';
import { ScrapingView } from './ScrapingView';
import { useCaptionActions, useRememberedCaption } from './use-captions';
import { useVolumeAdjustable } from './volume-probe';
import { runCommand } from './commands';
import { announcement } from './announce';

const CONTROLS_MS = 3000;

export function PlayerView({ title, children }: { title: string; children?: ReactNode }) {
  const { t } = useTranslation('player');
  const player = usePlayer();
  const { engine, ui, hooks } = player;
  const host = useHostWith('online', 'subtitles', 'preferences');
  const media = useSnapshot(engine.state);
  const view = useSnapshot(ui);
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

  // The mouse wheel over the picture sets the volume (a step of deltaY/1000; up is louder),
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
  const said = announcement({
    status: view.status.status,
    progress: view.progress,
    hasPlayedOnce: media.hasPlayedOnce,
    ended: media.ended,
    episode: !!view.meta?.episode,
  });
  const controlsVisible = playing && (view.hover !== 'none' || !media.playing || menuOpen);
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
          // On touch a tap shows or hides the controls (the Shell's pointerdown); it does not pause.
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
        // First tap shows the controls, a second hides them.
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
          <PlayerOverlays title={title} controlsVisible={controlsVisible} bigPlayShown={bigPlayShown} />
          <ControlBar visible={controlsVisible} volumeAdjustable={volumeAdjustable} />
          {view.menu.id === 'settings' && <SettingsMenu />}
          {view.menu.id === 'episodes' && <EpisodesMenu />}
        </>
      )}
    </Shell>
  );
}

export { Layer } from './player-styles';
