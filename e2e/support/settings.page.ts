/** Page object of the settings remote. */
import type { Page } from '@playwright/test';

export async function pickTheme(page: Page, name: string): Promise<void> {
  await page
    .getByRole('radiogroup', { name: 'Theme' })
    .getByRole('radio', { name: new RegExp(`^${name}`, 'i') })
    .click();
}

export async function saveSettings(page: Page): Promise<void> {
  await page.getByTestId('save-bar').getByRole('button', { name: 'Save' }).click();
  await page.getByTestId('save-bar').waitFor({ state: 'detached' });
}
