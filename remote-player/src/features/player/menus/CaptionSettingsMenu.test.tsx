// @vitest-environment jsdom
/** The player's subtitle settings: the ranges of its sliders and what reaches the stored style. */
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderPlayer } from '../testing/render-player';

afterEach(cleanup);

async function openCaptionSettings() {
  const rendered = renderPlayer();
  await rendered.playStream(60, 0);
  await rendered.update(() => {
    rendered.player.ui.menu.id = 'settings';
    rendered.player.ui.menu.route = '/captions/settings';
  });
  return rendered;
}

describe('the subtitle settings sliders', () => {
  it.each([
    ['Background opacity', 0, 100, 'backgroundOpacity'],
    ['Background blur', 0, 100, 'backgroundBlur'],
    ['Size', 1, 200, 'size'],
  ] as const)('%s goes from %i to %i per cent, and no further', async (name, min, max, key) => {
    const { stores, update } = await openCaptionSettings();
    const slider = screen.getByRole('slider', { name });
    expect([slider.getAttribute('min'), slider.getAttribute('max'), slider.getAttribute('step')]).toEqual([String(min), String(max), '1']);
    await update(() => fireEvent.change(slider, { target: { value: String(max) } }));
    expect(stores.subtitles.styling[key]).toBe(max / 100);
    expect(slider.getAttribute('aria-valuetext')).toBe(`${max}%`);
    await update(() => fireEvent.change(slider, { target: { value: String(min) } }));
    expect(stores.subtitles.styling[key]).toBe(min / 100);
  });
});
