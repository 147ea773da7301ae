/**
 * A deploy's config.json shapes the site's routing: hash routes, the onboarding gate, the provider-issues
 * notice in place of the watch page, old guide links without a guide, the ad slot. (The takedown contact
 * and the tip link are component tests: host/src/features/pages/pages.test.tsx, layout/UserMenu.test.tsx.)
 */
import type { Page } from '@playwright/test';
import { expect, test } from '../support/site.fixture';
import { storedEntries, writeNow } from '../support/seed';

/** Serves the site's own config.json with `patch` laid over it from the next page load on (replacing an earlier patch). */
async function configure(page: Page, patch: Record<string, unknown>): Promise<void> {
  await page.unroute('**/config.json');
  await page.route('**/config.json', async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, json: { ...((await response.json()) as Record<string, unknown>), ...patch } });
  });
}

test("a deploy's flags: hash routes, the onboarding gate, the provider-issues notice, no streaming guide, the ad slot", async ({
  page,
  site,
}) => {
  await test.step('without flags: no ad slot', async () => {
    await page.goto(`${site.hostUrl}/`);
    await expect(page.getByRole('search')).toBeVisible();
    await expect(page.getByTestId('ad-slot')).toHaveCount(0);
  });

  await test.step('the ad slot is there with the show-ad flag', async () => {
    await configure(page, { showAd: true });
    await page.goto(`${site.hostUrl}/`);
    await expect(page.getByRole('complementary', { name: 'Advertisement' })).toBeVisible();
  });

  await test.step('hash router mode', async () => {
    await configure(page, { routerMode: 'hash' });
    await page.goto('about:blank'); // from the home, only the hash would change: no new load, no new config
    await page.goto(`${site.hostUrl}/#/about`);
    await expect(page.getByTestId('about-page')).toBeVisible();
    await page.getByRole('contentinfo').getByRole('link', { name: 'DMCA' }).click();
    await expect(page).toHaveURL(`${site.hostUrl}/#/dmca`);
    await expect(page.getByTestId('dmca-page')).toBeVisible();
  });

  await test.step('the provider-issues notice replaces the watch page when the flag is on', async () => {
    await configure(page, { showProviderIssues: true });
    await page.goto(`${site.hostUrl}/media/tmdb-movie-653-nosferatu`);
    await expect(page.getByTestId('provider-issues')).toContainText("We're having trouble with our providers");
    await page.getByRole('link', { name: 'Go home' }).click();
    await expect(page.getByRole('search')).toBeVisible();
  });

  await test.step('without a streaming guide configured, an old guide link shows the old-link page', async () => {
    await configure(page, { streamingGuideUrl: '' });
    await page.goto(`${site.hostUrl}/media/JW-movie-20002`);
    await expect(page.getByTestId('legacy-unresolvable')).toHaveAttribute('data-reason', 'not-found');
    await expect(page).toHaveURL(`${site.hostUrl}/media/JW-movie-20002`);
  });

  await test.step('with the onboarding flag on, the site leads to the setup until it is done; watch pages are not held up', async () => {
    await configure(page, { hasOnboarding: true });
    await page.goto(`${site.hostUrl}/about`);
    await expect(page).toHaveURL(`${site.hostUrl}/onboarding`);
    await expect(page.getByTestId('onboarding-page')).toBeVisible();
    await page.goto(`${site.hostUrl}/media/tmdb-movie-653-nosferatu`);
    await expect(page).toHaveURL(/\/media\/tmdb-movie-653-nosferatu$/);
    // Once done (remembered), the site opens normally.
    await writeNow(page, storedEntries({ settings: { onboarded: true } }));
    await page.goto(`${site.hostUrl}/about`);
    await expect(page.getByTestId('about-page')).toBeVisible();
  });
});
