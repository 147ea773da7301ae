/**
 * Synced settings (application language, default subtitle language, theme, proxy URLs; docs/behaviour.md#sync-rules) changed
 * while the account server is down survive a reload: the pending change is pushed when the server is
 * back, not overwritten by the server's older copy. A change made elsewhere still arrives.
 */
import { editSettingsLocal, localSettings, register, returnToTab, serverData, storedAccount, syncFailed } from '../support/account.page';
import { pickTheme, saveSettings } from '../support/settings.page';
import { expect, test, withBackendDown } from '../support/site.fixture';

test.describe.configure({ timeout: 120_000 });

test('settings changed while the server is down, then a reload: the local change is pushed, not overwritten', async ({ page, site }) => {
  const backend = site.services!.urls.backend!;
  const proxy = site.services!.urls.proxy!;
  await register(page, site.hostUrl, 'Settings device');
  const account = (await storedAccount(page))!;

  // In step with the server: a first theme chosen online reaches it.
  await page.goto(`${site.hostUrl}/settings`);
  await pickTheme(page, 'Blue');
  await saveSettings(page);
  await expect.poll(async () => (await serverData(backend, account)).settings.applicationTheme, { timeout: 15_000 }).toBe('blue');

  await withBackendDown(site, async () => {
    // The theme through the settings page, the other three as the pages that own them store them.
    await page.goto(`${site.hostUrl}/settings`);
    await pickTheme(page, 'Red');
    await saveSettings(page);
    await editSettingsLocal(page, { subtitleLanguage: 'nl', proxyUrls: [proxy], language: 'de' });
    await syncFailed(page);
    await page.reload(); // the pending change must outlive the page, not live only in memory
    expect(await localSettings(page)).toEqual({ language: 'de', theme: 'red', subtitleLanguage: 'nl', proxyUrls: [proxy] });
  });

  // The server is back (still holding "blue", English, no proxies): this device's changes win and reach it.
  await returnToTab(page);
  await expect
    .poll(async () => (await serverData(backend, account)).settings, { timeout: 15_000 })
    .toMatchObject({ applicationTheme: 'red', applicationLanguage: 'de', defaultSubtitleLanguage: 'nl', proxyUrls: [proxy] });
  expect(await localSettings(page)).toEqual({ language: 'de', theme: 'red', subtitleLanguage: 'nl', proxyUrls: [proxy] });
  expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).not.toBe('rgb(15, 13, 24)');

  // A change made on another device (this device has nothing pending) is pulled on restore.
  const put = await fetch(`${backend}/users/${account.userId}/settings`, {
    method: 'PUT',
    headers: { Authorization: `Bearer ${account.token}`, 'Content-Type': 'application/json', 'User-Agent': 'e2e' },
    body: JSON.stringify({ applicationTheme: 'green', defaultSubtitleLanguage: 'fr' }),
  });
  expect(put.status).toBe(200);
  await page.reload();
  await expect
    .poll(() => localSettings(page), { timeout: 15_000 })
    .toEqual({ language: 'de', theme: 'green', subtitleLanguage: 'fr', proxyUrls: [proxy] });
});
