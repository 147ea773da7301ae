/**
 * The providers beyond the local library, in the browser: the user's own media server (Jellyfin stand-in),
 * set up in the settings, plays first; the public-domain archive stand-in plays when the source order puts it
 * first. The remote scraping server (an `api:` entry in the proxy list): scraping-progress.spec.ts. Which
 * source a run tries first: scraping-core/src/engine.test.ts.
 */
import { LOCAL_JELLYFIN_API_KEY } from 'services/jellyfin';
import { openSettings, startPlayback } from '../support/player.page';
import { expect, test } from '../support/site.fixture';
import { editStores } from '../support/seed';

const NOSFERATU = '/media/tmdb-movie-653-nosferatu';

test('the media server set up in the settings plays first; with the archive first in the source order, the archive plays', async ({
  page,
  site,
}) => {
  await test.step('the media server saved in the settings is what the player plays from', async () => {
    await page.goto(`${site.hostUrl}/settings`);
    await page.getByRole('textbox', { name: 'Server URL' }).fill(site.services!.urls.jellyfin!);
    await page.getByRole('textbox', { name: 'API key' }).fill(LOCAL_JELLYFIN_API_KEY);
    await page.getByTestId('save-bar').getByRole('button', { name: 'Save' }).click();
    await expect(page.getByTestId('save-bar')).toHaveCount(0);
    await page.goto(`${site.hostUrl}${NOSFERATU}`);
    await startPlayback(page, 0.5);
    await openSettings(page);
    await expect(page.getByTestId('menu-source')).toContainText('My media server');
  });

  await test.step('the archive put first in the source order plays the public-domain film', async () => {
    await page.goto(`${site.hostUrl}/about`);
    await editStores(page, ['preferences'], ({ preferences }) =>
      Object.assign(preferences, { enableSourceOrder: true, sourceOrder: ['archive'] }),
    );
    await page.goto(`${site.hostUrl}${NOSFERATU}`);
    await startPlayback(page, 0.5);
    await openSettings(page);
    await expect(page.getByTestId('menu-source')).toContainText('Public-domain films (archive)');
  });
});
