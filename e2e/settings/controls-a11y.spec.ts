/**
 * Settings by keyboard and screen reader: each radio group is one tab stop whose arrow keys move the
 * choice, the unsaved-changes bar is announced, slider names stay put while their value moves, and the
 * page fits a 320 px phone.
 */
import { expect, test } from '../support/site.fixture';

test('the theme and caption colour groups are one tab stop each; arrow keys move the choice', async ({ page, site }) => {
  await page.goto(`${site.hostUrl}/settings`);
  const themes = page.getByRole('radiogroup', { name: 'Theme' });
  const checked = themes.getByRole('radio', { checked: true });
  await expect(checked).toHaveAttribute('tabindex', '0');
  // Every other option of the group is out of the tab order.
  const others = themes.locator('[role=radio][aria-checked=false]');
  expect(await others.count()).toBeGreaterThan(2);
  for (const other of await others.all()) await expect(other).toHaveAttribute('tabindex', '-1');

  const name = await checked.innerText();
  await checked.focus();
  await page.keyboard.press('ArrowRight');
  const moved = themes.getByRole('radio', { checked: true });
  await expect(moved).toBeFocused();
  expect(await moved.innerText()).not.toBe(name);
  await expect(page.getByTestId('save-bar')).toBeVisible();
  // One Tab leaves the group.
  await page.keyboard.press('Tab');
  expect(await themes.evaluate((group) => group.contains(document.activeElement))).toBe(false);

  const colours = page.getByRole('radiogroup', { name: 'Colour' });
  await expect(colours.locator('[role=radio][tabindex="0"]')).toHaveCount(1);
  await colours.getByRole('radio', { checked: true }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(colours.getByRole('radio', { checked: true })).toBeFocused();
  await expect(colours.getByRole('radio', { checked: true })).toHaveAccessibleName('Blue');
  await expect(page.getByTestId('subtitle-preview')).toHaveCSS('color', 'rgb(128, 177, 250)');
});

test('the unsaved-changes bar is announced in a polite status', async ({ page, site }) => {
  await page.goto(`${site.hostUrl}/settings`);
  await expect(page.getByTestId('settings-page')).toBeVisible();
  // The live region is in the page before anything changes, so what appears in it is read out.
  await expect(page.getByTestId('save-status')).toHaveRole('status');
  await expect(page.getByTestId('save-status')).toHaveText('');
  await page.getByRole('switch', { name: 'Autoplay' }).click();
  await expect(page.getByTestId('save-status')).toHaveText('You have unsaved changes');
  await page.getByTestId('save-bar').getByRole('button', { name: 'Reset' }).click();
  await expect(page.getByTestId('save-status')).toHaveText('');
});

test("a slider's name stays the same while its value changes", async ({ page, site }) => {
  await page.goto(`${site.hostUrl}/settings`);
  const slider = page.getByRole('slider', { name: 'Background opacity', exact: true });
  await expect(slider).toHaveAccessibleName('Background opacity');
  await slider.focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('spinbutton', { name: 'Background opacity (%)' })).not.toHaveValue('50');
  await expect(slider).toHaveAccessibleName('Background opacity');
  await expect(page.getByRole('slider', { name: 'Text size', exact: true })).toHaveAccessibleName('Text size');
});

for (const width of [320, 390]) {
  test(`settings does not scroll sideways at ${width} px`, async ({ page, site }) => {
    await page.setViewportSize({ width, height: 800 });
    await page.goto(`${site.hostUrl}/settings`);
    await expect(page.getByRole('radiogroup', { name: 'Theme' })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    // The theme swatches stay inside the page.
    for (const swatch of await page.getByRole('radiogroup', { name: 'Theme' }).getByRole('radio').all()) {
      const box = (await swatch.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(width);
    }
  });
}
