/**
 * The player's side of the embed protocol (types in shared-contracts/embed-messages). Only types are
 * imported from shared-contracts: at run time the host's copy of that singleton is used, and a host
 * built before these messages existed would not have their runtime values.
 */
import type { EMBED_MESSAGE_SOURCE, PlayerCommand, PlayerCommandType } from 'shared-contracts';
import type { PlayerCommand as Command } from '../player/commands';

export const MESSAGE_SOURCE: typeof EMBED_MESSAGE_SOURCE = 'movie-web-player';
const COMMANDS: readonly PlayerCommandType[] = ['play', 'pause', 'seek', 'volume', 'loadMedia'];

/** Validates untrusted postMessage data as a command (null when it is not one). */
export function parsePlayerCommand(data: unknown): PlayerCommand | null {
  if (!data || typeof data !== 'object') return null;
  const message = data as Record<string, unknown>;
  if (message.source !== MESSAGE_SOURCE || !COMMANDS.includes(message.type as PlayerCommandType)) return null;
  const source = MESSAGE_SOURCE;
  switch (message.type) {
    case 'seek':
      return typeof message.time === 'number' && Number.isFinite(message.time) ? { source, type: 'seek', time: message.time } : null;
    case 'volume':
      return typeof message.volume === 'number' && Number.isFinite(message.volume)
        ? { source, type: 'volume', volume: message.volume }
        : null;
    case 'loadMedia': {
      if (typeof message.url !== 'string' || !/^https?:\/\//.test(message.url)) return null;
      const command: PlayerCommand = { source, type: 'loadMedia', url: message.url };
      if (message.streamType === 'hls' || message.streamType === 'mp4') command.streamType = message.streamType;
      if (typeof message.startAt === 'number' && Number.isFinite(message.startAt)) command.startAt = message.startAt;
      return command;
    }
    default:
      return { source, type: message.type as 'play' | 'pause' };
  }
}

/** The player command an embedding page's message asks for (run by the one dispatcher, like a key or a button). */
export function commandFromEmbed(message: PlayerCommand): Command {
  switch (message.type) {
    case 'seek':
      return { type: 'seekTo', time: message.time };
    case 'volume':
      return { type: 'setVolume', volume: message.volume };
    case 'loadMedia':
      return {
        type: 'loadMedia',
        url: message.url,
        ...(message.streamType ? { streamType: message.streamType } : {}),
        ...(message.startAt !== undefined ? { startAt: message.startAt } : {}),
      };
    default:
      return { type: message.type };
  }
}

/** Lets a timeupdate through at most once per `intervalMs`. */
export function createThrottle(intervalMs: number, now: () => number = Date.now) {
  let last = -Infinity;
  return () => {
    const t = now();
    if (t - last < intervalMs) return false;
    last = t;
    return true;
  };
}

/** The partner origins of a runtime config; a host built before the setting existed allows any. */
export const embedOriginsOf = (config: { embedOrigins?: readonly string[] }): readonly string[] => config.embedOrigins ?? ['*'];

/** Whether a message from `origin` may command the player, given the deployment's partner origins. */
export function embedOriginAllowed(allowed: readonly string[], origin: string): boolean {
  return allowed.includes('*') || allowed.includes(origin);
}

/** The targets of the player's events: every partner origin (postMessage delivers only to the parent's own). */
export function embedTargets(allowed: readonly string[]): string[] {
  return allowed.includes('*') ? ['*'] : [...allowed];
}
