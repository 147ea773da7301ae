/**
 * The embedded player's message protocol (docs/behaviour.md#embed-messages): the player in an iframe posts
 * PlayerEvent messages to its parent and obeys PlayerCommand messages from it. Every message carries
 * `source: 'movie-web-player'` so either side can ignore unrelated postMessage traffic.
 */

export const EMBED_MESSAGE_SOURCE = 'movie-web-player';

interface Envelope {
  source: typeof EMBED_MESSAGE_SOURCE;
}

/** Player → parent. Times in seconds. */
export type PlayerEvent = Envelope &
  (
    | { type: 'ready'; media: { tmdbId: string; type: 'movie' | 'show'; title: string; season?: number; episode?: number } }
    | { type: 'play'; time: number }
    | { type: 'pause'; time: number }
    /** Throttled: at most once a second while playing. */
    | { type: 'timeupdate'; time: number; duration: number }
    | { type: 'ended' }
    | { type: 'error'; code?: number; message: string }
    | { type: 'sourceFound'; sourceId: string; embedId?: string; streamType: 'hls' | 'file' }
  );

/** Parent → player. */
export type PlayerCommand = Envelope &
  (
    | { type: 'play' }
    | { type: 'pause' }
    | { type: 'seek'; time: number }
    /** 0..1 */
    | { type: 'volume'; volume: number }
    /** Plays a stream URL directly (hls or mp4), skipping scraping. */
    | { type: 'loadMedia'; url: string; streamType?: 'hls' | 'mp4'; startAt?: number }
  );

export type PlayerEventType = PlayerEvent['type'];
export type PlayerCommandType = PlayerCommand['type'];

/** The commands a player obeys (it validates incoming data itself: see remote-player core/embed). */
export const PLAYER_COMMAND_TYPES: readonly PlayerCommandType[] = ['play', 'pause', 'seek', 'volume', 'loadMedia'];

/** Validates untrusted postMessage data as a player event (for partner pages). */
export function isPlayerEvent(data: unknown): data is PlayerEvent {
  return (
    !!data &&
    typeof data === 'object' &&
    (data as { source?: unknown }).source === EMBED_MESSAGE_SOURCE &&
    typeof (data as { type?: unknown }).type === 'string'
  );
}
