/**
 * The site's frame: the header's links and user menu (the wide links move into the menu below 1024 px),
 * the footer, the not-found page; signed in, the avatar shows the profile's icon, the logo and a long
 * device name stay on one line at phone widths, and the user-menu button is named by what it shows.
 * Signed in, the header, Home and Settings have no serious or critical axe violation.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { register } from '../support/account.page';
import { header, openFromMenu } from '../support/host.page';
import { expect, test } from '../support/site.fixture';

/** Axe's serious and critical WCAG A/AA violations of the page. */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.html.slice(0, 160)).join(', ')}`);
}

/** Every axe violation inside the header, whatever its impact, label-in-name included. */
async function headerViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .include('header')
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(', ')}`);
}

test("the site's frame, signed out then signed in, at 1280, 390 and 360 px", async ({ page, site }) => {
  test.setTimeout(120_000);

  await test.step('signed out, wide: header links, the user menu and its tip link', async () => {
    await page.goto(`${site.hostUrl}/about`);
    const chat = header(page).getByRole('link', { name: 'Community chat' });
    await expect(chat).toHaveAttribute('href', 'https://discord.movie-web.app');
    await expect(chat).toHaveAttribute('target', '_blank');
    await header(page).getByRole('link', { name: 'Discover' }).click();
    await expect(page.getByTestId('discover-page')).toBeVisible();
    await openFromMenu(page, 'About us');
    await expect(page.getByTestId('about-page')).toBeVisible();
    await header(page).getByRole('button', { name: 'Open menu' }).click();
    for (const item of ['Settings', 'Discover', 'About us', 'Support', 'Sync to cloud']) {
      await expect(page.getByRole('link', { name: item, exact: true }).last()).toBeVisible();
    }
    // The tip link is one of the menu's items by default (a deploy sets its own page).
    const tip = page.getByRole('link', { name: 'Tip the developers', exact: true });
    await expect(tip).toHaveAttribute('href', /^https:\/\//);
    await expect(tip).toHaveAttribute('target', '_blank');
    await page.keyboard.press('Escape');
  });

  await test.step('the footer, the credits page and the not-found page', async () => {
    await page.goto(`${site.hostUrl}/jip`);
    const button = page.getByRole('link', { name: "See the author's code" });
    await expect(button).toHaveAttribute('target', '_blank');
    await expect(button).toHaveAttribute('href', /^https:\/\/github\.com\//);
    await expect(page.getByRole('contentinfo')).toContainText('does not host any files');
    await expect(page.getByRole('contentinfo')).toContainText('Version 4.9.4');
    await page.getByRole('contentinfo').getByRole('link', { name: 'DMCA' }).click();
    await expect(page.getByTestId('dmca-page')).toBeVisible();
    await page.goto(`${site.hostUrl}/no/such/page`);
    const notFound = page.getByTestId('not-found-page');
    await expect(notFound).toContainText("Couldn't find that page");
    await expect(notFound).toContainText('This page is not available on the embed.');
    await expect(notFound.getByRole('link', { name: 'Join the community chat' })).toHaveAttribute('href', /^https?:\/\//);
    await expect(notFound.getByRole('button', { name: 'Reload the page' })).toBeVisible();
  });

  await test.step('signed out, below 1024 px: the wide links are in the menu', async () => {
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto(`${site.hostUrl}/about`);
    await expect(header(page).getByRole('link', { name: 'Discover' })).toBeHidden();
    await expect(header(page).getByRole('link', { name: 'Community chat' })).toBeHidden();
    await openFromMenu(page, 'Discover');
    await expect(page.getByTestId('discover-page')).toBeVisible();
  });

  await register(page, site.hostUrl, 'The living room television');
  const profile = await page.evaluate(() => JSON.parse(localStorage.getItem('__MW::auth')!).state.account.profile as { icon: string });
  expect(profile.icon).toBe('userGroup');
  for (const width of [1280, 390, 360]) {
    await test.step(`signed in at ${width} px: the avatar, one-line logo and device name, axe`, async () => {
      await page.setViewportSize({ width, height: 700 });
      await page.goto(`${site.hostUrl}/about`);
      const trigger = header(page).getByTestId('user-menu-button');
      await expect(trigger).toHaveAccessibleName(/^The living room tel….*Open menu$/);
      await expect(trigger.locator('svg path')).toHaveAttribute('d', /^M/);
      // One line each: the logo, and the button (the name is cut with an ellipsis instead of wrapping).
      const logo = header(page).getByRole('link', { name: 'movie-web', exact: true });
      expect((await logo.boundingBox())!.height).toBeLessThan(40);
      expect((await trigger.boundingBox())!.height).toBeLessThan(48);
      expect(await headerViolations(page)).toEqual([]);
      await trigger.click();
      await expect(page.getByRole('link', { name: 'Settings' })).toBeVisible();
      await expect(trigger).toHaveAccessibleName(/Close menu$/);
      await page.keyboard.press('Escape');
      if (width === 360) return;
      await page.goto(`${site.hostUrl}/`);
      await expect(page.getByRole('search')).toBeVisible();
      expect(await seriousViolations(page), `home, signed in, ${width} px`).toEqual([]);
      await page.goto(`${site.hostUrl}/settings`);
      await expect(page.getByRole('heading', { name: 'Account' }).first()).toBeVisible();
      expect(await seriousViolations(page), `settings, signed in, ${width} px`).toEqual([]);
    });
  }
});
