/**
 * The one dispatcher of player commands (core/player/commands.ts): keyboard shortcuts, on-screen
 * controls, the OS media keys and the embedding page's messages all call `runCommand`.
 */
import { castFrameworkButtonShown } from '../../core/cast/cast-state';
import { clamp } from '../../core/player/format-time';
import type { PlayerCommand } from '../../core/player/commands';
import { currentWebAppEnvironment, isIosWebApp } from '../../core/player/ios-web-app';
import { nextSpeed } from '../../core/player/keyboard';
import { scrapeEmbed } from '../../worker/player.client';
import { loadMediaErrorMessage, resolveDirectStream } from './load-media';
import { closeMenu, setRolling, showDelayIndicator, showNotice, showVolumeIndicator, toggleTimeMode } from './player.actions';
import type { Player } from './player.store';
import { postToParent } from './embed-parent';

const ROLL_MS = 1000;
const rollTimers = new WeakMap<Player, ReturnType<typeof setTimeout>>();
/**
 * A media key reaches the page twice in Chromium: as a keydown and as the media session's action, the
 * second possibly after the next episode has loaded. One episode step per key press: a second step in
 * the same direction within this time is the same press.
 */
const EPISODE_STEP_MS = 1000;
const lastEpisodeStep = new WeakMap<Player, { at: number; direction: 1 | -1 }>();

/** Tells the user for 3 s that the browser refused (fullscreen or Picture-in-Picture). */
function refused(player: Player, notice: NonNullable<Player['ui']['notice']>, error: unknown) {
  console.warn(`[player] ${notice}:`, error);
  showNotice(player, notice);
}

/** The web app installed on iOS has neither (Safari refuses both there); say so at once. */
function iosWebApp(player: Player): boolean {
  if (!isIosWebApp(currentWebAppEnvironment())) return false;
  refused(player, 'iosWebApp', new Error('Picture-in-Picture and fullscreen are not available in the iOS web app'));
  return true;
}

function toggleFullscreen(player: Player, element: HTMLElement | null) {
  if (!element) return;
  if (!document.fullscreenElement && iosWebApp(player)) return;
  if (document.fullscreenElement) void document.exitFullscreen().catch(() => {});
  else if (!element.requestFullscreen) refused(player, 'fullscreenRefused', new Error('Fullscreen API unavailable'));
  else void element.requestFullscreen().catch((error: unknown) => refused(player, 'fullscreenRefused', error));
}

async function togglePip(player: Player, video: HTMLVideoElement | null) {
  if (!video) return;
  if (!document.pictureInPictureElement && iosWebApp(player)) return;
  try {
    if (document.pictureInPictureElement) await document.exitPictureInPicture();
    else await video.requestPictureInPicture();
  } catch (error) {
    // Not allowed here (no metadata yet, disabled by the page or the browser): say so.
    refused(player, 'pipRefused', error);
  }
}

/** Volume: clamped 0..1, kept in the host's store (when the screen is mounted), the indicator shows for 3 s. */
function setVolume(player: Player, volume: number) {
  const v = clamp(volume, 0, 1);
  player.engine.setVolume(v);
  player.env.current?.host().actions.setVolume(v);
  showVolumeIndicator(player);
}

/**
 * The next (1) or previous (-1) episode from the media keys and the OS media controls; it
 * starts from the beginning, whatever progress it has. False when there is no such episode.
 */
export function goToAdjacentEpisode(player: Player, direction: 1 | -1): boolean {
  const hooks = player.hooks.current;
  const target = direction === 1 ? hooks.nextEpisode : hooks.previousEpisode;
  if (!target || !hooks.goToEpisode) return false;
  hooks.goToEpisode(target.seasonId, target.episodeId, { fromStart: true });
  return true;
}

/** The embedding page's URL, through the Direct URL provider in the worker; one that does not play is refused with an error event and the current video goes on. */
function loadMedia(player: Player, { url, streamType, startAt }: Extract<PlayerCommand, { type: 'loadMedia' }>) {
  void resolveDirectStream(scrapeEmbed, url, streamType, player.hooks.current.scrapeOptions?.() ?? {}, { validate: true }).then(
    (result) => {
      if (!result.ok) {
        postToParent({ type: 'error', message: loadMediaErrorMessage(url, result.error) });
        return;
      }
      player.hooks.current.playStream?.(result.value, 'direct-url', undefined, startAt === undefined ? undefined : { startAt });
    },
  );
}

export function runCommand(player: Player, command: PlayerCommand): void {
  const { engine, ui } = player;
  const env = player.env.current;
  switch (command.type) {
    case 'play':
      void engine.play();
      break;
    case 'pause':
      engine.pause();
      break;
    case 'togglePlay':
      engine.togglePlay();
      break;
    case 'toggleMute':
      engine.toggleMute();
      showVolumeIndicator(player);
      break;
    case 'toggleFullscreen':
      toggleFullscreen(player, env?.shell() ?? null);
      break;
    case 'togglePip':
      void togglePip(player, env?.video() ?? null);
      break;
    case 'toggleCaptions':
      env?.toggleCaptions();
      break;
    case 'toggleTimeMode':
      toggleTimeMode(player);
      break;
    case 'close':
      // Escape closes an open menu; with none open it leaves fullscreen, which browsers usually do
      // themselves but headless Chromium and some webviews leave to the page.
      if (ui.menu.id === null && document.fullscreenElement) void document.exitFullscreen().catch(() => {});
      closeMenu(player);
      break;
    case 'speed':
      engine.setRate(nextSpeed(engine.state.rate, command.direction));
      break;
    case 'seekBy':
    case 'frameStep':
      engine.seek(engine.state.time + command.seconds);
      break;
    case 'seekTo':
      engine.seek(command.time);
      break;
    case 'volumeBy':
      setVolume(player, engine.state.volume + command.delta);
      break;
    case 'setVolume':
      setVolume(player, command.volume);
      break;
    case 'subtitleDelayBy': {
      const host = env?.host();
      if (!host) break;
      const delay = clamp(Math.round((host.state.subtitles.delay + command.seconds) * 10) / 10, -20, 20);
      host.actions.setSubtitleSettings({ delay });
      showDelayIndicator(player);
      break;
    }
    case 'roll':
      // A second r during a roll lets it finish its second: the timer restarts, the element stays.
      setRolling(player, true);
      clearTimeout(rollTimers.get(player));
      rollTimers.set(
        player,
        setTimeout(() => setRolling(player, false), ROLL_MS),
      );
      break;
    case 'episode': {
      const now = Date.now();
      const last = lastEpisodeStep.get(player);
      if (last && last.direction === command.direction && now - last.at < EPISODE_STEP_MS) break;
      if (goToAdjacentEpisode(player, command.direction)) lastEpisodeStep.set(player, { at: now, direction: command.direction });
      break;
    }
    case 'nextEpisode': {
      const { nextEpisode, goToEpisode } = player.hooks.current;
      if (nextEpisode) goToEpisode?.(nextEpisode.seasonId, nextEpisode.episodeId);
      break;
    }
    case 'cast': {
      // The Cast framework's session when it offers one (a device in reach), else the Remote Playback API's picker.
      const control = player.castControl.current;
      if (control && (castFrameworkButtonShown(player.cast) || engine.state.remotePlayer)) void control.toggleSession();
      else void engine.requestCast();
      break;
    }
    case 'loadMedia':
      loadMedia(player, command);
      break;
  }
}
