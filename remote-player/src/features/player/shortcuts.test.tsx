// @vitest-environment jsdom
/**
 * The player's keyboard shortcuts against the rendered screen, nothing focused: play and pause, seeking,
 * frame steps, speed, volume and mute, fullscreen, the subtitle delay, Escape, and keys that are not
 * shortcuts (with Ctrl, Meta or Alt; typed into a field).
 */
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderPlayer } from './testing/render-player';

afterEach(cleanup);

async function playing(duration = 60, time = 20) {
  const view = renderPlayer();
  await view.playStream(duration, time);
  const press = (key: string, init: Omit<KeyboardEventInit, 'key'> = {}) =>
    view.update(() => void fireEvent.keyDown(document.body, { key, ...init }));
  return { ...view, press };
}

describe('keyboard shortcuts', () => {
  it('space and k play and pause; the play button says which', async () => {
    const { player, press } = await playing();
    await press(' ');
    expect(player.engine.state.playing).toBe(true);
    expect(screen.getByTestId('play-toggle').getAttribute('aria-label')).toBe('Pause');
    await press('k');
    expect(player.engine.state.playing).toBe(false);
    expect(screen.getByTestId('play-toggle').getAttribute('aria-label')).toBe('Play');
    await press('K');
    expect(player.engine.state.playing).toBe(true);
  });

  it('the arrows seek 5 s, j and l 10 s, within the start and the end', async () => {
    const { player, press } = await playing(60, 20);
    const time = () => player.engine.state.time;
    await press('ArrowLeft');
    expect(time()).toBe(15);
    await press('l');
    expect(time()).toBe(25);
    await press('j');
    await press('j');
    expect(time()).toBe(5);
    await press('j');
    expect(time()).toBe(0);
    await press('ArrowRight');
    expect(time()).toBe(5);
    for (let i = 0; i < 6; i++) await press('l');
    expect(time()).toBe(60);
  });

  it('. and , step 1 s only while paused', async () => {
    const { player, press } = await playing(60, 20);
    await press('.');
    expect(player.engine.state.time).toBe(21);
    await press(',');
    await press(',');
    expect(player.engine.state.time).toBe(19);
    await press('k');
    await press('.');
    expect(player.engine.state.time).toBe(19);
  });

  it('> and < go through the speeds 0.25, 0.5, 1, 1.5, 2 and stop at their ends', async () => {
    const { player, press } = await playing();
    const rates: number[] = [];
    for (const key of ['>', '>', '>', '<', '<', '<', '<', '<']) {
      await press(key);
      rates.push(player.engine.state.rate);
    }
    expect(rates).toEqual([1.5, 2, 2, 1.5, 1, 0.5, 0.25, 0.25]);
  });

  it('up and down change the volume by 0.15 within 0..1, with the indicator; m mutes and unmutes', async () => {
    const { player, press } = await playing();
    await press('ArrowDown');
    expect(player.engine.state.volume).toBeCloseTo(0.85, 5);
    expect(screen.getByTestId('volume-indicator')).toBeTruthy();
    await press('ArrowUp');
    await press('ArrowUp');
    expect(player.engine.state.volume).toBe(1);
    for (let i = 0; i < 8; i++) await press('ArrowDown');
    expect(player.engine.state.volume).toBe(0);
    await press('ArrowUp');
    await press('m');
    expect(player.engine.state.muted).toBe(true);
    expect(screen.getByRole('button', { name: 'Unmute' })).toBeTruthy();
    await press('M');
    expect(player.engine.state.muted).toBe(false);
  });

  it('f asks for fullscreen on the player, not on the video alone', async () => {
    const { press } = await playing();
    const asked: Element[] = [];
    const shell = screen.getByTestId('player');
    shell.requestFullscreen = function (this: Element) {
      asked.push(this);
      return Promise.resolve();
    };
    await press('f');
    expect(asked).toEqual([shell]);
  });

  it('] and [ move the subtitle delay by 0.5 s, kept in the subtitle settings, with the indicator', async () => {
    const { stores, press } = await playing();
    await press(']');
    await press(']');
    await press('[');
    expect(stores.subtitles.delay).toBe(0.5);
    expect(screen.getByTestId('delay-indicator').textContent).toBe('Subtitle delay: 0.5 s');
  });

  it('Escape closes an open menu', async () => {
    const { player, press, update } = await playing();
    await update(() => void fireEvent.click(screen.getByRole('button', { name: 'Settings' })));
    expect(screen.getByRole('dialog', { name: 'Settings' })).toBeTruthy();
    await press('Escape');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(player.ui.menu.id).toBeNull();
  });

  it('r rolls the picture for a moment', async () => {
    const { press } = await playing();
    expect(screen.getByTestId('roll-layer').getAttribute('data-rolling')).toBe('false');
    await press('r');
    expect(screen.getByTestId('roll-layer').getAttribute('data-rolling')).toBe('true');
  });

  it('keys with Ctrl, Meta or Alt, and keys typed into a field, are not shortcuts', async () => {
    const { player, press, update } = await playing(60, 20);
    await press('k', { ctrlKey: true });
    await press('ArrowRight', { metaKey: true });
    await press('l', { altKey: true });
    const field = document.createElement('input');
    document.body.append(field);
    field.focus();
    await update(() => void fireEvent.keyDown(field, { key: 'k' }));
    await update(() => void fireEvent.keyDown(field, { key: 'ArrowRight' }));
    field.remove();
    expect(player.engine.state.playing).toBe(false);
    expect(player.engine.state.time).toBe(20);
    await press('k');
    expect(player.engine.state.playing).toBe(true);
  });
});
