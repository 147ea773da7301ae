import { expect, test } from '../support/site.fixture';

/**
 * The home's first frame is index.html's shell; React then draws the page over it. The page's largest
 * contentful paint (what browsers report to sites and search engines) stays that first frame only when
 * React's heading takes the very box the shell's heading had: a box even a fraction of a pixel larger,
 * painted later, becomes the new largest paint.
 */
const RECORD_SHELL_HEADING = `
  window.__firstPaint = { shell: null, lcp: [] };
  const textBox = (el) => { const range = document.createRange(); range.selectNodeContents(el); const r = range.getBoundingClientRect(); return { x: r.x, y: r.y, width: r.width, height: r.height }; };
  window.__textBox = textBox;
  new MutationObserver((_, observer) => {
    const h1 = document.querySelector('#root .shell-hero h1');
    if (!h1) return;
    observer.disconnect();
    window.__firstPaint.shell = { text: h1.textContent, box: textBox(h1) };
  }).observe(document, { childList: true, subtree: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__firstPaint.lcp.push({ at: e.startTime, size: e.size, inShell: !!(e.element && e.element.closest('.shell-hero')) });
  }).observe({ type: 'largest-contentful-paint', buffered: true });
`;

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test(`/ at ${viewport.width} px: React's heading takes the shell's heading's box, so the first paint stays the largest`, async ({
    browser,
    site,
  }) => {
    const context = await browser.newContext({ viewport, serviceWorkers: 'block' });
    const page = await context.newPage();
    await page.addInitScript(RECORD_SHELL_HEADING);
    await page.goto(`${site.hostUrl}/`);
    const heading = page.getByRole('heading', { level: 1 });
    await expect(page.getByRole('searchbox')).toBeEnabled();
    await expect(page.locator('[data-testid=carousel]').first()).toHaveAttribute('data-status', 'ready');
    const { shell, lcp, react } = await page.evaluate<{
      shell: { text: string; box: object } | null;
      lcp: { at: number; size: number; inShell: boolean }[];
      react: { text: string; box: object };
    }>(
      `({ ...window.__firstPaint, react: { text: document.querySelector('h1').textContent, box: window.__textBox(document.querySelector('h1')) } })`,
    );
    expect(shell, 'the shell drew a heading').not.toBeNull();
    await expect(heading).toHaveText(shell!.text);
    expect(react.box).toEqual(shell!.box);
    // Nothing painted after React's heading outgrew what the shell painted first.
    expect(lcp.length).toBeGreaterThan(0);
    expect(lcp.filter((e) => !e.inShell && e.size > lcp[0]!.size)).toEqual([]);
    await context.close();
  });
}
