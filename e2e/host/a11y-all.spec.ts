/**
 * docs/behaviour.md#product-accessibility: axe-core (WCAG 2.0/2.1 A and AA, plus label-in-name, which axe ships as experimental) on
 * every route, the details modal, Home's edit mode and the player's menus, at 1280 and 390 px: no
 * serious or critical violation. Lesser findings are printed so they are seen, not hidden.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { detailsModal } from '../support/discover.page';
import { register } from '../support/account.page';
import { startPlayback } from '../support/player.page';
import { expect, test } from '../support/site.fixture';
import { seedLists } from '../support/seed';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

async function audit(page: Page, label: string, include?: string): Promise<void> {
  await page.waitForLoadState('networkidle').catch(() => undefined); // a stream keeps loading on the watch page
  let builder = new AxeBuilder({ page }).withTags(TAGS).options({ rules: { 'label-content-name-mismatch': { enabled: true } } });
  if (include) builder = builder.include(include);
  const results = await builder.analyze();
  const describe = (v: (typeof results.violations)[number]) =>
    `${v.impact} ${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} ${n.html.slice(0, 160)}`).join(', ')}`;
  const minor = results.violations.filter((v) => v.impact !== 'serious' && v.impact !== 'critical');
  if (minor.length > 0) console.log(`[a11y] ${label}: ${minor.map(describe).join(' | ')}`);
  expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map(describe), label).toEqual([]);
}

/** Route, what shows it is ready. */
const ROUTES: [string, string][] = [
  ['/', '[role=search]'],
  ['/browse/Nosferatu', '[data-testid=search-results]'],
  ['/browse/zzzzqqq', "text=We couldn't find anything"],
  ['/discover', '[data-testid=discover-page] [data-status=ready]'],
  ['/discover?tab=tvshows', '[data-testid=discover-page] [data-status=ready]'],
  ['/discover?tab=editorpicks', '[data-testid=discover-page] [data-status=ready]'],
  ['/login', 'form'],
  ['/register', '[data-testid=backend-meta]'],
  ['/onboarding', 'main h1'],
  ['/migration', 'main h1'],
  ['/settings', 'main h1'],
  ['/dev', 'main h1'],
  ['/dev/video', 'main'],
  ['/admin', 'main h1'],
  ['/about', '[data-testid=about-page]'],
  ['/support', 'main h1'],
  ['/dmca', 'main h1'],
  ['/jip', 'main h1'],
  ['/nope', '[data-testid=not-found-page]'],
];

const now = Date.now();

for (const width of [1280, 390]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 860 } });

    test('every route has no serious or critical axe violation', async ({ page, site }) => {
      test.setTimeout(180_000);
      for (const [path, ready] of ROUTES) {
        await test.step(path, async () => {
          await page.goto(`${site.hostUrl}${path}`);
          await page.locator(ready).first().waitFor({ timeout: 20_000 });
          await audit(page, path);
        });
      }
    });

    test('Home with lists and their edit mode, and the details modal, have no serious or critical axe violation', async ({
      page,
      site,
    }) => {
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

      for (const id of ['tmdb-movie-653', 'tmdb-tv-910001']) {
        await page.goto(`${site.hostUrl}/discover?m=details-${id}`);
        await expect(detailsModal(page).getByRole('heading', { level: 2 }).first()).toBeVisible();
        if (id.includes('-tv-')) await expect(detailsModal(page).getByTestId('episode').first()).toBeVisible();
        await audit(page, `details modal ${id}`);
      }
    });

    test("the watch page and the player's menus have no serious or critical axe violation", async ({ page, site }) => {
      test.setTimeout(120_000);
      await page.goto(`${site.hostUrl}/media/tmdb-movie-653-nosferatu`);
      await startPlayback(page, 0.2);
      await page.keyboard.press('k');
      await audit(page, 'watch page');
      const menus = ['menu-quality', 'menu-source', 'menu-captions', 'menu-download', 'Playback', 'Theme', 'Language'];
      for (const item of menus) {
        await page.mouse.move(300, 200);
        await page.mouse.move(320, 220);
        if (!(await page.getByTestId('settings-menu').isVisible())) await page.getByTestId('settings-button').click();
        const menu = page.locator('[data-router="settings"]');
        await expect(menu).toHaveAttribute('data-route', '/');
        await audit(page, 'player settings menu');
        const entry = item.startsWith('menu-') ? menu.getByTestId(item) : menu.getByRole('button', { name: new RegExp(`^${item}`) });
        await entry.click();
        await expect(menu).not.toHaveAttribute('data-route', '/');
        await audit(page, `player menu ${item}`);
        await menu.getByRole('button', { name: 'Back' }).first().click();
      }
    });

    test('signed in: the header, Home and Settings have no serious or critical axe violation', async ({ page, site }) => {
      test.setTimeout(120_000);
      await register(page, site.hostUrl, `Axe ${width}`);
      await audit(page, 'home, signed in');
      await page.goto(`${site.hostUrl}/settings`);
      await page.locator('main h1').first().waitFor();
      await expect(page.getByRole('heading', { name: 'Account' }).first()).toBeVisible();
      await audit(page, 'settings, signed in');
    });
  });
}
