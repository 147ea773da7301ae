/**
 * The player's UI state (valtio): status machine, what is playing, scraping progress, captions, menus.
 * Media state (time, playing, qualities...) is the engine's own proxy, written only from media events.
 */
import { createContext, useContext } from 'react';
import { proxy } from 'valtio/vanilla';
import type { EpisodeRef, HostApi, MediaMeta } from 'shared-contracts';
import type { CaptionCue } from '../../core/captions/parse-captions';
import { initialCastFramework, type CastFrameworkState } from '../../core/cast/cast-state';
import { PlaybackEngine } from '../../core/player/engine';
import type { Thumbnail } from '../../core/player/thumbnails';
import { initialStatus, nextStatus, type StatusEvent, type StatusState } from '../../core/player/status';
import { emptyProgress, type ScrapeProgress } from 'scraping-core/progress';
import type { Caption, ScrapeMedia, ScrapeOptions, Stream } from 'scraping-core/types';
import type { Result } from '../../core/result';
import type { ScrapeError } from 'scraping-core/errors';

/** What the Cast button asks of the running Cast controller. */
export interface CastControl {
  /** Opens the device picker, or ends the session (stopping the receiver) while one is on. */
  toggleSession(): Promise<void>;
}

/** What the player knows about the title it plays. */
export interface PlayerMeta {
  media: MediaMeta;
  scrape: ScrapeMedia | null;
  imdbId?: string;
  /** Shows only. */
  episode?: EpisodeRef & { seasonNumber: number; episodeNumber: number };
}

/** A caption the user may choose: from the stream, an HLS rendition, OpenSubtitles' search, or an uploaded file. */
export interface CaptionOption {
  id: string;
  language: string;
  label: string;
  kind: 'stream' | 'hls' | 'custom' | 'opensubtitles';
  /** Flagged OpenSubtitles by the source, or found there: listed on /captions/opensubtitles. */
  opensubtitles?: boolean;
  caption?: Caption;
  /** HLS: rendition playlist URL. */
  url?: string;
  /** Found on OpenSubtitles: the file to download. */
  fileId?: number;
  /** A second line telling captions of one language apart (OpenSubtitles: the release it was timed for). Plain text. */
  detail?: string;
}

/** The OpenSubtitles search for what plays, run when the captions menu opens. */
export interface ExternalCaptions {
  /** The title (and episode) searched, or null before any search. */
  key: string | null;
  status: 'idle' | 'loading' | 'ready' | 'failed';
  /** The files found, as caption options (a `ref()`). */
  options: CaptionOption[];
  /** Why the search failed (an `opensubtitles/…` code). */
  errorCode: string | null;
}

export interface CaptionsState {
  selectedId: string | null;
  language: string | null;
  /** The chosen caption's cues: a valtio `ref()` (tens of thousands of cues are not made reactive one by one). */
  cues: CaptionCue[];
  loadingId: string | null;
  error: string | null;
  /** The code of `error` (e.g. opensubtitles/quota: the menu shows its translated text). */
  errorCode: string | null;
  custom: CaptionOption | null;
  /** The uploaded file's cues, a `ref()` too. */
  customCues: CaptionCue[];
  external: ExternalCaptions;
}

export interface PlayerUiState {
  status: StatusState;
  meta: PlayerMeta | null;
  sourceId: string | null;
  embedId: string | null;
  progress: ScrapeProgress;
  scrapeError: ScrapeError | null;
  captions: CaptionsState;
  menu: { id: 'settings' | 'episodes' | null; route: string };
  /** The menu the page was opened with (query param r), e.g. settings/captions/settings. */
  menuFromQuery: string | null;
  /** Hover states (docs/behaviour.md#player-controls-and-pointer). */
  hover: 'none' | 'mouse' | 'mobile';
  timeMode: 'regular' | 'remaining';
  /** Milliseconds since the epoch until which the indicator shows. */
  volumeIndicatorUntil: number;
  delayIndicatorUntil: number;
  /** A short message (fullscreen or Picture-in-Picture refused by the browser), shown until noticeUntil. */
  notice: 'fullscreenRefused' | 'pipRefused' | 'iosWebApp' | null;
  noticeUntil: number;
  rolling: boolean;
  /** The seconds a double tap went back (negative) or forward, shown until `until` (ms since the epoch). */
  tapSeek: { seconds: number; until: number };
  fullscreen: boolean;
  pip: boolean;
  /** Seconds of the intro to skip, when known. */
  introSkipTime: number | null;
  resumeFrom: number | null;
  /** Autoplay of the next episode: episodes passed over because no source had a stream. */
  skippedEpisodes: { season: number; episode: number }[];
  /** Autoplay stopped here: this episode had no stream and no later one was tried. */
  autoplayStopped: boolean;
  /**
   * The next episode loads from 0 whatever progress it has (set by the media keys' next and
   * previous episode; read and cleared when that episode's stream starts). Default false.
   */
  startFromBeginning: boolean;
  /** Seek-bar snapshots (preferences: thumbnails); cleared on reset. */
  thumbnails: Thumbnail[];
}

export function createPlayer(engineOptions: ConstructorParameters<typeof PlaybackEngine>[0]) {
  const engine = new PlaybackEngine(engineOptions);
  const ui = proxy<PlayerUiState>({
    status: initialStatus(),
    meta: null,
    sourceId: null,
    embedId: null,
    progress: emptyProgress(),
    scrapeError: null,
    captions: {
      selectedId: null,
      language: null,
      cues: [],
      loadingId: null,
      error: null,
      errorCode: null,
      custom: null,
      customCues: [],
      external: { key: null, status: 'idle', options: [], errorCode: null },
    },
    menu: { id: null, route: '/' },
    menuFromQuery: null,
    hover: 'none',
    timeMode: 'regular',
    volumeIndicatorUntil: 0,
    delayIndicatorUntil: 0,
    notice: null,
    noticeUntil: 0,
    rolling: false,
    tapSeek: { seconds: 0, until: 0 },
    fullscreen: false,
    pip: false,
    introSkipTime: null,
    resumeFrom: null,
    skippedEpisodes: [],
    autoplayStopped: false,
    startFromBeginning: false,
    thumbnails: [],
  });
  const dispatch = (event: StatusEvent) => {
    ui.status = nextStatus(ui.status, event);
    if (event.type === 'reset') ui.thumbnails = [];
  };
  const hooks: { current: PlayerHooks } = { current: { backUrl: '/', embed: false } };
  const env: { current: CommandEnv | null } = { current: null };
  /** Chromecast (Cast framework): its state, and its session control once the framework is there. */
  const cast = proxy<CastFrameworkState>(initialCastFramework());
  const castControl: { current: CastControl | null } = { current: null };
  return { engine, ui, dispatch, hooks, env, cast, castControl };
}

/** What the player's commands act on besides the engine and the UI state: set while the player screen is mounted. */
export interface CommandEnv {
  shell: () => HTMLElement | null;
  video: () => HTMLVideoElement | null;
  host: () => HostApi;
  toggleCaptions: () => void;
}

/** What the page around the player provides (navigation, scraping options, playing a found stream). */
export interface PlayerHooks {
  backUrl: string;
  embed: boolean;
  /** Plays a stream found by the source menu or given by the embedding page (at the current time unless `startAt`, seconds). */
  playStream?: (stream: Stream, sourceId: string, embedId?: string, options?: { startAt?: number }) => void;
  scrapeOptions?: () => ScrapeOptions;
  /** Options for one run of the source menu, with a Turnstile token when the config asks for one (may wait for it). */
  scrapeOptionsForRun?: (runId: string, signal?: AbortSignal) => Promise<Result<ScrapeOptions, ScrapeError>>;
  /** Shows: go to another episode of the show (from its beginning when `fromStart`). */
  goToEpisode?: (seasonId: string, episodeId: string, options?: { fromStart?: boolean; auto?: boolean }) => void;
  nextEpisode?: EpisodeLink | null;
  previousEpisode?: EpisodeLink | null;
}

/** An aired episode next to the one playing. */
export interface EpisodeLink {
  seasonId: string;
  episodeId: string;
  title: string;
}

export type Player = ReturnType<typeof createPlayer>;

export const PlayerContext = createContext<Player | null>(null);

export function usePlayer(): Player {
  const player = useContext(PlayerContext);
  if (!player) throw new Error('usePlayer() outside a PlayerContext');
  return player;
}
