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
    for (const e of list.getEntries()) window.__firstPaint.lcp.push({ at: e.startTime, size: e.size, inShell: !!(e.element && e.element.closest('.shell-hero')), heading: !!(e.element && e.element.tagName === 'H1') });
  }).observe({ type: 'largest-contentful-paint', buffered: true });
`;

for (const [viewport, locale] of [
  [{ width: 1280, height: 800 }, 'en-US'],
  [{ width: 390, height: 844 }, 'en-US'],
  [{ width: 1280, height: 800 }, 'ar'],
  [{ width: 390, height: 844 }, 'ar'],
] as const) {
  test(`/ at ${viewport.width} px in ${locale}: React's heading takes the shell's heading's box and paints nothing larger`, async ({
    browser,
    site,
  }) => {
    const context = await browser.newContext({ viewport, locale, serviceWorkers: 'block' });
    const page = await context.newPage();
    await page.addInitScript(RECORD_SHELL_HEADING);
    await page.goto(`${site.hostUrl}/`);
    const heading = page.getByRole('heading', { level: 1 });
    await expect(page.getByRole('searchbox')).toBeEnabled();
    await expect(page.locator('[data-testid=carousel]').first()).toHaveAttribute('data-status', 'ready');
    const { shell, lcp, react } = await page.evaluate<{
      shell: { text: string; box: object } | null;
      lcp: { at: number; size: number; inShell: boolean; heading: boolean }[];
      react: { text: string; box: object };
    }>(
      `({ ...window.__firstPaint, react: { text: document.querySelector('h1').textContent, box: window.__textBox(document.querySelector('h1')) } })`,
    );
    expect(shell, 'the shell drew a heading').not.toBeNull();
    await expect(heading).toHaveText(shell!.text);
    expect(react.box).toEqual(shell!.box);
    // Nothing painted after React's heading outgrew what the shell painted first.
    expect(lcp.length).toBeGreaterThan(0);
    // In English the heading is the page's largest paint; a shorter one (Arabic's) is outgrown by the first row's
    // posters, but React's heading still paints nothing larger than the shell's.
    const later = lcp.filter((e) => !e.inShell && e.size > lcp[0]!.size);
    expect(locale === 'en-US' ? later : later.filter((e) => e.heading)).toEqual([]);
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

/**
 * A Discover link's first frame is index.html's too: the page's head, tabs and pills, and the first row's
 * heading and poster places. The host keeps that frame on screen while the page's code arrives, and the page
 * then draws each of them in the very box the frame had.
 */
const RECORD_DISCOVER_SHELL = `
  window.__discoverShell = null;
  window.__waitingText = false;
  const boxOf = (el) => { const r = el.getBoundingClientRect(); return { x: r.x, y: r.y, width: r.width, height: r.height }; };
  window.__textsOf = (picks) => Object.fromEntries(Object.entries(picks).map(([name, selector]) => [name, [...document.querySelectorAll(selector)].map((el) => el.textContent)]));
  window.__boxesOf = (picks) => Object.fromEntries(Object.entries(picks).map(([name, selector]) => [name, document.querySelector(selector) && boxOf(document.querySelector(selector))]));
  new MutationObserver(() => {
    if (document.querySelector('[data-testid=remote-waiting]')) window.__waitingText = true;
    if (window.__discoverShell || !document.querySelector('#root .shell-discover li')) return;
    window.__discoverShellDirs = [...document.querySelectorAll('.shell-discover .pill')].map((el) => el.getAttribute('dir'));
    const selected = getComputedStyle(document.querySelector('.shell-discover .tab.selected'));
    window.__discoverShellSelected = [selected.color, selected.backgroundColor];
    window.__discoverShellTexts = window.__textsOf(${JSON.stringify({
      heading: '.shell-discover h1',
      random: '.shell-discover .random',
      tabs: '.shell-discover .tab',
      labels: '.shell-discover .pills-label',
      providers: '.shell-discover .pills:nth-of-type(1) .pill',
      row: '.shell-discover h2',
    })});
    window.__discoverShell = window.__boxesOf(${JSON.stringify({
      heading: '.shell-discover h1',
      random: '.shell-discover .random',
      tab: '.shell-discover .tab',
      selected: '.shell-discover .tab.selected',
      provider: '.shell-discover .pills .pill',
      category: '.shell-discover .pills + .pills-label + .pills .pill',
      row: '.shell-discover h2',
      poster: '.shell-discover li .poster',
    })});
  }).observe(document, { childList: true, subtree: true });
`;

const DISCOVER_PAGE = {
  heading: '[data-testid=discover-page] h1',
  random: '[data-testid=random-movie]',
  tab: '[role=tab]',
  selected: '[role=tab][aria-selected=true]',
  provider: '[data-testid=provider-pills] .pill',
  category: '[data-testid=genre-pills] .pill',
  row: '[data-testid=carousel] h2',
  poster: '[data-testid=carousel] li .poster',
};

for (const [viewport, locale, tab] of [
  [{ width: 1280, height: 800 }, 'en-US', 'movies'],
  [{ width: 390, height: 844 }, 'en-US', 'movies'],
  [{ width: 360, height: 740 }, 'en-US', 'movies'],
  // Right to left, in the browser's language on a first visit.
  [{ width: 1280, height: 800 }, 'ar', 'movies'],
  [{ width: 390, height: 844 }, 'ar', 'movies'],
  // The TV tab: its own providers, categories and first row.
  [{ width: 1280, height: 800 }, 'en-US', 'tvshows'],
  [{ width: 390, height: 844 }, 'ar', 'tvshows'],
] as const) {
  const path = tab === 'tvshows' ? '/discover?tab=tvshows' : '/discover';
  const firstRow = tab === 'tvshows' ? '[data-row=tv-top_rated]' : '[data-row=movie-now_playing]';
  test(`${path} at ${viewport.width} px in ${locale}: the shell's frame stays until the page, which keeps its boxes`, async ({
    browser,
    site,
  }) => {
    const context = await browser.newContext({ viewport, locale, serviceWorkers: 'block' });
    const page = await context.newPage();
    await page.addInitScript(RECORD_DISCOVER_SHELL);
    // The page's chunk held back a moment: the host's waiting screen shows, and keeps the frame.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/page-discover\.[^/]*\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    // Not waiting for the load event: the page's held chunk is preloaded, and the event waits for it.
    await page.goto(`${site.hostUrl}${path}`, { waitUntil: 'commit' });
    await expect(page.getByTestId('shell-frame')).toHaveCount(1);
    await expect(page.locator('.shell-discover h1')).toBeVisible();
    await expect(page.getByTestId('shell-frame').getByRole('status')).toHaveText(locale === 'ar' ? /الاستكشاف/ : 'Loading Discover…');
    // The first row's posters, drawn from the page's early answers while its code is held back.
    await expect(page.locator('.shell-discover li img').first()).toBeVisible();
    const drawn = await page.evaluate<string[]>(`[...document.querySelectorAll('.shell-discover li img')].map((img) => img.src)`);
    release();
    await expect(page.locator(firstRow)).toHaveAttribute('data-status', 'ready');
    // The page shows the same posters in the same order: nothing changes where the frame drew. (It renders a
    // row's cards in view first, the rest just after.)
    await expect.poll(() => page.locator(`${firstRow} li img`).count()).toBeGreaterThanOrEqual(drawn.length);
    expect(
      await page.evaluate(`[...document.querySelectorAll('${firstRow} li img')].slice(0, ${drawn.length}).map((img) => img.src)`),
    ).toEqual(drawn);
    expect(drawn.length).toBeGreaterThanOrEqual(viewport.width === 1280 ? 7 : 3);
    await expect(page.locator('.shell-discover')).toHaveCount(0);
    const shell = await page.evaluate('window.__discoverShell');
    expect(shell, 'the shell drew the page').not.toBeNull();
    expect(await page.evaluate(`window.__boxesOf(${JSON.stringify(DISCOVER_PAGE)})`)).toEqual(shell);
    expect(await page.evaluate('window.__waitingText'), 'no "Loading…" text in between').toBe(false);
    // The same words, in the same order (the categories follow the catalog's genres once they are in).
    expect(
      await page.evaluate(
        `window.__textsOf(${JSON.stringify({
          heading: '[data-testid=discover-page] h1',
          random: '[data-testid=random-movie]',
          tabs: '[role=tab]',
          labels: '[data-testid=discover-page] .pills-label',
          providers: '[data-testid=provider-pills] .pill',
          row: `${firstRow} h2`,
        })})`,
      ),
    ).toEqual(await page.evaluate('window.__discoverShellTexts'));
    // Each pill runs in the direction the page gives it (a provider's name in its own).
    expect(
      await page.evaluate(
        `[...document.querySelectorAll('[data-testid=provider-pills] .pill, [data-testid=genre-pills] .pill')].slice(0, window.__discoverShellDirs.length).map((el) => el.getAttribute('dir'))`,
      ),
    ).toEqual(await page.evaluate('window.__discoverShellDirs'));
    // The chosen tab in the page's colours.
    expect(
      await page.evaluate(
        `(() => { const s = getComputedStyle(document.querySelector('[role=tab][aria-selected=true]')); return [s.color, s.backgroundColor]; })()`,
      ),
    ).toEqual(await page.evaluate('window.__discoverShellSelected'));
    await context.close();
  });
}
