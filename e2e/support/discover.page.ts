/** Page object of the discover remote: the Discover page, its carousels, media cards and the details modal. */
import { expect, type Locator, type Page } from '@playwright/test';

export const discoverPage = (page: Page) => page.getByTestId('discover-page');

export async function openDiscover(page: Page, hostUrl: string, query = ''): Promise<void> {
  await page.goto(`${hostUrl}/discover${query}`);
  await expect(discoverPage(page)).toBeVisible();
}

export const tab = (page: Page, name: 'Movies' | 'TV Shows' | 'Editor Picks') => page.getByRole('tab', { name, exact: true });

/** A carousel by its heading. */
export const row = (page: Page, title: string | RegExp) =>
  page.getByTestId('carousel').filter({ has: page.getByRole('heading', { name: title, exact: typeof title === 'string' }) });

export const cardsIn = (scope: Locator) => scope.getByTestId('media-card');

/** Waits until a row shows cards (not skeletons) and returns them. */
export async function loadedCards(scope: Locator): Promise<Locator> {
  // Rows load lazily: bring this one near the viewport first.
  await scope.scrollIntoViewIfNeeded();
  await expect(scope).toHaveAttribute('data-status', 'ready', { timeout: 15_000 });
  const cards = cardsIn(scope);
  await expect(cards.first()).toBeVisible();
  return cards;
}

export const providerPills = (page: Page) => page.getByTestId('provider-pills').getByRole('button');
export const genrePills = (page: Page) => page.getByTestId('genre-pills').getByRole('button');
export const randomButton = (page: Page) => page.getByTestId('random-movie');

export const cardOverlay = (card: Locator) => card.getByTestId('card-overlay');
export const moreButton = (card: Locator) => card.getByTestId('card-more');
export const bookmarkButton = (card: Locator) => card.getByTestId('card-bookmark');

export const detailsModal = (page: Page) => page.getByRole('dialog');
