/**
 * The only writers of the player's state (player.store.ts): every change to the UI state, the Cast
 * framework's state and the boxes the page and the screen fill (hooks, command env, Cast control) goes
 * through one of these verbs, so what can change it, and how, is read here. A lint rule keeps other
 * modules from assigning to that state.
 */
import { ref } from 'valtio/vanilla';
import type { CaptionCue } from '../../core/captions/parse-captions';
import type { CastFrameworkState } from '../../core/cast/cast-state';
import type { Thumbnail } from '../../core/player/thumbnails';
import type { Result } from '../../core/result';
import type { CaptionOption, CastControl, CommandEnv, Player, PlayerHooks, PlayerMeta, PlayerUiState } from './player.store';
import { applyScrapeEvent, emptyProgress } from 'scraping-core/progress';
import type { ScrapeEvent } from 'scraping-core/types';
import type { ScrapeError } from 'scraping-core/errors';

/** How long an indicator (volume, subtitle delay, a refusal) stays on screen. */
const INDICATOR_MS = 3000;
/** How long the seconds of a double tap stay on screen. */
const TAP_SEEK_MS = 800;

type MenuId = NonNullable<PlayerUiState['menu']['id']>;

// Menus

/** Opens a menu at a route ('/' its first page). */
export function openMenu(player: Player, id: MenuId, route = '/'): void {
  player.ui.menu.id = id;
  player.ui.menu.route = route;
}

/** Closes the open menu; the next one opens on its first page. */
export function closeMenu(player: Player): void {
  player.ui.menu.id = null;
  player.ui.menu.route = '/';
}

/** Closes the open menu and leaves its route as it was (a click on the picture). */
export function dismissMenu(player: Player): void {
  player.ui.menu.id = null;
}

/** Opens that menu on its first page, or closes it when it is the one open. */
export function toggleMenu(player: Player, id: MenuId): void {
  player.ui.menu.id = player.ui.menu.id === id ? null : id;
  player.ui.menu.route = '/';
}

/** The captions button: the settings menu on its captions overlay page, closed when that page is the one open. */
export function toggleCaptionsMenu(player: Player): void {
  const open = player.ui.menu.id === 'settings' && player.ui.menu.route === '/captionsOverlay';
  player.ui.menu.id = open ? null : 'settings';
  player.ui.menu.route = '/captionsOverlay';
}

/** Moves the open menu to another page. */
export function goToMenuRoute(player: Player, route: string): void {
  player.ui.menu.route = route;
}

// Controls and indicators

export function setHover(player: Player, hover: PlayerUiState['hover']): void {
  player.ui.hover = hover;
}

/**
 * A double tap seeked by `seconds` (negative: back) in `direction`: the seconds shown add up while the
 * previous tap's are still shown in the same direction, and show for TAP_SEEK_MS.
 */
export function showTapSeek(player: Player, seconds: number, direction: number): void {
  const { tapSeek } = player.ui;
  const shown = Date.now() < tapSeek.until && Math.sign(tapSeek.seconds) === direction;
  player.ui.tapSeek = { seconds: (shown ? tapSeek.seconds : 0) + seconds, until: Date.now() + TAP_SEEK_MS };
}

export function setFullscreen(player: Player, fullscreen: boolean): void {
  player.ui.fullscreen = fullscreen;
}

export function setPip(player: Player, pip: boolean): void {
  player.ui.pip = pip;
}

export function toggleTimeMode(player: Player): void {
  player.ui.timeMode = player.ui.timeMode === 'regular' ? 'remaining' : 'regular';
}

export function showVolumeIndicator(player: Player): void {
  player.ui.volumeIndicatorUntil = Date.now() + INDICATOR_MS;
}

export function showDelayIndicator(player: Player): void {
  player.ui.delayIndicatorUntil = Date.now() + INDICATOR_MS;
}

/** Shows a notice for INDICATOR_MS. */
export function showNotice(player: Player, notice: NonNullable<PlayerUiState['notice']>): void {
  player.ui.notice = notice;
  player.ui.noticeUntil = Date.now() + INDICATOR_MS;
}

export function setRolling(player: Player, rolling: boolean): void {
  player.ui.rolling = rolling;
}

/** The resume prompt's position (seconds), or null to hide it. */
export function setResumeFrom(player: Player, at: number | null): void {
  player.ui.resumeFrom = at;
}

// What plays

export function setMeta(player: Player, meta: PlayerMeta | null): void {
  player.ui.meta = meta;
}

/** The next episode loads from its beginning, whatever progress it has. */
export function setStartFromBeginning(player: Player, fromStart: boolean): void {
  player.ui.startFromBeginning = fromStart;
}

/** A stream starts: its source and embed, and no caption chosen on it yet. */
export function streamStarted(player: Player, origin: { sourceId: string; embedId?: string }): void {
  player.ui.sourceId = origin.sourceId;
  player.ui.embedId = origin.embedId ?? null;
  player.ui.captions.selectedId = null;
  player.ui.captions.cues = [];
}

/** A new title: nothing of the previous one stays in the UI (title, source, scraping progress, prompts). */
export function resetForTitle(player: Player): void {
  Object.assign(player.ui, {
    startFromBeginning: false,
    meta: null,
    sourceId: null,
    embedId: null,
    progress: emptyProgress(),
    scrapeError: null,
    introSkipTime: null,
    resumeFrom: null,
    skippedEpisodes: [],
    autoplayStopped: false,
  });
}

/** Where the intro ends (seconds), for Skip intro; null when unknown. */
export function setIntroSkipTime(player: Player, seconds: number | null): void {
  player.ui.introSkipTime = seconds;
}

/** One step of the scrape, for the progress view. */
export function scrapeProgressed(player: Player, event: ScrapeEvent): void {
  player.ui.progress = applyScrapeEvent(player.ui.progress, event);
}

/** No stream was found: the not-found screen says why. */
export function setScrapeError(player: Player, error: ScrapeError): void {
  player.ui.scrapeError = error;
}

/** The episodes autoplay passed over without a stream, for the notice that names them. */
export function setSkippedEpisodes(player: Player, skipped: { season: number; episode: number }[]): void {
  player.ui.skippedEpisodes = skipped;
}

/** Autoplay passed over too many episodes in a row and stops; the notice names them. */
export function stopAutoplay(player: Player, skipped: { season: number; episode: number }[]): void {
  player.ui.autoplayStopped = true;
  player.ui.skippedEpisodes = skipped;
}

/** A link's `?r=` opened a menu at a route; the query is kept so closing the menu can drop it. */
export function openMenuFromLink(player: Player, id: MenuId, route: string, query: string): void {
  openMenu(player, id, route);
  player.ui.menuFromQuery = query;
}

export function clearThumbnails(player: Player): void {
  player.ui.thumbnails = [];
}

export function addThumbnail(player: Player, thumbnail: Thumbnail): void {
  player.ui.thumbnails.push(thumbnail);
}

// Captions

/** No caption shown, and no error. */
export function clearCaption(player: Player): void {
  const { captions } = player.ui;
  captions.selectedId = null;
  captions.cues = [];
  captions.error = null;
  captions.errorCode = null;
}

/** Shows the uploaded caption (its cues are kept from the upload). */
export function selectCustomCaption(player: Player, option: CaptionOption): void {
  const { captions } = player.ui;
  captions.selectedId = option.id;
  captions.language = option.language;
  captions.cues = captions.customCues;
  captions.error = null;
  captions.errorCode = null;
}

/** A caption starts loading: the menu shows it as loading, and the last error goes. */
export function startCaptionLoad(player: Player, id: string): void {
  const { captions } = player.ui;
  captions.loadingId = id;
  captions.error = null;
  captions.errorCode = null;
}

/** The loaded caption is shown, or its error is. */
export function finishCaptionLoad(player: Player, option: CaptionOption, result: Result<CaptionCue[]>): void {
  const { captions } = player.ui;
  captions.loadingId = null;
  if (!result.ok) {
    setCaptionError(player, result.error);
    return;
  }
  captions.selectedId = option.id;
  captions.language = option.language;
  captions.cues = ref(result.value);
}

export function setCaptionError(player: Player, error: { message: string; code: string }): void {
  player.ui.captions.error = error.message;
  player.ui.captions.errorCode = error.code;
}

/** The uploaded caption file, as an option and its cues. */
export function setCustomCaption(player: Player, option: CaptionOption, cues: CaptionCue[]): void {
  player.ui.captions.custom = option;
  player.ui.captions.customCues = ref(cues);
}

/** The OpenSubtitles search for `key` starts; it replaces any earlier one. */
export function startExternalCaptionSearch(player: Player, key: string): void {
  player.ui.captions.external = { key, status: 'loading', options: ref([]), errorCode: null };
}

/** The OpenSubtitles search for `key` ended: its files as options, or its error code. */
export function finishExternalCaptionSearch(player: Player, key: string, result: Result<CaptionOption[], { code: string }>): void {
  player.ui.captions.external = result.ok
    ? { key, status: 'ready', options: ref(result.value), errorCode: null }
    : { key, status: 'failed', options: ref([]), errorCode: result.error.code };
}

// The page's hooks, the screen's command env, Cast

/** What the page around the player provides; the fields given replace the ones there. */
export function setPlayerHooks(player: Player, hooks: Partial<PlayerHooks>): void {
  Object.assign(player.hooks.current, hooks);
}

/** What the commands act on while the player screen is mounted; null once it is not. */
export function setCommandEnv(player: Player, env: CommandEnv | null): void {
  player.env.current = env;
}

export function setCastSdk(player: Player, sdk: CastFrameworkState['sdk']): void {
  player.cast.sdk = sdk;
}

/** The Cast framework starts loading, unless it has already begun or ended. */
export function castSdkLoading(player: Player): void {
  if (player.cast.sdk === 'idle') player.cast.sdk = 'loading';
}

export function setCastState(player: Player, castState: CastFrameworkState['castState']): void {
  player.cast.castState = castState;
}

/** The name of the device a Cast session plays on, or null. */
export function setCastDevice(player: Player, device: string | null): void {
  player.cast.device = device;
}

export function setCastControl(player: Player, control: CastControl | null): void {
  player.castControl.current = control;
}
