/**
 * Arabic on a phone: an English title keeps its own direction wherever it meets Arabic text. Cards on
 * Home (Bookmarks, Continue Watching) and Discover cut a long title at its end, a provider name keeps
 * its "+" after it, and the details line keeps the rating apart from the runtime's digits. On a desktop
 * the page is mirrored: headings start on the right and a row's arrows scroll the other way.
 */
import type { Locator, Page } from '@playwright/test';
import { detailsModal, loadedCards, openDiscover, providerPills, row } from '../support/discover.page';
import { expect, test } from '../support/site.fixture';
import { seedLists, seedSettings } from '../support/seed';

const LONG = 'The Cabinet of Dr. Caligari';
const now = Date.now();

test.use({ viewport: { width: 390, height: 844 } });

test.beforeEach(async ({ page }) => {
  await seedSettings(page, { language: 'ar' });
});

/**
 * Where a character of an element's text is drawn: the left and right edge of the `nth` character
 * (counting from 0 in the text as written) that matches `pattern`.
 */
async function charBox(scope: Locator, pattern: RegExp, nth = 0): Promise<{ left: number; right: number }> {
  return scope.evaluate(
    (el, [source, flags, n]) => {
      const re = new RegExp(source, flags);
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      let seen = 0;
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        for (let i = 0; i < text.length; i++) {
          if (!re.test(text[i]!)) continue;
          if (seen++ < n) continue;
          const range = document.createRange();
          range.setStart(node, i);
          range.setEnd(node, i + 1);
          const rect = range.getBoundingClientRect();
          return { left: rect.left, right: rect.right };
        }
      }
      throw new Error(`no character ${source} in ${el.textContent}`);
    },
    [pattern.source, pattern.flags, nth] as const,
  );
}

/** The horizontal centre of a character: "+" after "V" in left-to-right text has the larger one. */
async function centre(scope: Locator, pattern: RegExp, nth = 0): Promise<number> {
  const { left, right } = await charBox(scope, pattern, nth);
  return (left + right) / 2;
}

/** The title is an isolate of its own direction, and its first letter is drawn inside the card (cut at its end). */
async function expectTitleCutAtItsEnd(title: Locator): Promise<void> {
  await expect(title).toHaveAttribute('dir', 'auto');
  expect(await title.evaluate((el) => getComputedStyle(el).direction)).toBe('ltr');
  const box = (await title.boundingBox())!;
  const first = await charBox(title, /\S/);
  expect(first.left).toBeGreaterThanOrEqual(box.x - 1);
  expect(first.right).toBeLessThanOrEqual(box.x + box.width + 1);
}

async function seedHome(page: Page): Promise<void> {
  await seedLists(page, {
    bookmarked: [{ tmdbId: '234', title: LONG, year: 1920, updatedAt: now }],
    inProgress: [{ tmdbId: '234', title: LONG, year: 1920, updatedAt: now, watched: 600, duration: 4500 }],
  });
}

test('right to left, in Arabic: English titles keep their direction on Home, Discover and in the details; the page is mirrored', async ({
  page,
  site,
}) => {
  await seedHome(page);
  await test.step('Home: Bookmarks and Continue Watching cut an English title at its end', async () => {
    await page.goto(`${site.hostUrl}/`);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    for (const list of ['bookmarks', 'continue-watching']) {
      const title = page.getByTestId(list).locator('h3', { hasText: LONG });
      await expect(title).toBeVisible();
      // At this width the title does not fit: it is cut, and the cut is at its end.
      expect(await title.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
      await expectTitleCutAtItsEnd(title);
    }
  });

  await test.step('Discover: row cards cut titles at their end, provider names keep their own direction', async () => {
    await openDiscover(page, site.hostUrl);
    const cards = await loadedCards(row(page, 'يُعرض الآن'));
    await expectTitleCutAtItsEnd(cards.first().locator('h3'));

    const apple = providerPills(page).filter({ hasText: 'Apple TV+' });
    expect(await centre(apple, /\+/)).toBeGreaterThan(await centre(apple, /V/));

    // The provider's row: "on Apple TV+" with the "+" still after the name.
    await apple.click();
    const heading = page.getByRole('heading', { level: 2, name: /Apple TV\+/ });
    await expect(heading).toBeVisible();
    expect(await centre(heading, /\+/)).toBeGreaterThan(await centre(heading, /V/));
  });

  await test.step('details: the facts line keeps the rating apart from the runtime, the vote count reads as a number', async () => {
    await openDiscover(page, site.hostUrl, '?m=details-tmdb-movie-653');
    const modal = detailsModal(page);
    await expect(modal.getByRole('heading', { name: 'Nosferatu', level: 2 })).toHaveAttribute('dir', 'auto');
    const facts = modal.getByTestId('details-facts');
    await expect(facts).toContainText('PG');
    // Read right to left: film · 1922 · PG · 1 h 34 min. The hours ("1") sit between "PG" and the hour sign.
    const pg = await charBox(facts, /P/);
    const hourSign = await charBox(facts, /س/);
    const digits = facts.evaluate((el) => el.textContent.replace(/[^\d]/g, ''));
    expect(await digits).toBe('1922134');
    const hours = await charBox(facts, /\d/, 4);
    expect(hours.right).toBeLessThanOrEqual(pg.left);
    expect(hours.left).toBeGreaterThanOrEqual(hourSign.right);

    // "8.3 out of 10", read from the right: the score first.
    const score = modal.getByTestId('details-rating').locator('.score');
    await expect(score).toContainText('من 10');
    expect(await centre(score, /\d/, 0)).toBeGreaterThan(await centre(score, /\d/, 2));

    const votes = modal.getByTestId('details-rating').locator('.votes');
    await expect(votes).toContainText('K+');
    expect(await centre(votes, /\+/)).toBeGreaterThan(await centre(votes, /K/));
    await expect(votes).toContainText('تقييم');
  });

  await test.step('on a desktop the page is mirrored: headings start on the right, the arrows scroll the other way', async () => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await openDiscover(page, site.hostUrl);
    const first = row(page, 'يُعرض الآن');
    await loadedCards(first);
    const heading = await first.getByRole('heading', { level: 2 }).boundingBox();
    expect(heading!.x + heading!.width).toBeGreaterThan(1000);
    const track = first.getByRole('list');
    await first.getByTestId('carousel-next').click();
    await expect.poll(() => track.evaluate((el) => el.scrollLeft)).toBeLessThan(-300);
  });
});
