/**
 * Keys where a control has the focus, read through the accessibility tree: a focused slider keeps its
 * arrows (the video does not jump), Tab, Shift+Tab and Escape leave it; sliders say their value as a
 * person would under a name that does not change; an open menu holds the focus like a dialog and gives
 * it back to the button that opened it.
 */
import { currentTime, paused, setTime, showControls, startPlayback, videoProp } from '../support/player.page';
import { expect, test } from '../support/site.fixture';

const NOSFERATU = '/media/tmdb-movie-653-nosferatu'; // a 16 s clip

test('the focused volume slider keeps the arrows; Tab and Shift+Tab leave the sliders; values read as a person says them', async ({
  page,
  site,
}) => {
  await page.goto(`${site.hostUrl}${NOSFERATU}`);
  await startPlayback(page, 0.3);
  await page.keyboard.press('k');
  await expect.poll(() => paused(page)).toBe(true);
  await setTime(page, 8);
  await showControls(page);

  const seek = page.getByRole('slider', { name: 'Seek' });
  const volume = page.getByRole('slider', { name: 'Volume' });
  await expect(seek).toHaveAttribute('aria-valuetext', '0:00:08 of 1:34:00');
  await expect(volume).toHaveAttribute('aria-valuetext', '100%');

  await volume.focus();
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await expect.poll(() => videoProp(page, 'volume')).toBeCloseTo(0.9, 2);
  expect(await currentTime(page)).toBeCloseTo(8, 1); // the video did not jump
  await expect(volume).toHaveAttribute('aria-valuetext', '90%');
  await expect(volume).toHaveAccessibleName('Volume'); // the name does not change with the value

  // Tab leaves the volume slider for the next control; Shift+Tab comes back and goes on backwards.
  await page.keyboard.press('Tab');
  await expect(volume).not.toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(volume).toBeFocused();
  await seek.focus();
  await page.keyboard.press('ArrowRight'); // the seek slider's own step: 5 s
  await expect.poll(() => currentTime(page)).toBeCloseTo(13, 0);
  await expect(seek).toHaveAttribute('aria-valuetext', '0:00:13 of 1:34:00');
  await expect(seek).toHaveAccessibleName('Seek');
  await page.keyboard.press('Shift+Tab');
  await expect(seek).not.toBeFocused();
  await page.keyboard.press('Tab');
  await expect(seek).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(seek).not.toBeFocused();
});

test('the subtitle settings sliders keep their arrows; the open menu holds the focus; Escape gives it back to its button', async ({
  page,
  site,
}) => {
  await page.goto(`${site.hostUrl}${NOSFERATU}`);
  await startPlayback(page, 0.3);
  await page.keyboard.press('k');
  await expect.poll(() => paused(page)).toBe(true);
  await setTime(page, 8);
  await showControls(page);

  const captions = page.getByRole('button', { name: 'Subtitles' });
  await captions.focus();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('dialog', { name: 'Subtitles' });
  await expect(menu).toBeVisible();
  await menu.getByRole('button', { name: 'Subtitle settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Subtitle settings' });

  const delay = settings.getByRole('slider', { name: 'Delay' });
  await expect(delay).toHaveAttribute('aria-valuetext', '0.0 s');
  await delay.focus();
  await page.keyboard.press('ArrowRight');
  await expect(delay).toHaveAttribute('aria-valuetext', '0.1 s');
  await expect(delay).toHaveAccessibleName('Delay');
  for (const name of ['Size', 'Background opacity', 'Background blur']) {
    const slider = settings.getByRole('slider', { name });
    await slider.focus();
    await page.keyboard.press('ArrowLeft');
    await expect(slider).toHaveAttribute('aria-valuetext', /^\d+%$/);
  }
  expect(await currentTime(page)).toBeCloseTo(8, 1); // none of the arrows seeked
  await expect.poll(() => videoProp(page, 'volume')).toBe(1);

  // Tab goes round the menu and never leaves it.
  const focusInMenu = () => settings.evaluate((el) => el.contains(document.activeElement));
  for (let i = 0; i < 25; i++) {
    await page.keyboard.press('Tab');
    expect(await focusInMenu()).toBe(true);
  }
  for (let i = 0; i < 5; i++) {
    await page.keyboard.press('Shift+Tab');
    expect(await focusInMenu()).toBe(true);
  }

  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(captions).toBeFocused();

  // ✕ gives the focus back too.
  const settingsButton = page.getByRole('button', { name: 'Settings' });
  await settingsButton.focus();
  await page.keyboard.press('Enter');
  await page.getByRole('dialog', { name: 'Settings' }).getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(settingsButton).toBeFocused();
});
