/** Keyboard shortcuts (spec §2, §9): a pure map from a key event to a player command. */
import type { PlayerCommand } from './commands';

/** The commands a key can give. */
export type KeyCommand = Extract<
  PlayerCommand,
  {
    type:
      | 'togglePlay'
      | 'toggleMute'
      | 'toggleFullscreen'
      | 'toggleCaptions'
      | 'close'
      | 'speed'
      | 'seekBy'
      | 'frameStep'
      | 'volumeBy'
      | 'subtitleDelayBy'
      | 'roll'
      | 'episode';
  }
>;

export const PLAYBACK_SPEEDS = [0.25, 0.5, 1, 1.5, 2] as const;
export const ARROW_SEEK = 5;
export const JL_SEEK = 10;
export const FRAME_STEP = 1;
export const VOLUME_STEP = 0.15;
export const DELAY_STEP = 0.5;

export interface KeyInput {
  key: string;
  ctrlKey?: boolean;
  metaKey?: boolean;
  altKey?: boolean;
  /** Where the event started: shortcuts never fire while typing. */
  targetTag?: string;
  targetEditable?: boolean;
}

const TYPING_TAGS = new Set(['INPUT', 'TEXTAREA', 'SELECT']);

/** The command of a key, or null. `paused` decides frame stepping (only when paused). */
export function commandForKey(input: KeyInput, paused: boolean): KeyCommand | null {
  if (input.ctrlKey || input.metaKey || input.altKey) return null;
  if (input.targetEditable || (input.targetTag && TYPING_TAGS.has(input.targetTag.toUpperCase()))) return null;
  const key = input.key.length === 1 ? input.key.toLowerCase() : input.key;
  switch (key) {
    case ' ':
    case 'k':
      return { type: 'togglePlay' };
    case 'm':
      return { type: 'toggleMute' };
    case 'f':
      return { type: 'toggleFullscreen' };
    case 'c':
      return { type: 'toggleCaptions' };
    case 'Escape':
      return { type: 'close' };
    case '>':
      return { type: 'speed', direction: 1 };
    case '<':
      return { type: 'speed', direction: -1 };
    case 'ArrowLeft':
      return { type: 'seekBy', seconds: -ARROW_SEEK };
    case 'ArrowRight':
      return { type: 'seekBy', seconds: ARROW_SEEK };
    case 'j':
      return { type: 'seekBy', seconds: -JL_SEEK };
    case 'l':
      return { type: 'seekBy', seconds: JL_SEEK };
    case '.':
      return paused ? { type: 'frameStep', seconds: FRAME_STEP } : null;
    case ',':
      return paused ? { type: 'frameStep', seconds: -FRAME_STEP } : null;
    case 'ArrowUp':
      return { type: 'volumeBy', delta: VOLUME_STEP };
    case 'ArrowDown':
      return { type: 'volumeBy', delta: -VOLUME_STEP };
    case '[':
      return { type: 'subtitleDelayBy', seconds: -DELAY_STEP };
    case ']':
      return { type: 'subtitleDelayBy', seconds: DELAY_STEP };
    case 'r':
      return { type: 'roll' };
    case 'MediaTrackNext':
      return { type: 'episode', direction: 1 };
    case 'MediaTrackPrevious':
      return { type: 'episode', direction: -1 };
    default:
      return null;
  }
}

/** The next speed in the list (clamped at its ends). */
export function nextSpeed(current: number, direction: 1 | -1): number {
  const index = PLAYBACK_SPEEDS.findIndex((s) => s >= current - 1e-9);
  const i = index === -1 ? PLAYBACK_SPEEDS.length - 1 : index;
  const next = Math.min(PLAYBACK_SPEEDS.length - 1, Math.max(0, i + direction));
  return PLAYBACK_SPEEDS[next]!;
}
