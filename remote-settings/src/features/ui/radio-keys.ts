/**
 * Keyboard of a radio group, as native radio buttons have it: the group is one tab stop (the checked
 * option, or the first when none is), and the arrow keys move the choice and the focus (mirrored right
 * to left), Home and End to the first and last option.
 */
import type { KeyboardEvent } from 'react';

/** The tab index of option `i` of a group whose checked option is `checked` (-1 when none is). */
export const radioTabIndex = (i: number, checked: number): 0 | -1 => (i === checked || (checked < 0 && i === 0) ? 0 : -1);

/** Handles a group's arrow, Home and End keys: chooses the option they lead to and focuses it. */
export function onRadioKeys(event: KeyboardEvent<HTMLElement>, count: number, index: number, choose: (next: number) => void) {
  const rtl = getComputedStyle(event.currentTarget).direction === 'rtl';
  const forward = ['ArrowDown', rtl ? 'ArrowLeft' : 'ArrowRight'];
  const backward = ['ArrowUp', rtl ? 'ArrowRight' : 'ArrowLeft'];
  let next = -1;
  if (forward.includes(event.key)) next = (Math.max(index, 0) + 1) % count;
  else if (backward.includes(event.key)) next = (Math.max(index, 0) - 1 + count) % count;
  else if (event.key === 'Home') next = 0;
  else if (event.key === 'End') next = count - 1;
  if (next < 0) return;
  event.preventDefault();
  choose(next);
  event.currentTarget.querySelectorAll<HTMLElement>('[role=radio]')[next]?.focus();
}
