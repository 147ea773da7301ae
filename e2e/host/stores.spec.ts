import { expect, test } from '../support/site.fixture';

const legacyBookmarks = {
  state: {
    bookmarks: {
      '653': { title: 'Nosferatu', year: 1922, type: 'movie', updatedAt: 1716000000000 },
      '19': { title: 'Metropolis', year: 1927, type: 'movie', updatedAt: 1716000001000 },
    },
  },
  version: 0,
};

const legacyProgress = {
  state: {
    items: {
      '234': {
        title: 'The Cabinet of Dr. Caligari',
        year: 1920,
        type: 'movie',
        updatedAt: 1716000002000,
        progress: { watched: '600', duration: '4500' },
        seasons: {},
        episodes: {},
      },
    },
    updateQueue: [],
  },
  version: 0,
};

test("the described product's saved bookmarks and progress appear, and survive reloads", async ({ page, site }) => {
  await page.goto(`${site.hostUrl}/about`);
  await page.evaluate(
    ([b, p]) => {
      localStorage.setItem('__MW::bookmarks', JSON.stringify(b));
      localStorage.setItem('__MW::progress', JSON.stringify(p));
    },
    [legacyBookmarks, legacyProgress] as const,
  );
  await page.goto(`${site.hostUrl}/`);
  await expect(page.getByTestId('bookmarks').getByTestId('media-card')).toHaveCount(2);
  await expect(page.getByTestId('continue-watching').getByTestId('media-card')).toContainText('The Cabinet of Dr. Caligari');
  await expect(page.getByTestId('continue-watching').getByRole('progressbar')).toHaveAttribute('aria-valuenow', '13');
  // Home is the search box, Bookmarks, Continue Watching, then Discover (docs/behaviour.md#routes-table).
  await expect(page.getByRole('heading', { level: 2 }).filter({ hasText: /^(Bookmarks|Continue Watching|Discover)$/ })).toHaveText([
    'Bookmarks',
    'Continue Watching',
    'Discover',
  ]);
  await page.reload();
  await expect(page.getByTestId('bookmarks').getByTestId('media-card')).toHaveCount(2);
  // Stored in the current version from now on, nothing dropped.
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('__MW::bookmarks') ?? 'null'));
  expect(stored?.version ?? 0).toBeLessThanOrEqual(1);
  expect(Object.keys(stored.state.bookmarks).sort()).toEqual(['19', '653']);
});

test('corrupt storage: defaults are used, the unreadable value is kept under a backup key, and the user is told', async ({
  page,
  site,
}) => {
  await page.goto(`${site.hostUrl}/about`);
  await page.evaluate(() => localStorage.setItem('__MW::bookmarks', '{"state": {"bookmarks": {"1": {"type": "anime"}}}, "version": 1'));
  await page.goto(`${site.hostUrl}/`);
  await expect(page.getByTestId('recovered-banner')).toContainText('bookmarks');
  await expect(page.getByRole('search')).toBeVisible();
  const backups = await page.evaluate(() =>
    Object.keys(localStorage)
      .filter((k) => k.startsWith('__MW::bookmarks::backup::'))
      .map((k) => localStorage.getItem(k)),
  );
  expect(backups).toEqual(['{"state": {"bookmarks": {"1": {"type": "anime"}}}, "version": 1']);
});

test('tabs stay in step', async ({ page, context, site }) => {
  await page.goto(`${site.hostUrl}/`);
  const other = await context.newPage();
  await other.goto(`${site.hostUrl}/about`);
  await other.evaluate((b) => localStorage.setItem('__MW::bookmarks', JSON.stringify(b)), legacyBookmarks);
  // The storage event reaches the first tab, which re-reads its store.
  await expect(page.getByTestId('bookmarks').getByTestId('media-card')).toHaveCount(2);
});
