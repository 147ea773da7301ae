/**
 * While the account server is down the site says changes are kept; when sync works again it says so, the
 * earlier message is gone (not left up after a silent recovery), and what changed meanwhile — a bookmark
 * and a synced setting (the theme) — reaches the server.
 */
import { openFromMenu, homeLink } from '../support/host.page';
import { localBookmarks, register, serverData, storedAccount } from '../support/account.page';
import { pickTheme, saveSettings } from '../support/settings.page';
import { expect, test, withBackendDown } from '../support/site.fixture';

test.describe.configure({ timeout: 150_000 });
test.use({ viewport: { width: 390, height: 860 } });

test('an outage is reported, changes made meanwhile are kept, then its recovery replaces the message and they reach the server', async ({
  page,
  site,
}) => {
  const backend = site.services!.urls.backend!;
  await register(page, site.hostUrl, 'Outage device');
  const account = (await storedAccount(page))!;
  const notice = page.getByTestId('sync-notice');
  await expect(notice).toBeEmpty();

  await withBackendDown(site, async () => {
    await test.step('a bookmark from Home’s Discover row while the server is down: the notice says changes are kept', async () => {
      const card = page.getByTestId('discover-home-section').getByTestId('media-card').first();
      await card.getByTestId('card-bookmark').click();
      await expect.poll(async () => (await localBookmarks(page))?.updateQueue.length ?? 0).toBeGreaterThan(0);
      await expect(notice).toContainText("Can't reach the account server. Your changes are kept on this device", { timeout: 20_000 });
    });
    await test.step('a theme saved on the Settings page meanwhile', async () => {
      await openFromMenu(page, 'Settings');
      await pickTheme(page, 'Red');
      await saveSettings(page);
      await homeLink(page).click();
    });
  });

  await test.step('the server is back: the notice says so, and the changes reach it', async () => {
    await expect(notice).toContainText('Sync is working again', { timeout: 60_000 });
    await expect(notice).not.toContainText("Can't reach the account server");
    await expect.poll(async () => (await serverData(backend, account)).bookmarks.length).toBe(1);
    await expect.poll(async () => (await serverData(backend, account)).settings.applicationTheme).toBe('red');
    await expect(page.getByTestId('account-load-failed')).toHaveCount(0);
    await notice.getByRole('button', { name: 'Dismiss' }).click();
    await expect(notice).toBeEmpty();
  });
});
