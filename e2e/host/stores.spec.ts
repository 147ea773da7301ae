/**
 * What earlier visits left in local storage: the described product's saved lists appear and are kept;
 * tabs stay in step; a save the browser refuses because the origin's storage is full is announced, the
 * change stays on screen and is saved once there is room; a stored value that cannot be read is set aside
 * once (not again at every load) and the person is told, in their language.
 */
import { header, homeLink } from '../support/host.page';
import { bookmarkButton, loadedCards, openDiscover, row } from '../support/discover.page';
import { expect, test } from '../support/site.fixture';
import { storedEntries, writeNow } from '../support/seed';

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

const UNREADABLE = '{"state": {"bookmarks": {"1": {"type": "anime"}}}, "version": 1';

test('stored lists: old ones appear and stay, tabs keep in step, a full storage and an unreadable value are told', async ({
  page,
  context,
  site,
}) => {
  test.setTimeout(120_000);
  const cards = page.getByTestId('bookmarks').getByTestId('media-card');

  await test.step("the described product's bookmarks and progress appear, and survive reloads", async () => {
    await page.goto(`${site.hostUrl}/about`);
    await page.evaluate(
      ([b, p]) => {
        localStorage.setItem('__MW::bookmarks', JSON.stringify(b));
        localStorage.setItem('__MW::progress', JSON.stringify(p));
      },
      [legacyBookmarks, legacyProgress] as const,
    );
    await page.goto(`${site.hostUrl}/`);
    await expect(cards).toHaveCount(2);
    await expect(page.getByTestId('continue-watching').getByTestId('media-card')).toContainText('The Cabinet of Dr. Caligari');
    await expect(page.getByTestId('continue-watching').getByRole('progressbar')).toHaveAttribute('aria-valuenow', '13');
    // Home is the search box, Bookmarks, Continue Watching, then Discover (docs/behaviour.md#routes-table).
    await expect(page.getByRole('heading', { level: 2 }).filter({ hasText: /^(Bookmarks|Continue Watching|Discover)$/ })).toHaveText([
      'Bookmarks',
      'Continue Watching',
      'Discover',
    ]);
    await page.reload();
    await expect(cards).toHaveCount(2);
    // Stored in the current version from now on, nothing dropped.
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('__MW::bookmarks') ?? 'null'));
    expect(stored?.version ?? 0).toBeLessThanOrEqual(1);
    expect(Object.keys(stored.state.bookmarks).sort()).toEqual(['19', '653']);
  });

  await test.step('another tab changes the bookmarks: this one follows', async () => {
    const other = await context.newPage();
    await other.goto(`${site.hostUrl}/about`);
    const one = { ...legacyBookmarks, state: { bookmarks: { '19': legacyBookmarks.state.bookmarks['19'] } } };
    await other.evaluate((b) => localStorage.setItem('__MW::bookmarks', JSON.stringify(b)), one);
    await expect(cards).toHaveCount(1);
    await other.close();
  });

  await test.step('a full storage: the person is told, the bookmark stays on screen, and is saved once there is room', async () => {
    await page.evaluate(() => localStorage.removeItem('__MW::bookmarks'));
    await openDiscover(page, site.hostUrl);
    // Fill this origin's storage to the last few characters, as other data on a shared origin might.
    await page.evaluate(() => {
      let size = 1 << 20;
      let n = 0;
      while (size >= 16) {
        try {
          localStorage.setItem(`filler-${n++}`, 'x'.repeat(size));
        } catch {
          size = Math.floor(size / 2);
        }
      }
    });
    const card = (await loadedCards(row(page, 'Now Playing'))).first();
    const id = (await card.getAttribute('data-media-id'))!;
    await bookmarkButton(card).click();
    await expect(page.getByTestId('save-failed-banner')).toContainText("Your browser's storage for this site is full");
    await expect(page.getByTestId('save-failed-banner')).toContainText('bookmarks');
    await expect(bookmarkButton(card)).toHaveAttribute('aria-pressed', 'true');

    await homeLink(page).click();
    await expect(page.getByTestId('bookmarks').locator(`[data-media-id="${id}"]`)).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('__MW::bookmarks'))).toBeNull();

    // Room again: the next change saves everything the store holds (the first bookmark too), and the notice goes.
    await page.evaluate(() =>
      Object.keys(localStorage)
        .filter((k) => k.startsWith('filler-'))
        .forEach((k) => localStorage.removeItem(k)),
    );
    await header(page).getByRole('link', { name: 'Discover' }).click(); // in the app: a reload would drop what is only in memory
    const other = (await loadedCards(row(page, 'Now Playing'))).nth(1);
    const otherId = (await other.getAttribute('data-media-id'))!;
    await bookmarkButton(other).click();
    await expect(page.getByTestId('save-failed-banner')).toHaveCount(0);
    const saved = await page.evaluate(() => Object.keys(JSON.parse(localStorage.getItem('__MW::bookmarks')!).state.bookmarks).sort());
    expect(saved).toEqual([id, otherId].map((m) => m.replace(/^tmdb-(movie|tv)-/, '')).sort());
  });

  await test.step('unreadable values: set aside once under a backup key, the defaults used, and the banner names them in German', async () => {
    await writeNow(page, storedEntries({ settings: { language: 'de' } }));
    // Unreadable values, by hand: no builder makes what the site cannot read.
    await page.evaluate((bad) => {
      localStorage.setItem('__MW::bookmarks', bad);
      localStorage.setItem('__MW::progress', '{"state": ');
    }, UNREADABLE);
    await page.goto(`${site.hostUrl}/`);
    const banner = page.getByTestId('recovered-banner');
    await expect(banner).toContainText('Lesezeichen und Wiedergabefortschritt');
    await expect(banner).not.toContainText('bookmarks');
    await expect(page.getByRole('search')).toBeVisible();
    await page.reload();
    await expect(page.getByRole('search')).toBeVisible();
    await expect(banner).toHaveCount(0);
    const backups = await page.evaluate(() =>
      Object.keys(localStorage)
        .filter((k) => k.startsWith('__MW::bookmarks::backup::'))
        .map((k) => localStorage.getItem(k)),
    );
    expect(backups).toEqual([UNREADABLE]);
  });
});
