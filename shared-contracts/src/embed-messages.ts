/**
 * The embedded player's message protocol (DECISIONS "Embed API"): the player in an iframe posts
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

const COMMANDS: readonly PlayerCommandType[] = ['play', 'pause', 'seek', 'volume', 'loadMedia'];

/** Validates untrusted postMessage data as a command (null when it is not one). */
export function parsePlayerCommand(data: unknown): PlayerCommand | null {
  if (!data || typeof data !== 'object') return null;
  const message = data as Record<string, unknown>;
  if (message.source !== EMBED_MESSAGE_SOURCE || !COMMANDS.includes(message.type as PlayerCommandType)) return null;
  switch (message.type) {
    case 'seek':
      return typeof message.time === 'number' && Number.isFinite(message.time) ? { source: EMBED_MESSAGE_SOURCE, type: 'seek', time: message.time } : null;
    case 'volume':
      return typeof message.volume === 'number' && Number.isFinite(message.volume) ? { source: EMBED_MESSAGE_SOURCE, type: 'volume', volume: message.volume } : null;
    case 'loadMedia': {
      if (typeof message.url !== 'string' || !/^https?:\/\//.test(message.url)) return null;
      const command: PlayerCommand = { source: EMBED_MESSAGE_SOURCE, type: 'loadMedia', url: message.url };
      if (message.streamType === 'hls' || message.streamType === 'mp4') command.streamType = message.streamType;
      if (typeof message.startAt === 'number' && Number.isFinite(message.startAt)) command.startAt = message.startAt;
      return command;
    }
    default:
      return { source: EMBED_MESSAGE_SOURCE, type: message.type as 'play' | 'pause' };
  }
}

/** Validates untrusted postMessage data as a player event (for partner pages). */
export function isPlayerEvent(data: unknown): data is PlayerEvent {
  return !!data && typeof data === 'object' && (data as { source?: unknown }).source === EMBED_MESSAGE_SOURCE && typeof (data as { type?: unknown }).type === 'string';
}
