import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '../support/site.fixture';

for (const [name, path, ready] of [
  ['home', '/', '[role=search]'],
  ['search results', '/browse/Nosferatu', '[data-testid=search-results]'],
  ['not found', '/nope', '[data-testid=not-found-page]'],
  ['about', '/about', '[data-testid=about-page]'],
] as const) {
  test(`${name} has no automated accessibility violations`, async ({ page, site }) => {
    await page.goto(`${site.hostUrl}${path}`);
    await page.waitForSelector(ready);
    await page.waitForLoadState('networkidle');
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });
}
