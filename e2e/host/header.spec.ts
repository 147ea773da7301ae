/**
 * The header avatar shows the profile's colours and icon; the logo and a long device name
 * stay on one line at phone widths; the user-menu button is named by what it shows (label in name).
 */
import AxeBuilder from '@axe-core/playwright';
import { register } from '../support/account.page';
import { header } from '../support/host.page';
import { expect, test } from '../support/site.fixture';

test('signed in: avatar with the profile icon, one-line logo and device name, no label-in-name violation, at 1280, 390 and 360 px', async ({
  page,
  site,
}) => {
  await register(page, site.hostUrl, 'The living room television');
  const profile = await page.evaluate(() => JSON.parse(localStorage.getItem('__MW::auth')!).state.account.profile as { icon: string });
  for (const width of [1280, 390, 360]) {
    await page.setViewportSize({ width, height: 700 });
    await page.goto(`${site.hostUrl}/about`);
    const trigger = header(page).getByTestId('user-menu-button');
    await expect(trigger).toHaveAccessibleName(/^The living room tel….*Open menu$/);
    await expect(trigger.locator('svg path')).toHaveAttribute('d', /^M/);
    expect(profile.icon).toBe('userGroup');
    // One line each: the logo, and the button (the name is cut with an ellipsis instead of wrapping).
    const logo = header(page).getByRole('link', { name: 'movie-web', exact: true });
    expect((await logo.boundingBox())!.height).toBeLessThan(40);
    expect((await trigger.boundingBox())!.height).toBeLessThan(48);
    const results = await new AxeBuilder({ page })
      .include('header')
      .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
      .analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(', ')}`)).toEqual([]);
    await trigger.click();
    await expect(page.getByRole('link', { name: 'Settings' })).toBeVisible();
    await expect(trigger).toHaveAccessibleName(/Close menu$/);
    await page.keyboard.press('Escape');
  }
});
