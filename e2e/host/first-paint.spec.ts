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

/**
 * A watch link's first frame is index.html's too: Back and the hidden loading words on a flat backdrop, the
 * gradient glow on a layer of its own shown in the next frame (rasterising a gradient the size of the viewport
 * would hold that frame back). Then the host's waiting screen takes over with Back in the very same box.
 */
const RECORD_WATCH_SHELL = `
  window.__watchShell = null;
  const boxOf = (el) => { const range = document.createRange(); range.selectNodeContents(el); const r = range.getBoundingClientRect(); return { x: r.x, y: r.y, width: r.width, height: r.height }; };
  window.__boxOf = boxOf;
  const look = () => {
    const waiting = document.querySelector('#root > [data-testid=player-waiting]');
    if (!waiting) return requestAnimationFrame(look);
    window.__shellElement = waiting;
    const back = waiting.querySelector('a');
    window.__watchShell = {
      back: back && back.textContent,
      backBox: back && boxOf(back),
      backdrop: getComputedStyle(waiting).backgroundImage,
      glow: getComputedStyle(waiting, '::after').opacity,
    };
  };
  requestAnimationFrame(look);
`;

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test(`a watch link at ${viewport.width} px: the first frame is Back on a flat backdrop, the glow follows, and React keeps Back's box`, async ({
    browser,
    site,
  }) => {
    const context = await browser.newContext({ viewport, serviceWorkers: 'block' });
    const page = await context.newPage();
    // The player remote held back: the host's own waiting screen stays on screen.
    await page.route(`${site.remoteUrls.player}/**`, () => {});
    await page.addInitScript(RECORD_WATCH_SHELL);
    await page.goto(`${site.hostUrl}/media/tmdb-movie-653-nosferatu`);
    await expect.poll(() => page.evaluate('window.__watchShell')).not.toBeNull();
    const shell = await page.evaluate<{ back: string; backBox: object; backdrop: string; glow: string }>('window.__watchShell');
    expect(shell).toMatchObject({ back: 'Back', backdrop: 'none', glow: '0' });
    const waiting = page.getByTestId('player-waiting');
    await expect(waiting).toHaveCSS('background-color', 'rgb(0, 0, 0)');
    // The host's screen, React's element, replaces the shell's.
    await expect.poll(() => page.evaluate(`document.querySelector('[data-testid=player-waiting]') !== window.__shellElement`)).toBe(true);
    await expect(waiting.getByRole('link', { name: 'Back' })).toBeVisible();
    expect(await page.evaluate(`window.__boxOf(document.querySelector('[data-testid=player-waiting] a'))`)).toEqual(shell.backBox);
    expect(
      await page.evaluate(`getComputedStyle(document.querySelector('[data-testid=player-waiting]'), '::after').backgroundImage`),
    ).toContain('radial-gradient');
    await expect
      .poll(() => page.evaluate(`getComputedStyle(document.querySelector('[data-testid=player-waiting]'), '::after').opacity`))
      .toBe('1');
    await context.close();
  });
}
