/**
 * Double tap on a touch screen (as YouTube and Netflix): a second tap on the same half of the picture
 * soon after the first goes back (left half) or forward (right half) 10 s, and each further quick tap
 * there 10 s more. The halves are the picture's own: its time runs left to right in every language, as
 * the seek bar does. A single tap keeps its own meaning (show or hide the controls).
 */
export const DOUBLE_TAP_MS = 300;
export const DOUBLE_TAP_SEEK = 10;

export interface TapState {
  /** Milliseconds (the event's timeStamp). */
  at: number;
  direction: 1 | -1;
  /** Taps in a row on this half: 1 for a single tap. */
  count: number;
}

export interface Tap {
  at: number;
  /** Pixels from the picture's left edge, and its width. */
  x: number;
  width: number;
}

/** The state after a tap and the seconds it seeks (0: a single tap, which shows or hides the controls). */
export function nextTap(previous: TapState | null, tap: Tap): { state: TapState; seek: number } {
  const direction = tap.x < tap.width / 2 ? -1 : 1;
  const again = previous !== null && previous.direction === direction && tap.at - previous.at <= DOUBLE_TAP_MS;
  const state = { at: tap.at, direction, count: again ? previous.count + 1 : 1 } satisfies TapState;
  return { state, seek: again ? direction * DOUBLE_TAP_SEEK : 0 };
}
