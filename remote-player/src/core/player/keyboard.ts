/** Keyboard shortcuts: a pure map from a key event, and what has the focus, to a player command. */
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

/**
 * What has the keyboard focus, as far as the keys go: a focused control keeps the keys it uses, the
 * player's shortcuts get the others.
 * - `text`: a text field, a select or editable content keeps every key.
 * - `slider`: keeps the arrows, Home, End, Page Up and Page Down (it moves its own value).
 * - `choices`: a radio group, or a place inside an open menu, keeps the arrows, Home and End (they move
 *   between its items).
 * - `button`: keeps space (it presses the button); k still plays and pauses.
 * - `none`: the page, the picture: every shortcut applies.
 */
export type FocusKind = 'none' | 'button' | 'text' | 'slider' | 'choices';

export interface KeyInput {
  key: string;
  ctrlKey?: boolean;
  metaKey?: boolean;
  altKey?: boolean;
  /** What has the focus (focusKindOf): default none. */
  focus?: FocusKind;
}

const SLIDER_KEYS = new Set(['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'End', 'PageUp', 'PageDown']);
const CHOICE_KEYS = new Set(['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'End']);
/** Input types that are pressed rather than typed into. */
const PRESSED_INPUTS = new Set(['button', 'submit', 'reset', 'checkbox', 'radio', 'color', 'file', 'image']);

/** The part of a DOM element that focusKindOf reads. */
export interface FocusTarget {
  tagName: string;
  isContentEditable?: boolean;
  getAttribute(name: string): string | null;
  closest?(selector: string): unknown;
}

/** What kind of control has the focus (null: nothing, the page). */
export function focusKindOf(target: FocusTarget | null): FocusKind {
  if (!target) return 'none';
  const tag = target.tagName.toUpperCase();
  const role = target.getAttribute('role');
  if (target.isContentEditable || tag === 'TEXTAREA' || tag === 'SELECT') return 'text';
  if (tag === 'INPUT') {
    const type = (target.getAttribute('type') ?? 'text').toLowerCase();
    if (type === 'range') return 'slider';
    if (type === 'radio') return 'choices';
    if (!PRESSED_INPUTS.has(type)) return 'text';
  }
  if (role === 'slider') return 'slider';
  if (role === 'radio' || target.closest?.('[role="dialog"], [role="menu"], [role="listbox"], [role="radiogroup"]')) return 'choices';
  if (tag === 'BUTTON' || tag === 'A' || tag === 'INPUT' || role === 'button' || role === 'switch') return 'button';
  return 'none';
}

/** Whether the focused control keeps this key for itself (no shortcut then). */
function keptByFocus(key: string, focus: FocusKind): boolean {
  switch (focus) {
    case 'text':
      return true;
    case 'slider':
      return SLIDER_KEYS.has(key);
    case 'choices':
      return CHOICE_KEYS.has(key) || key === ' ';
    case 'button':
      return key === ' ';
    default:
      return false;
  }
}

/** The command of a key, or null. `paused` decides frame stepping (only when paused). */
export function commandForKey(input: KeyInput, paused: boolean): KeyCommand | null {
  if (input.ctrlKey || input.metaKey || input.altKey) return null;
  if (keptByFocus(input.key, input.focus ?? 'none')) return null;
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

/** How far the keys move a slider the player draws itself: `step` for the arrows, `page` for Page Up and Page Down. */
export interface SliderSteps {
  value: number;
  min: number;
  max: number;
  step: number;
  page: number;
}

/**
 * The value a key gives a left-to-right slider (the WAI-ARIA slider pattern): right and up increase,
 * left and down decrease, Page Up and Page Down by a page, Home and End to the ends. Null for any other
 * key, which the slider leaves alone (Tab, Escape and the shortcuts go on).
 */
export function sliderValueForKey(key: string, { value, min, max, step, page }: SliderSteps): number | null {
  const by = (delta: number) => Math.min(max, Math.max(min, value + delta));
  switch (key) {
    case 'ArrowRight':
    case 'ArrowUp':
      return by(step);
    case 'ArrowLeft':
    case 'ArrowDown':
      return by(-step);
    case 'PageUp':
      return by(page);
    case 'PageDown':
      return by(-page);
    case 'Home':
      return min;
    case 'End':
      return max;
    default:
      return null;
  }
}
