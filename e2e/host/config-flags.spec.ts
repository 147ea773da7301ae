import { withConfig } from '../support/config';
import { header } from '../support/host.page';
import { expect, test } from '../support/site.fixture';
import { storedEntries, writeNow } from '../support/seed';

test('hash router mode', async ({ page, site }) => {
  await withConfig(page, { routerMode: 'hash' });
  await page.goto(`${site.hostUrl}/#/about`);
  await expect(page.getByTestId('about-page')).toBeVisible();
  await page.getByRole('contentinfo').getByRole('link', { name: 'DMCA' }).click();
  await expect(page).toHaveURL(`${site.hostUrl}/#/dmca`);
  await expect(page.getByTestId('dmca-page')).toBeVisible();
});

test('the provider-issues notice replaces the watch page when the flag is on', async ({ page, site }) => {
  await withConfig(page, { showProviderIssues: true });
  await page.goto(`${site.hostUrl}/media/tmdb-movie-653-nosferatu`);
  await expect(page.getByTestId('provider-issues')).toContainText("We're having trouble with our providers");
  await page.getByRole('link', { name: 'Go home' }).click();
  await expect(page.getByRole('search')).toBeVisible();
});

test('the takedown page shows the configured contact', async ({ page, site }) => {
  await withConfig(page, { dmcaEmail: 'takedown@example.org' });
  await page.goto(`${site.hostUrl}/dmca`);
  await expect(page.getByRole('link', { name: 'takedown@example.org' })).toHaveAttribute('href', 'mailto:takedown@example.org');
});

test('with the onboarding flag on, the site leads to the setup until it is done', async ({ page, site }) => {
  await withConfig(page, { hasOnboarding: true });
  await page.goto(`${site.hostUrl}/about`);
  await expect(page).toHaveURL(`${site.hostUrl}/onboarding`);
  await expect(page.getByTestId('onboarding-page')).toBeVisible();
  // Watch pages are not held up by the setup.
  await page.goto(`${site.hostUrl}/media/tmdb-movie-653-nosferatu`);
  await expect(page).toHaveURL(/\/media\/tmdb-movie-653-nosferatu$/);
  // Once done (remembered), the site opens normally.
  await writeNow(page, storedEntries({ settings: { onboarded: true } }));
  await page.goto(`${site.hostUrl}/about`);
  await expect(page.getByTestId('about-page')).toBeVisible();
});

test('the ad slot is there only with the show-ad flag; the tip link goes where the config says, or away', async ({ page, site }) => {
  await page.goto(`${site.hostUrl}/`);
  await expect(page.getByRole('search')).toBeVisible();
  await expect(page.getByTestId('ad-slot')).toHaveCount(0);
  await withConfig(page, { showAd: true, tipUrl: 'https://tips.example.org/mw' });
  await page.goto(`${site.hostUrl}/`);
  await expect(page.getByRole('complementary', { name: 'Advertisement' })).toBeVisible();
  await header(page).getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByRole('link', { name: 'Tip the developers' })).toHaveAttribute('href', 'https://tips.example.org/mw');
  await page.unrouteAll();
  await withConfig(page, { tipUrl: '' });
  await page.goto(`${site.hostUrl}/about`);
  await header(page).getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByRole('link', { name: 'Support', exact: true }).last()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Tip the developers' })).toHaveCount(0);
});

test('without a streaming guide configured, an old guide link shows the old-link page', async ({ page, site }) => {
  await withConfig(page, { streamingGuideUrl: '' });
  await page.goto(`${site.hostUrl}/media/JW-movie-20002`);
  await expect(page.getByTestId('legacy-unresolvable')).toHaveAttribute('data-reason', 'not-found');
  await expect(page).toHaveURL(`${site.hostUrl}/media/JW-movie-20002`);
});
