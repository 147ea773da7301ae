/** What the settings change shows up in the player: every control changes what it claims to. */
import type { Page } from '@playwright/test';
import { menu, openSettings, startPlayback, video } from '../support/player.page';
import { saveSettings } from '../support/settings.page';
import { expect, test } from '../support/site.fixture';

const NOSFERATU = '/media/tmdb-movie-653-nosferatu';

async function play(page: Page, hostUrl: string) {
  await page.goto(`${hostUrl}${NOSFERATU}`);
  await startPlayback(page, 0.2);
  await page.keyboard.press('k');
}

test("the subtitle style and the source order chosen in Settings are the player's", async ({ page, site }) => {
  test.setTimeout(120_000);

  await test.step("the subtitle style is the style of the player's captions", async () => {
    await page.goto(`${site.hostUrl}/settings`);
    await page.getByRole('radio', { name: 'Yellow' }).click();
    await page.getByRole('switch', { name: 'Bold text' }).click();
    await page.getByRole('spinbutton', { name: 'Background opacity (%)' }).fill('70');
    await saveSettings(page);

    await play(page, site.hostUrl);
    await video(page).evaluate((v: HTMLVideoElement) => (v.currentTime = 3));
    await openSettings(page);
    await page.getByTestId('menu-captions').click();
    await page.getByTestId('caption-meadow-en-vtt').click();
    const cue = page.getByTestId('caption-cue');
    await expect(cue).toHaveText('Subtitle line 2 (en)');
    await expect(cue).toHaveCSS('color', 'rgb(226, 229, 53)');
    await expect(cue).toHaveCSS('font-weight', '700');
    await expect(cue).toHaveCSS('background-color', 'rgba(0, 0, 0, 0.7)');
  });

  await test.step('the custom source order drives the next scrape', async () => {
    await page.goto(`${site.hostUrl}/settings`);
    await page.getByRole('switch', { name: 'Custom source order' }).click();
    const list = page.getByTestId('source-order');
    const mp4 = list.locator('li[data-source-id="local-mp4"]');
    // Move the MP4 source to the top with the buttons.
    for (let i = 0; i < 6; i++) {
      const up = mp4.getByRole('button', { name: 'Move Local library (MP4) up' });
      if (await up.isDisabled()) break;
      await up.click();
    }
    await expect(list.locator('li').first()).toHaveAttribute('data-source-id', 'local-mp4');
    await saveSettings(page);

    await play(page, site.hostUrl);
    await openSettings(page);
    await expect(menu(page)).toBeVisible();
    await expect(page.getByTestId('menu-source')).toContainText('Local library (MP4)');
  });
});
