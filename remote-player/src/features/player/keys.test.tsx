// @vitest-environment jsdom
/**
 * The player's keys and sliders against the rendered screen: a focused control keeps the keys it uses
 * and lets Tab and Escape go on; the shortcuts get the others. Sliders read as a person says them.
 */
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderPlayer } from './testing/render-player';

afterEach(cleanup);

/** Opens the settings menu as a keyboard user does: the button focused, then pressed. */
async function openSettings(update: (change: () => void) => Promise<void>) {
  const button = screen.getByRole('button', { name: 'Settings' });
  button.focus();
  await update(() => fireEvent.click(button));
  return { button, menu: screen.getByRole('dialog', { name: 'Settings' }) };
}

describe('keys on the player screen', () => {
  it('the arrows seek 5 s when nothing is focused', async () => {
    const { player, playStream } = renderPlayer();
    await playStream(60, 20);
    fireEvent.keyDown(document.body, { key: 'ArrowRight' });
    expect(player.engine.state.time).toBe(25);
  });

  it('the arrows on the focused volume slider move the volume, not the video', async () => {
    const { player, playStream, update } = renderPlayer();
    await playStream(60, 20);
    const volume = screen.getByRole('slider', { name: 'Volume' });
    volume.focus();
    await update(() => fireEvent.keyDown(volume, { key: 'ArrowLeft' }));
    expect(player.engine.state.time).toBe(20);
    expect(player.engine.state.volume).toBeCloseTo(0.95, 5);
    await update(() => fireEvent.keyDown(volume, { key: 'Home' }));
    expect(player.engine.state.volume).toBe(0);
  });

  it('the focused seek slider moves by 5 s on the arrows, 10 s a page, to the ends on Home and End', async () => {
    const { player, playStream, update } = renderPlayer();
    await playStream(60, 20);
    const seek = screen.getByRole('slider', { name: 'Seek' });
    seek.focus();
    await update(() => fireEvent.keyDown(seek, { key: 'ArrowLeft' }));
    expect(player.engine.state.time).toBe(15); // once: the slider's move, not the shortcut's as well
    await update(() => fireEvent.keyDown(seek, { key: 'PageUp' }));
    expect(player.engine.state.time).toBe(25);
    await update(() => fireEvent.keyDown(seek, { key: 'End' }));
    expect(player.engine.state.time).toBe(60);
  });

  it('Tab, Shift+Tab and Escape leave the seek and volume sliders (no keyboard trap)', async () => {
    const { playStream } = renderPlayer();
    await playStream(60, 20);
    for (const name of ['Seek', 'Volume']) {
      const slider = screen.getByRole('slider', { name });
      slider.focus();
      expect(fireEvent.keyDown(slider, { key: 'Tab' })).toBe(true); // not prevented: the browser moves the focus
      expect(fireEvent.keyDown(slider, { key: 'Tab', shiftKey: true })).toBe(true);
    }
  });

  it('the subtitle settings sliders keep their arrows: the video does not jump', async () => {
    const { player, playStream, update } = renderPlayer();
    await playStream(60, 20);
    await update(() => {
      player.ui.menu.id = 'settings';
      player.ui.menu.route = '/captions/settings';
    });
    for (const name of ['Delay', 'Size', 'Background opacity', 'Background blur']) {
      const slider = screen.getByRole('slider', { name });
      slider.focus();
      fireEvent.keyDown(slider, { key: 'ArrowRight' });
      fireEvent.keyDown(slider, { key: 'ArrowDown' });
    }
    expect(player.engine.state.time).toBe(20);
    expect(player.engine.state.volume).toBe(1);
  });

  it('space on a focused button presses it; k still plays and pauses', async () => {
    const { player, playStream } = renderPlayer();
    await playStream(60, 20);
    const fullscreen = screen.getByRole('button', { name: 'Fullscreen' });
    fullscreen.focus();
    expect(fireEvent.keyDown(fullscreen, { key: ' ' })).toBe(true);
    expect(player.engine.paused).toBe(true);
    fireEvent.keyDown(fullscreen, { key: 'k' });
    expect(player.engine.paused).toBe(false);
  });
});

describe('sliders read as a person says them', () => {
  it('the seek slider says "0:20 of 1:00", the volume a percentage, under names that never change', async () => {
    const { playStream, update } = renderPlayer();
    await playStream(60, 20);
    const seek = screen.getByRole('slider', { name: 'Seek' });
    const volume = screen.getByRole('slider', { name: 'Volume' });
    expect(seek.getAttribute('aria-valuetext')).toBe('0:20 of 1:00');
    expect(volume.getAttribute('aria-valuetext')).toBe('100%');
    volume.focus();
    await update(() => fireEvent.keyDown(volume, { key: 'PageDown' }));
    expect(volume.getAttribute('aria-valuetext')).toBe('85%');
    expect(screen.getByRole('slider', { name: 'Volume' })).toBe(volume);
    seek.focus();
    await update(() => fireEvent.keyDown(seek, { key: 'ArrowRight' }));
    expect(seek.getAttribute('aria-valuetext')).toBe('0:25 of 1:00');
    expect(screen.getByRole('slider', { name: 'Seek' })).toBe(seek);
  });

  it('the subtitle settings sliders say "0.0 s" and percentages, under their names', async () => {
    const { player, playStream, update, actions } = renderPlayer();
    await playStream(60, 20);
    await update(() => {
      player.ui.menu.id = 'settings';
      player.ui.menu.route = '/captions/settings';
    });
    expect(screen.getByRole('slider', { name: 'Delay' }).getAttribute('aria-valuetext')).toBe('0.0 s');
    expect(screen.getByRole('slider', { name: 'Size' }).getAttribute('aria-valuetext')).toBe('100%');
    await update(() => actions.setSubtitleSettings({ delay: -1.5, styling: { backgroundOpacity: 0.3 } }));
    expect(screen.getByRole('slider', { name: 'Delay' }).getAttribute('aria-valuetext')).toBe('-1.5 s');
    expect(screen.getByRole('slider', { name: 'Background opacity' }).getAttribute('aria-valuetext')).toBe('30%');
  });
});

describe('player menus keep the focus like a dialog', () => {
  it('Escape closes the menu and gives the focus back to the button that opened it', async () => {
    const { playStream, update } = renderPlayer();
    await playStream(60, 20);
    const { button, menu } = await openSettings(update);
    expect(menu.contains(document.activeElement)).toBe(true);
    await update(() => fireEvent.keyDown(document.activeElement!, { key: 'Escape' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it('✕ closes the menu and gives the focus back to the button that opened it', async () => {
    const { playStream, update } = renderPlayer();
    await playStream(60, 20);
    const captions = screen.getByRole('button', { name: 'Subtitles' });
    captions.focus();
    await update(() => fireEvent.click(captions));
    const menu = screen.getByRole('dialog', { name: 'Subtitles' });
    await update(() => fireEvent.click(within(menu).getByRole('button', { name: 'Close' })));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(captions);
  });

  it('Tab and Shift+Tab go round the open menu; the arrows move between its items', async () => {
    const { playStream, update } = renderPlayer();
    await playStream(60, 20);
    const { menu } = await openSettings(update);
    const items = [...menu.querySelectorAll<HTMLElement>('button, a[href]')];
    const first = items[0]!;
    const last = items[items.length - 1]!;
    last.focus();
    expect(fireEvent.keyDown(last, { key: 'Tab' })).toBe(false);
    expect(document.activeElement).toBe(first);
    expect(fireEvent.keyDown(first, { key: 'Tab', shiftKey: true })).toBe(false);
    expect(document.activeElement).toBe(last);
    first.focus();
    fireEvent.keyDown(first, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(items[1]);
    fireEvent.keyDown(items[1]!, { key: 'ArrowUp' });
    expect(document.activeElement).toBe(first);
  });
});
