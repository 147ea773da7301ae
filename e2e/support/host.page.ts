/** Page object of the host shell: header, user menu, banners. */
import type { Page } from '@playwright/test';

export const header = (page: Page) => page.getByRole('banner');

/** Opens the user menu and follows one of its links (Settings, Discover, About us, Support, Sync to cloud). */
export async function openFromMenu(page: Page, item: string): Promise<void> {
  await header(page).getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('link', { name: item, exact: true }).click();
}

/** The logo link, named by its visible text (WCAG 2.5.3). */
export const homeLink = (page: Page) => header(page).getByRole('link', { name: 'movie-web', exact: true });
