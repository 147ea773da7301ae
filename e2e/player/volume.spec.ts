/**
 * The volume-support probe (1 s) hides the volume slider where a page cannot set the volume (iOS).
 * The mouse wheel's volume steps are a component test (volume.test.tsx).
 */
import { showControls, startPlayback } from '../support/player.page';
import { expect, test } from '../support/site.fixture';

const NOSFERATU = '/media/tmdb-movie-653-nosferatu';

test('where the volume is read-only (as on iOS), the slider is hidden and the wheel leaves it alone; mute stays', async ({
  page,
  site,
}) => {
  await page.addInitScript(() => {
    const volume = Object.getOwnPropertyDescriptor(HTMLMediaElement.prototype, 'volume')!;
    // The original getter goes back on the prototype, where the element is its `this`.
    // eslint-disable-next-line @typescript-eslint/unbound-method
    Object.defineProperty(HTMLMediaElement.prototype, 'volume', { get: volume.get!, set() {}, configurable: true });
  });
  await page.goto(`${site.hostUrl}${NOSFERATU}`);
  await startPlayback(page, 1.2); // the probe answers after 1 s
  await showControls(page);
  await expect(page.getByRole('slider', { name: 'Volume' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Mute' })).toBeVisible();
  await page.mouse.move(400, 300);
  await page.mouse.wheel(0, 300);
  await page.waitForTimeout(300);
  await expect(page.getByTestId('volume-indicator')).toHaveCount(0);
});

test('where the volume can be set, the slider shows after the probe', async ({ page, site }) => {
  await page.goto(`${site.hostUrl}${NOSFERATU}`);
  await startPlayback(page, 1.2);
  await showControls(page);
  await expect(page.getByRole('slider', { name: 'Volume' })).toBeVisible();
});
