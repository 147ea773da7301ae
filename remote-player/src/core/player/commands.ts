/**
 * Every request made of the player, whoever makes it: the keyboard, the on-screen controls, the OS media
 * keys and the embedding page all speak this one union, and one dispatcher
 * (features/player/commands.ts) carries each out, so a command behaves the same from every input.
 */
export type PlayerCommand =
  | { type: 'play' }
  | { type: 'pause' }
  | { type: 'togglePlay' }
  | { type: 'toggleMute' }
  | { type: 'toggleFullscreen' }
  | { type: 'togglePip' }
  | { type: 'toggleCaptions' }
  | { type: 'toggleTimeMode' }
  /** Escape: closes an open menu, else leaves fullscreen. */
  | { type: 'close' }
  | { type: 'speed'; direction: 1 | -1 }
  | { type: 'seekBy'; seconds: number }
  | { type: 'seekTo'; time: number }
  /** Paused only (the keyboard decides): one step back or forth. */
  | { type: 'frameStep'; seconds: number }
  | { type: 'volumeBy'; delta: number }
  | { type: 'setVolume'; volume: number }
  | { type: 'subtitleDelayBy'; seconds: number }
  /** The r easter egg (docs/behaviour.md#player-keyboard). */
  | { type: 'roll' }
  /** The next or previous episode from the media keys, started from the beginning. */
  | { type: 'episode'; direction: 1 | -1 }
  /** The next-episode button: that episode where its progress left off. */
  | { type: 'nextEpisode' }
  | { type: 'cast' }
  /** The embedding page plays a URL of its own (validated like a found stream). */
  | { type: 'loadMedia'; url: string; streamType?: 'hls' | 'mp4'; startAt?: number };

export type PlayerCommandType = PlayerCommand['type'];
