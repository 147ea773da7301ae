// @vitest-environment jsdom
/**
 * The subtitle settings against the rendered player: what the caption settings page sets (size, colour,
 * background, bold, delay; Reset) reaches the cues on the picture.
 */
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ref } from 'valtio/vanilla';
import { renderPlayer } from './testing/render-player';

afterEach(cleanup);

/** A film at 0:20 with a chosen caption whose cue shows from 0:15 to 0:25, the caption settings open. */
async function captionSettings() {
  const view = renderPlayer();
  await view.playStream(60, 20);
  await view.update(() => {
    view.actions.setSubtitleSettings({ enabled: true });
    view.player.ui.captions.selectedId = 'en';
    view.player.ui.captions.cues = ref([{ start: 15, end: 25, text: 'Hello' }]);
    view.player.ui.menu.id = 'settings';
    view.player.ui.menu.route = '/captions/settings';
  });
  const menu = screen.getByRole('dialog', { name: 'Subtitle settings' });
  const cue = () => screen.getByTestId('caption-cue');
  const slide = (name: string, value: string) =>
    view.update(() => void fireEvent.change(within(menu).getByRole('slider', { name }), { target: { value } }));
  return { ...view, menu, cue, slide };
}

describe('the caption style', () => {
  it('the size, the background opacity and bold reach the cue', async () => {
    const { cue, slide, menu, update } = await captionSettings();
    expect(cue().textContent).toBe('Hello');
    expect(cue().style.fontSize).toBe('1.5rem');
    expect(cue().style.fontWeight).toBe('400');
    await slide('Size', '150');
    expect(cue().style.fontSize).toBe('2.25rem');
    await slide('Background opacity', '80');
    expect(cue().style.backgroundColor).toBe('rgba(0, 0, 0, 0.8)');
    await update(() => void fireEvent.click(within(menu).getByRole('switch', { name: 'Bold' })));
    expect(cue().style.fontWeight).toBe('700');
  });

  it('a named colour, and a colour of one’s own, colour the cue', async () => {
    const { cue, menu, update } = await captionSettings();
    expect(cue().style.color).toBe('rgb(255, 255, 255)');
    const yellow = within(menu).getByRole('radio', { name: 'Yellow' });
    await update(() => void fireEvent.click(yellow));
    expect(yellow.getAttribute('aria-checked')).toBe('true');
    expect(cue().style.color).toBe('rgb(226, 229, 53)');
    await update(() => void fireEvent.change(within(menu).getByLabelText('Custom colour'), { target: { value: '#FF0000' } }));
    expect(cue().style.color).toBe('rgb(255, 0, 0)');
  });

  it('the delay shifts the cue in time: 6 s later, it has not started yet at 0:20', async () => {
    const { cue, slide } = await captionSettings();
    await slide('Delay', '6');
    expect(screen.queryByTestId('caption-cue')).toBeNull();
    await slide('Delay', '-4');
    expect(cue().textContent).toBe('Hello');
  });

  it('Reset gives the size, colour and delay back, with a half-opaque background', async () => {
    const { cue, slide, menu, update } = await captionSettings();
    await slide('Size', '50');
    await update(() => void fireEvent.click(within(menu).getByRole('radio', { name: 'Blue' })));
    await update(() => void fireEvent.click(within(menu).getByRole('button', { name: 'Reset' })));
    expect(cue().style.fontSize).toBe('1.5rem');
    expect(cue().style.color).toBe('rgb(255, 255, 255)');
    expect(cue().style.backgroundColor).toBe('rgba(0, 0, 0, 0.5)');
  });
});
