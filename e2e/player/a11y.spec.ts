/** Automated accessibility audit (axe) of the player's main screens (docs/behaviour.md#product-accessibility). */
import AxeBuilder from '@axe-core/playwright';
import { BROKEN, MOVIES_WITHOUT_STREAM } from 'services/media-library';
import { openSettings, startPlayback } from '../support/player.page';
import { expect, test } from '../support/site.fixture';

test('the playing screen and its settings menu have no axe violations', async ({ page, site }) => {
  await page.goto(`${site.hostUrl}/media/tmdb-movie-653-nosferatu`);
  await startPlayback(page, 0.2);
  await page.keyboard.press('k');
  await openSettings(page);
  const results = await new AxeBuilder({ page }).include('[data-testid="player"]').analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
});

test('the not-found and playback-error screens have no axe violations', async ({ page, site }) => {
  await page.goto(`${site.hostUrl}/media/tmdb-movie-${MOVIES_WITHOUT_STREAM.find((id) => id >= 900000)}`);
  await expect(page.getByTestId('scrape-not-found')).toBeVisible({ timeout: 20_000 });
  let results = await new AxeBuilder({ page }).include('[data-testid="player"]').analyze();
  expect(results.violations.map((v) => v.id)).toEqual([]);
  await page.goto(`${site.hostUrl}/dev/video`);
  await page.getByLabel('Stream URL').fill(`${site.services!.urls.media}${BROKEN.badMp4}`);
  await page.getByLabel('Type').selectOption('mp4');
  await page.getByRole('button', { name: 'Start stream' }).click();
  await expect(page.getByTestId('playback-error')).toBeVisible({ timeout: 20_000 });
  results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
});
