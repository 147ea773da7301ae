/**
 * docs/behaviour.md#product-accessibility: axe-core (WCAG 2.0/2.1 A and AA, plus label-in-name, which axe ships as
 * experimental) on every route under its title, the details modal, Home's edit mode and the player's menus at
 * 1280 px, and on the screens whose layout narrows at 390 px: no serious or critical violation. The main pages
 * (home, search results, Discover, not found, about, settings) pass every axe rule at 1280 px. Lesser findings are printed
 * so they are seen, not hidden.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { detailsModal } from '../support/discover.page';
import { startPlayback } from '../support/player.page';
import { expect, test } from '../support/site.fixture';
import { seedLists } from '../support/seed';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * `strict`: every axe rule, best practices included, and no violation of any impact. `within`: a selector of
 * the part audited (the page behind a modal is audited on its own).
 */
async function audit(page: Page, label: string, { strict = false, within }: { strict?: boolean; within?: string } = {}): Promise<void> {
  // Only violations are read: axe then skips collecting the elements that passed each rule.
  let builder = new AxeBuilder({ page }).options({
    rules: { 'label-content-name-mismatch': { enabled: true } },
    resultTypes: ['violations'],
  });
  if (within) builder = builder.include(within);
  if (!strict) builder = builder.withTags(TAGS);
  const results = await builder.analyze();
  const describe = (v: (typeof results.violations)[number]) =>
    `${v.impact} ${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} ${n.html.slice(0, 160)}`).join(', ')}`;
  if (strict) {
    expect(results.violations.map(describe), label).toEqual([]);
    return;
  }
  const minor = results.violations.filter((v) => v.impact !== 'serious' && v.impact !== 'critical');
  if (minor.length > 0) console.log(`[a11y] ${label}: ${minor.map(describe).join(' | ')}`);
  expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map(describe), label).toEqual([]);
}

/**
 * Route, what shows it is ready (the audit starts then: what loads after, posters and rows further down,
 * comes with its names and roles in the markup already), its title (where the site sets one), held to every axe rule, audited at 390 px
 * too. At 390 px only the screens whose layout changes are walked again: the header's narrow form, the search
 * results and Discover's grids, Settings without its side navigation, the test player. The others reflow the
 * same elements, and what axe checks (names, roles, contrast, structure) reads the same at both widths.
 */
const ROUTES: [string, string, string | null, boolean?, 'narrow'?][] = [
  ['/', '[role=search]', null, true, 'narrow'],
  ['/browse/Nosferatu', '[data-testid=search-results]', 'Nosferatu | movie-web', true, 'narrow'],
  ['/browse/zzzzqqq', "text=We couldn't find anything", null],
  ['/discover', '[data-testid=discover-page] [data-status=ready]', 'Discover | movie-web', true, 'narrow'],
  ['/discover?tab=tvshows', '[data-testid=discover-page] [data-status=ready]', null],
  ['/discover?tab=editorpicks', '[data-testid=discover-page] [data-status=ready]', null],
  ['/login', '[data-testid=login-page]', 'Log in | movie-web'],
  ['/register', '[data-testid=backend-meta]', 'Register | movie-web'],
  ['/onboarding', '[data-testid=onboarding-page]', 'Setup | movie-web'],
  ['/migration', '[data-testid=migration-page]', 'Migrate account | movie-web'],
  ['/settings', '[data-testid=settings-page]', 'Settings | movie-web', true, 'narrow'],
  ['/dev', '[data-testid=dev-page]', 'Developer tools | movie-web'],
  ['/dev/video', '[data-testid=dev-video-page]', 'Test player | movie-web', undefined, 'narrow'],
  ['/admin', '[data-testid=admin-page]', 'Admin | movie-web'],
  ['/about', '[data-testid=about-page]', 'About | movie-web', true],
  ['/support', '[data-testid=support-page]', 'Support | movie-web'],
  ['/dmca', '[data-testid=dmca-page]', 'DMCA | movie-web'],
  ['/jip', '[data-testid=jip-page]', 'Credits | movie-web'],
  ['/nope', '[data-testid=not-found-page]', 'Not found | movie-web', true],
];

const now = Date.now();

for (const width of [1280, 390]) {
  const screens = width === 1280 ? 'every screen' : 'each screen whose layout narrows';
  test(`at ${width} px ${screens} shows under its title with no serious or critical axe violation`, async ({ page, site }) => {
    test.setTimeout(240_000);
    await page.setViewportSize({ width, height: 860 });
    for (const [path, ready, title, strict, narrow] of ROUTES) {
      if (width < 1280 && !narrow) continue;
      await test.step(path, async () => {
        await page.goto(`${site.hostUrl}${path}`);
        await page.locator(ready).first().waitFor({ timeout: 20_000 });
        if (title) await expect(page).toHaveTitle(title);
        await audit(page, path, { strict: strict && width === 1280 });
      });
    }

    await test.step('Home with lists, and its edit mode with the undo toast', async () => {
      await seedLists(page, {
        bookmarked: [{ tmdbId: '653', title: 'Nosferatu', year: 1922, updatedAt: now }],
        inProgress: [{ tmdbId: '234', title: 'The Cabinet of Dr. Caligari', year: 1920, updatedAt: now, watched: 600, duration: 4500 }],
      });
      await page.goto(`${site.hostUrl}/`);
      await expect(page.getByTestId('bookmarks')).toBeVisible();
      await audit(page, 'home with lists');
      await page.getByTestId('bookmarks-edit').click();
      await page.getByRole('button', { name: 'Remove Nosferatu' }).click();
      await expect(page.getByTestId('undo-toast')).toBeVisible();
      await audit(page, 'home in edit mode with the undo toast');
    });

    for (const id of ['tmdb-movie-653', 'tmdb-tv-910001']) {
      await test.step(`the details modal of ${id}`, async () => {
        await page.goto(`${site.hostUrl}/discover?m=details-${id}`);
        await expect(detailsModal(page).getByRole('heading', { level: 2 }).first()).toBeVisible();
        if (id.includes('-tv-')) await expect(detailsModal(page).getByTestId('episode').first()).toBeVisible();
        await audit(page, `details modal ${id}`, { within: '[role=dialog]' });
      });
    }
  });
}

test("the watch page and the player's menus have no serious or critical axe violation, at 1280 and 390 px", async ({ page, site }) => {
  test.setTimeout(240_000);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 860 });
    await page.goto(`${site.hostUrl}/media/tmdb-movie-653-nosferatu`);
    await startPlayback(page, 0.2);
    await page.keyboard.press('k');
    await audit(page, `watch page at ${width} px`);
    // At 390 px the menus are a sheet with the same pages in it: the longest two are walked again.
    const menus =
      width === 1280
        ? ['menu-quality', 'menu-source', 'menu-captions', 'menu-download', 'Playback', 'Theme', 'Language']
        : ['menu-captions', 'Language'];
    for (const [index, item] of menus.entries()) {
      await test.step(`${item} at ${width} px`, async () => {
        await page.mouse.move(300, 200);
        await page.mouse.move(320, 220);
        if (!(await page.getByTestId('settings-menu').isVisible())) await page.getByTestId('settings-button').click();
        const menu = page.locator('[data-router="settings"]');
        await expect(menu).toHaveAttribute('data-route', '/');
        if (index === 0) await audit(page, `player settings menu at ${width} px`);
        const entry = item.startsWith('menu-') ? menu.getByTestId(item) : menu.getByRole('button', { name: new RegExp(`^${item}`) });
        await entry.click();
        await expect(menu).not.toHaveAttribute('data-route', '/');
        await audit(page, `player menu ${item} at ${width} px`);
        await menu.getByRole('button', { name: 'Back' }).first().click();
      });
    }
  }
});
