/**
 * While the account server is down the site says changes are kept; when sync works again
 * it says so, and the earlier message is gone (not left up after a silent recovery).
 */
import { localBookmarks, register, serverData, storedAccount } from '../support/account.page';
import { expect, test, withBackendDown } from '../support/site.fixture';

test.describe.configure({ timeout: 150_000 });

for (const width of [1280, 390]) {
  test(`at ${width} px: an outage is reported, then its recovery replaces the message`, async ({ page, site }) => {
    await page.setViewportSize({ width, height: 860 });
    const backend = site.services!.urls.backend!;
    await register(page, site.hostUrl, `Outage ${width}`);
    const account = (await storedAccount(page))!;
    const notice = page.getByTestId('sync-notice');
    await expect(notice).toBeEmpty();

    await withBackendDown(site, async () => {
      // A change made while the server is down: a bookmark from Home's Discover row.
      const card = page.getByTestId('discover-home-section').getByTestId('media-card').first();
      await card.getByTestId('card-bookmark').click();
      await expect.poll(async () => (await localBookmarks(page))?.updateQueue.length ?? 0).toBeGreaterThan(0);
      await expect(notice).toContainText("Can't reach the account server. Your changes are kept on this device", { timeout: 20_000 });
    });

    await expect(notice).toContainText('Sync is working again', { timeout: 60_000 });
    await expect(notice).not.toContainText("Can't reach the account server");
    await expect.poll(async () => (await serverData(backend, account)).bookmarks.length).toBe(1);
    await expect(page.getByTestId('account-load-failed')).toHaveCount(0);
    await notice.getByRole('button', { name: 'Dismiss' }).click();
    await expect(notice).toBeEmpty();
  });
}
