import type { Locator } from '@playwright/test';
import { openFromMenu } from '../support/host.page';
import { expect, test } from '../support/site.fixture';

/** What a person reads on a failure screen shows nothing of the federation runtime's dump; a developer finds it behind the disclosure. */
async function expectDetailsForDevelopersOnly(slot: Locator, detail: RegExp) {
  await expect(slot).toBeVisible();
  const visible = await slot.innerText();
  expect(visible).not.toMatch(/RUNTIME-00\d|mf-manifest\.json|Failed to fetch|Federation Runtime|http:\/\//);
  const details = slot.getByTestId('remote-error-details');
  await expect(details.getByText(detail)).toBeHidden();
  await details.getByText('Details for developers').click();
  await expect(details.getByText(detail)).toBeVisible();
}

test('a stopped remote shows a clear message and retry; the rest of the site keeps working; a slow one says so and arrives', async ({
  page,
  site,
}) => {
  await page.addInitScript(recordSlowNotice);
  await test.step('a stopped remote: a clear message within 10 s, the header and other remotes work, Retry once it is back', async () => {
    await site.stopRemote('discover');
    try {
      const started = Date.now();
      await page.goto(`${site.hostUrl}/discover`);
      const slot = page.getByTestId('remote-error-discover');
      await expect(slot).toBeVisible({ timeout: 10_000 });
      expect(Date.now() - started).toBeLessThan(10_000);
      await expect(slot).toContainText('Discover is unavailable right now');
      await expectDetailsForDevelopersOnly(slot, /could not reach/);
      // Header and other remotes still work.
      await openFromMenu(page, 'Settings');
      await expect(page.getByTestId('settings-page')).toBeVisible();
      await page.goBack();
      await expect(page.getByTestId('remote-error-discover')).toBeVisible();
    } finally {
      await site.startRemote('discover');
    }
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByTestId('discover-page')).toBeVisible();
  });

  await test.step('a remote slow to arrive says so within 3 s, keeps waiting and shows its page when it comes', async () => {
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(`${site.remoteUrls.settings}/mf-manifest.json`, async (route) => {
      await released;
      await route.continue();
    });
    await page.goto(`${site.hostUrl}/settings`);
    await expect(page.getByTestId('remote-waiting')).toHaveText('Settings is taking longer than usual to arrive. Still waiting…');
    expect(await slowNoticeAt(page)).toBeLessThan(3000);
    release();
    await expect(page.getByTestId('settings-page')).toBeVisible();
    await expect(page.getByTestId('remote-waiting')).toHaveCount(0);
    await expect(page.getByTestId('remote-error-settings')).toHaveCount(0);
  });
});

test('a manifest that gives 404, HTML, not a manifest or no answer fails cleanly within 10 s', async ({ page, site, qa }) => {
  await page.addInitScript(recordSlowNotice);
  for (const [kind, path, expected] of [
    ['404', '/404/mf-manifest.json', /answered HTTP 404/],
    ['HTML', '/html/mf-manifest.json', /did not answer with a manifest/],
    ['not a manifest', '/notmanifest/mf-manifest.json', /is not a Module Federation manifest/],
    ['no answer', '/hang/mf-manifest.json', /no answer from .* within 4 s/],
  ] as const) {
    await test.step(kind, async () => {
      const started = Date.now();
      await page.goto(`${site.hostUrl}/discover?remote.discover=${encodeURIComponent(qa.broken.origin + path)}`);
      if (kind === 'no answer') {
        // A remote that hangs says within 3 s that it is slow to arrive; the manifest's time limit (4 s here) ends the wait.
        await expect(page.getByTestId('remote-waiting')).toHaveText('Discover is taking longer than usual to arrive. Still waiting…');
        expect(await slowNoticeAt(page)).toBeLessThan(3000);
      }
      const slot = page.getByTestId('remote-error-discover');
      await expect(slot).toBeVisible({ timeout: 10_000 });
      expect(Date.now() - started).toBeLessThan(10_000);
      await expect(slot).toContainText('Discover is unavailable right now');
      await expectDetailsForDevelopersOnly(slot, expected);
      await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
      await openFromMenu(page, 'Settings');
      await expect(page.getByTestId('settings-page')).toBeVisible();
      await page.getByRole('button', { name: 'Reset overrides' }).click();
      await page.goto(`${site.hostUrl}/discover`);
      await expect(page.getByTestId('discover-page')).toBeVisible();
    });
  }
});

/** In the page, before its scripts: notes when (ms since the navigation began) a slot first says it is slow. */
function recordSlowNotice() {
  new MutationObserver((_, observer) => {
    if (!document.querySelector('[data-slow]')) return;
    (window as { __slowAt?: number }).__slowAt = performance.now();
    observer.disconnect();
  }).observe(document, { subtree: true, childList: true, attributes: true });
}

const slowNoticeAt = (page: import('@playwright/test').Page) => page.evaluate(() => (window as { __slowAt?: number }).__slowAt ?? Infinity);
