/** Page object of the player remote: watch page, progress view, controls, menus. */
import { expect, type Page } from '@playwright/test';
import { installFakeExtension as fakeExtension, type FakeExtensionOptions } from 'scraping-core/fake-extension';

export const player = (page: Page) => page.getByTestId('player');
export const video = (page: Page) => page.getByTestId('player-video');

export const currentTime = (page: Page) => video(page).evaluate((v: HTMLVideoElement) => v.currentTime);

/** Waits for a stream to be ready, presses the big play button, and waits until time advances past `seconds`. */
export async function startPlayback(page: Page, seconds = 1): Promise<void> {
  await expect(player(page)).toHaveAttribute('data-status', 'playing', { timeout: 20_000 });
  // The big play button can appear a moment after the status says playing, and a press can land while the
  // player is still settling (it was checked once, and missed now and then): press it whenever it shows
  // while waiting for time to advance, at most every 2 s (it hides once playback starts).
  const big = page.getByTestId('big-play');
  let pressedAt = 0;
  await expect
    .poll(
      async () => {
        if (Date.now() - pressedAt > 2000 && (await big.isVisible().catch(() => false))) {
          pressedAt = Date.now();
          await big.click({ timeout: 2000 }).catch(() => {});
        }
        return currentTime(page);
      },
      { timeout: 20_000 },
    )
    .toBeGreaterThan(seconds);
}

/** Shows the controls (mouse movement) and opens the settings menu at a route through its items. */
export async function openSettings(page: Page): Promise<void> {
  // The pointer moves over the player wherever it is on the page (on /dev/video it is a card, not the page).
  await player(page).scrollIntoViewIfNeeded();
  const box = (await player(page).boundingBox())!;
  await page.mouse.move(box.x + box.width / 3, box.y + box.height / 3);
  await page.mouse.move(box.x + box.width / 3 + 20, box.y + box.height / 3 + 20);
  await page.getByTestId('settings-button').click();
  await expect(page.getByTestId('settings-menu')).toBeVisible();
}

export const menu = (page: Page) => page.locator('[data-router="settings"]');

/** A property of the <video> element (paused, volume, playbackRate, muted, currentSrc…). */
export const videoProp = <K extends keyof HTMLVideoElement>(page: Page, key: K) =>
  video(page).evaluate((v: HTMLVideoElement, k) => v[k], key) as Promise<HTMLVideoElement[K]>;

export const paused = (page: Page) => videoProp(page, 'paused');

/**
 * Sets currentTime directly (a test shortcut to reach a position, not the behaviour under test) and
 * waits for the seek to end, so that the player has seen the new time (its timeupdate comes first).
 */
export const setTime = (page: Page, seconds: number) =>
  video(page).evaluate(
    (v: HTMLVideoElement, s) =>
      new Promise<void>((resolve) => {
        v.addEventListener('seeked', () => resolve(), { once: true });
        v.currentTime = s;
      }),
    seconds,
  );

/** Mouse movement over the player: shows the controls for 3 s. */
export async function showControls(page: Page): Promise<void> {
  await page.mouse.move(400, 300);
  await page.mouse.move(420, 320);
}

/** The measured card of the settings router (width and height rounded to px) and its route. */
export async function menuSize(page: Page): Promise<{ route: string | null; width: number; height: number }> {
  const box = await menu(page).boundingBox();
  return { route: await menu(page).getAttribute('data-route'), width: Math.round(box?.width ?? 0), height: Math.round(box?.height ?? 0) };
}

/**
 * Installs the stand-in of the browser extension (core/scraping/fake-extension.ts: its content script's relay
 * messages) in the page, before the page's own scripts. Answers the names of the messages it has received.
 */
export async function installFakeExtension(
  page: Page,
  options: Omit<FakeExtensionOptions, 'fetchImpl'> & {
    /**
     * How makeRequest is performed: from the page (default, subject to CORS), from outside it (free of
     * CORS, like the real extension's background), or refused (an extension whose requests fail).
     */
    requests?: 'page' | 'background' | 'refused';
  } = {},
): Promise<() => Promise<string[]>> {
  const { requests = 'page', ...settings } = options;
  let fetchImpl = 'undefined';
  if (requests === 'background') {
    await page.exposeFunction('__fakeExtensionFetch', async (url: string, method?: string) => {
      const response = await fetch(url, { method });
      return { status: response.status, contentType: response.headers.get('content-type') ?? '', body: await response.text() };
    });
    fetchImpl = `async (url, init) => {
      const r = await window.__fakeExtensionFetch(String(url), init && init.method);
      return new Response(r.body, { status: r.status, headers: { 'content-type': r.contentType } });
    }`;
  }
  if (requests === 'refused') fetchImpl = `async () => { throw new Error('net::ERR_BLOCKED_BY_CLIENT'); }`;
  await page.addInitScript(
    `window.__fakeExtension = (${fakeExtension.toString()})(window, { ...${JSON.stringify(settings)}, fetchImpl: ${fetchImpl} });`,
  );
  return () =>
    page.evaluate(() =>
      (window as unknown as { __fakeExtension: { received: Array<{ name: string }> } }).__fakeExtension.received.map((m) => m.name),
    );
}

/** Every message the fake extension installed by installFakeExtension has received, with its body, in order. */
export const fakeExtensionMessages = (page: Page) =>
  page.evaluate(
    () => (window as unknown as { __fakeExtension: { received: Array<{ name: string; body: unknown }> } }).__fakeExtension.received,
  );

/** Every shown button, link and input of the player's controls and top bar, with its box (viewport px). */
export const controlBoxes = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('[data-testid="player"] :is(button, a, input):not([tabindex="-1"])')]
      .filter((el) => el.closest('[data-testid="controls"]') || el.closest('[data-testid="top-bar"]'))
      .filter((el) => getComputedStyle(el).display !== 'none' && el.getClientRects().length > 0)
      .map((el) => {
        const r = el.getBoundingClientRect();
        const name = el.getAttribute('aria-label') ?? el.textContent?.trim() ?? el.tagName;
        return { name, left: r.left, right: r.right, top: r.top, bottom: r.bottom, width: r.width, height: r.height };
      }),
  );

/** How far the page scrolls sideways (0 or less: not at all). */
export const sideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** The pairs of controls whose boxes overlap (the seek bar and the back link lie on rows of their own). */
export function overlappingControls(boxes: Awaited<ReturnType<typeof controlBoxes>>): string[] {
  const row = boxes.filter((b) => b.name !== 'Seek' && b.name !== 'Back');
  const pairs: string[] = [];
  for (let i = 0; i < row.length; i++)
    for (let j = i + 1; j < row.length; j++) {
      const [a, b] = [row[i]!, row[j]!];
      const overlap =
        Math.min(a.right, b.right) - Math.max(a.left, b.left) > 1 && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 1;
      if (overlap) pairs.push(`${a.name} / ${b.name}`);
    }
  return pairs;
}

/** Drops a file on the captions menu the way a browser does (dragover, then drop with a DataTransfer). */
export async function dropCaptionFile(page: Page, name: string, text: string): Promise<void> {
  await page.getByTestId('captions-drop').evaluate(
    (target, file) => {
      const data = new DataTransfer();
      data.items.add(new File([file.text], file.name));
      target.dispatchEvent(new DragEvent('dragover', { dataTransfer: data, bubbles: true, cancelable: true }));
      target.dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
    },
    { name, text },
  );
}
