// @vitest-environment jsdom
/**
 * The player in Arabic, on a page that runs right to left: its texts are Arabic, but media time is not
 * mirrored: the seek bar, the volume slider and the clock run left to right (the right arrow still goes
 * forward), and the title takes its own direction.
 */
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderPlayer } from './testing/render-player';

beforeEach(() => {
  // What the host does for a right-to-left language.
  document.documentElement.dir = 'rtl';
  document.documentElement.lang = 'ar';
});
afterEach(() => {
  cleanup();
  document.documentElement.removeAttribute('dir');
  document.documentElement.removeAttribute('lang');
});

/** The direction an element takes from its own or its nearest ancestor's dir attribute. */
const direction = (element: Element) => element.closest('[dir]')?.getAttribute('dir');

describe('the player in Arabic', () => {
  it('speaks Arabic, and the seek bar, the volume and the clock run left to right in the right-to-left page', async () => {
    const { playStream } = renderPlayer({ language: 'ar' });
    await playStream(60, 20);
    const seek = screen.getByRole('slider', { name: 'شريط التقدّم' });
    const volume = screen.getByRole('slider', { name: 'مستوى الصوت' });
    const clock = screen.getByTestId('time-display');
    expect(direction(screen.getByTestId('player'))).toBe('rtl');
    expect(direction(seek)).toBe('ltr');
    expect(direction(volume)).toBe('ltr');
    expect(direction(clock)).toBe('ltr');
    expect(clock.textContent).toBe('0:20 / 1:00');
    expect(seek.getAttribute('aria-valuetext')).toBe('0:20 من 1:00');
  });

  it('the title keeps its own direction (a Latin title reads left to right)', async () => {
    const { playStream } = renderPlayer({ language: 'ar' });
    await playStream(60, 20);
    const title = screen.getByRole('heading', { name: 'Nosferatu' });
    expect(title.getAttribute('dir')).toBe('auto');
  });

  it('the right arrow on the focused seek bar goes forward in time, the left arrow back', async () => {
    const { player, playStream, update } = renderPlayer({ language: 'ar' });
    await playStream(60, 20);
    const seek = screen.getByRole('slider', { name: 'شريط التقدّم' });
    seek.focus();
    await update(() => void fireEvent.keyDown(seek, { key: 'ArrowRight' }));
    expect(player.engine.state.time).toBe(25);
    await update(() => void fireEvent.keyDown(seek, { key: 'ArrowLeft' }));
    await update(() => void fireEvent.keyDown(seek, { key: 'ArrowLeft' }));
    expect(player.engine.state.time).toBe(15);
  });
});
