/**
 * Find a title, read its details and watch it (docs/behaviour.md#discover-cards, #details-content): the
 * search box (one clear button), its results as media cards, the details modal for a movie with IMDb data
 * through the proxy, Play to the watch page; a search without results leads to Discover. And a row of
 * cards scrolls by its arrows and keys on a desktop, by touch on a phone.
 */
import AxeBuilder from '@axe-core/playwright';
import { MOVIE_GENRES, movieById } from 'services/catalog-data';
import { bookmarkButton, cardOverlay, detailsModal, loadedCards, moreButton, openDiscover, row } from '../support/discover.page';
import { expect, test } from '../support/site.fixture';

test('search → details → watch: the results are cards, the details modal tells the movie, Play opens the player', async ({
  page,
  site,
}) => {
  const imdbRequest = page.waitForRequest(
    (r) => r.url().includes('destination=') && r.url().includes(encodeURIComponent('/title/tt0013442/')),
  );
  await page.goto(`${site.hostUrl}/browse/Nosferatu`);
  const box = page.getByRole('searchbox');
  const results = page.getByTestId('search-results');
  const card = results.getByTestId('media-card').first();
  const modal = detailsModal(page);
  await expect(box).toHaveValue('Nosferatu');
  await expect(card).toContainText('Nosferatu');
  const id = (await card.getAttribute('data-media-id'))!;

  await test.step('the search box has one clear button: the browser’s own is not drawn next to ours', async () => {
    // (Chromium does not compute styles of that pseudo-element: read the rule that applies to the box.)
    const nativeClearHidden = await box.evaluate((el) =>
      [...document.styleSheets].some((sheet) =>
        [...sheet.cssRules].some((rule) => {
          if (!(rule instanceof CSSStyleRule) || !rule.selectorText.includes('::-webkit-search-cancel-button')) return false;
          const host = rule.selectorText
            .split(',')
            .map((s) => s.trim())
            .find((s) => s.endsWith('::-webkit-search-cancel-button'))
            ?.replace('::-webkit-search-cancel-button', '');
          return Boolean(host) && el.matches(host!) && rule.style.display === 'none';
        }),
      ),
    );
    expect(nativeClearHidden).toBe(true);
    await expect(page.getByRole('search').getByRole('button')).toHaveCount(1);
    await expect(page.getByRole('search').getByRole('button')).toHaveAccessibleName('Clear search');
  });

  await test.step('a result is a media card: bookmark toggle, menu with More Info; the grid is one tab stop', async () => {
    const title = (await card.getByRole('heading').textContent())!;
    await expect(bookmarkButton(card)).toHaveAccessibleName(`Bookmark ${title}`);
    await bookmarkButton(card).click();
    await expect(bookmarkButton(card)).toHaveAttribute('aria-pressed', 'true');
    // The whole grid is one tab stop: the card's link, bookmark and menu button, then out of the grid.
    await card.getByRole('link').focus();
    for (let i = 0; i < 3; i++) await page.keyboard.press('Tab');
    expect(await results.evaluate((grid) => grid.contains(document.activeElement))).toBe(false);

    await moreButton(card).click();
    const menu = cardOverlay(card);
    await expect(menu).toHaveRole('menu');
    await expect(menu.getByRole('menuitem')).toHaveText(['More Info', 'Copy Link', 'Close', id]);
    await menu.getByRole('menuitem', { name: 'More Info' }).click();
    await expect(modal).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/browse/Nosferatu\\?m=details-${id.replace(/-[a-z0-9-]*$/, '')}`));
  });

  await test.step('the details modal: trailer, facts, rating from IMDb through the proxy, links, bookmark, no axe violation', async () => {
    await expect(modal.getByRole('heading', { name: 'Nosferatu', level: 2 })).toBeVisible();
    // IMDb page through the proxy with a browser user-agent (docs/behaviour.md#details-imdb-data).
    expect((await imdbRequest).headers()['x-user-agent']).toMatch(/^Mozilla\/5\.0/);
    await expect(modal.getByTestId('details-trailer')).toBeVisible();
    await modal.getByRole('button', { name: 'Unmute trailer' }).click();
    await expect(modal.getByRole('button', { name: 'Mute trailer' })).toBeVisible();
    await modal.getByRole('button', { name: 'Pause trailer' }).click();
    await expect(modal.getByRole('button', { name: 'Play trailer' })).toBeVisible();

    await expect(modal.getByTestId('details-play')).toHaveText('Play');
    await expect(modal.getByTestId('details-play')).toHaveAttribute('href', /\/media\/tmdb-movie-653-nosferatu$/);
    await expect(modal.locator('dd')).toContainText([
      'F. W. Murnau',
      'Celia Vasquez-Lind, Hester Ashgrove, Gideon Hartigan, Ugo Whitcombe, Amos Abernathy',
      '1h 34m',
      'German',
      'March 4, 1922',
      'PG',
    ]);
    const nosferatu = movieById.get(653)!;
    await expect(modal.getByRole('list', { name: 'Genres' }).getByRole('listitem')).toHaveText(
      nosferatu.genreIds.map((genre) => MOVIE_GENRES.find((g) => g.id === genre)!.name),
    );
    await expect(modal.getByText(nosferatu.overview)).toBeVisible();
    await expect(modal.getByTestId('details-rating')).toContainText(/\d\.\d\/10/);
    await expect(modal.getByTestId('details-rating')).toContainText(/\d+K\+ votes|\d+ votes/);
    await expect(modal.getByRole('link', { name: 'The Movie Database' })).toHaveAttribute('href', 'https://www.themoviedb.org/movie/653');
    await expect(modal.getByRole('link', { name: 'IMDb' })).toHaveAttribute('href', /\/title\/tt0013442\/$/);
    // The card's bookmark shows in the modal, and the modal's button toggles it.
    await expect(modal.getByTestId('details-bookmark')).toHaveAttribute('aria-pressed', 'true');
    await modal.getByTestId('details-bookmark').click();
    await expect(modal.getByTestId('details-bookmark')).toHaveAttribute('aria-pressed', 'false');

    const axe = await new AxeBuilder({ page }).include('[role=dialog]').analyze();
    expect(
      axe.violations.map(
        (v) =>
          `${v.id}: ${v.nodes
            .map((n) => n.target.join(' '))
            .slice(0, 3)
            .join(' | ')}`,
      ),
    ).toEqual([]);

    // However large the window and long the content, the modal is at most 900 x 1200 px.
    await page.setViewportSize({ width: 1600, height: 1600 });
    await modal.evaluate((dialog) => dialog.append(Object.assign(document.createElement('div'), { style: 'height: 3000px' })));
    expect(await modal.boundingBox()).toMatchObject({ width: 900, height: 1200 });
    await page.setViewportSize({ width: 1280, height: 800 });
    await modal.getByRole('button', { name: 'Close' }).click();
    await expect(modal).toHaveCount(0);
    await expect(page).toHaveURL(`${site.hostUrl}/browse/Nosferatu`);
  });

  await test.step('Play in the details modal opens the watch page', async () => {
    await moreButton(card).click();
    await cardOverlay(card).getByRole('menuitem', { name: 'More Info' }).click();
    await modal.getByTestId('details-play').click();
    await expect(page).toHaveURL(/\/media\/tmdb-movie-653-nosferatu(\?back=|$)/);
    await expect(page.getByTestId('player-video')).toBeAttached({ timeout: 20_000 });
  });

  await test.step('the clear button clears the search', async () => {
    await page.goto(`${site.hostUrl}/browse/Nosferatu`);
    await page.getByRole('search').getByRole('button', { name: 'Clear search' }).click();
    await expect(page).toHaveURL(`${site.hostUrl}/`);
    await expect(box).toHaveValue('');
    await expect(page.getByRole('search').getByRole('button')).toHaveCount(0);
  });

  await test.step('a search without results, on a 320 px phone: what to try, no sideways scroll, a way to Discover', async () => {
    await page.setViewportSize({ width: 320, height: 800 });
    await page.goto(`${site.hostUrl}/browse/zzzzqqq`);
    const empty = page.getByTestId('search-empty');
    await expect(empty.getByRole('status')).toHaveText("We couldn't find anything!");
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    await empty.getByRole('link', { name: 'Browse Discover' }).click();
    await expect(page).toHaveURL(`${site.hostUrl}/discover`);
  });
});

test('a row scrolls by its arrows and keys on a desktop: no "previous" at its start, no "next" at its end; by touch on a phone', async ({
  page,
  site,
}) => {
  await openDiscover(page, site.hostUrl);
  const nowPlaying = row(page, 'Now Playing');
  await loadedCards(nowPlaying);
  const track = nowPlaying.getByRole('list');
  const previous = nowPlaying.getByTestId('carousel-previous');
  const next = nowPlaying.getByTestId('carousel-next');
  await expect(previous).toHaveCount(0);
  await expect(next).toHaveAccessibleName('Scroll Now Playing forward');
  await next.click();
  await expect.poll(() => track.evaluate((el) => el.scrollLeft)).toBeGreaterThan(300);
  await expect(previous).toBeVisible();

  await test.step('pressing "next" by keyboard until the end moves focus to "previous" instead of losing it, and back', async () => {
    // Each press waits for the row to move and come to rest before the next one.
    const scrollLeft = () => track.evaluate((el) => el.scrollLeft);
    const atRest = () =>
      track.evaluate(
        (el) =>
          new Promise<number>((resolve) => {
            let last = Number.NaN;
            let still = 0;
            const frame = () => {
              if (el.scrollLeft === last && ++still >= 5) return resolve(last);
              if (el.scrollLeft !== last) still = 0;
              last = el.scrollLeft;
              requestAnimationFrame(frame);
            };
            requestAnimationFrame(frame);
          }),
      );
    const pressUntilGone = async (button: typeof next) => {
      for (let i = 0; i < 12 && (await button.count()) > 0; i++) {
        const before = await scrollLeft();
        await page.keyboard.press('Enter');
        await expect.poll(scrollLeft).not.toBe(before);
        await atRest();
      }
    };
    await next.focus();
    await pressUntilGone(next);
    await expect(next).toHaveCount(0);
    await expect(previous).toBeFocused();
    await pressUntilGone(previous);
    await expect(previous).toHaveCount(0);
    await expect(next).toBeFocused();
  });

  await test.step('at 390 px: rows scroll by touch, without arrows', async () => {
    await page.setViewportSize({ width: 390, height: 860 });
    await expect(next).toBeHidden();
    await expect(previous).toHaveCount(0);
  });
});
