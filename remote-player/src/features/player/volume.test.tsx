// @vitest-environment jsdom
/**
 * The player's volume against the rendered screen: the slider, the mute button, the mouse wheel over
 * the picture, and the level remembered for the next time the player opens.
 */
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { memoryStorage } from 'host-core/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { renderPlayer } from './testing/render-player';

afterEach(cleanup);

const slider = () => screen.getByRole('slider', { name: 'Volume' });

describe('the volume', () => {
  it('the slider sets it; the mute button silences it and gives it back', async () => {
    const { player, playStream, update } = renderPlayer();
    await playStream(60, 20);
    await update(() => void fireEvent.change(slider(), { target: { value: '0.4' } }));
    expect(player.engine.state.volume).toBe(0.4);
    expect(slider().getAttribute('aria-valuetext')).toBe('40%');
    await update(() => void fireEvent.click(screen.getByRole('button', { name: 'Mute' })));
    expect(player.engine.state.muted).toBe(true);
    expect(slider().getAttribute('aria-valuetext')).toBe('0%');
    await update(() => void fireEvent.click(screen.getByRole('button', { name: 'Unmute' })));
    expect(player.engine.state.muted).toBe(false);
    expect(slider().getAttribute('aria-valuetext')).toBe('40%');
  });

  it('the wheel over the picture changes it by deltaY / 1000 (down is quieter), not over an open menu', async () => {
    const { player, playStream, update, video } = renderPlayer();
    await playStream(60, 20);
    await update(() => void fireEvent.wheel(video, { deltaY: 250 }));
    expect(player.engine.state.volume).toBeCloseTo(0.75, 5);
    expect(screen.getByTestId('volume-indicator')).toBeTruthy();
    await update(() => void fireEvent.wheel(video, { deltaY: -100 }));
    expect(player.engine.state.volume).toBeCloseTo(0.85, 5);
    await update(() => void fireEvent.click(screen.getByRole('button', { name: 'Settings' })));
    await update(() => void fireEvent.wheel(screen.getByRole('dialog'), { deltaY: 500 }));
    expect(player.engine.state.volume).toBeCloseTo(0.85, 5);
  });

  it('is remembered: the next player starts at the level chosen last', async () => {
    const storage = memoryStorage();
    const first = renderPlayer({ storage });
    await first.playStream(60, 20);
    slider().focus();
    await first.update(() => void fireEvent.keyDown(slider(), { key: 'PageDown' }));
    await first.update(() => void fireEvent.keyDown(slider(), { key: 'PageDown' }));
    expect(first.player.engine.state.volume).toBeCloseTo(0.7, 5);
    cleanup();

    const next = renderPlayer({ storage });
    await next.playStream(60, 0);
    expect(next.player.engine.state.volume).toBeCloseTo(0.7, 5);
    expect(slider().getAttribute('aria-valuetext')).toBe('70%');
  });
});
