/**
 * Hostile subtitle files (they must not freeze the tab): a cue of thousands of nested tags shows
 * with its nesting cut to the limit while the video plays on; a file over the size limit is refused
 * with a message in the menu and the current caption stays.
 */
import type { Page } from '@playwright/test';
import { menu, openSettings, startPlayback, video } from '../support/player.page';
import { expect, test } from '../support/site.fixture';

const NOSFERATU = '/media/tmdb-movie-653-nosferatu';

async function dropFile(page: Page, name: string, text: string) {
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

async function openCaptions(page: Page) {
  await openSettings(page);
  await page.getByTestId('menu-captions').click();
  await expect(menu(page)).toHaveAttribute('data-route', '/captions');
}

/** 140 KB: one cue of nested tags around its text, then an ordinary cue. */
const NESTED = `1\n00:00:00,000 --> 00:00:30,000\n${'<i><b><u>'.repeat(7000)}Deep inside${'</u></b></i>'.repeat(7000)}\n\n2\n00:00:30,000 --> 00:00:40,000\nAfter\n`;

test('a cue of thousands of nested tags shows with its nesting cut to the limit; the video plays on', async ({ page, site }) => {
  expect(NESTED.length).toBeGreaterThan(140_000);
  await page.goto(`${site.hostUrl}${NOSFERATU}`);
  await startPlayback(page, 0.2);
  await openCaptions(page);
  await dropFile(page, 'nested.srt', NESTED);
  await expect(page.getByTestId('caption-custom-caption')).toHaveAttribute('aria-pressed', 'true');
  const cue = page.getByTestId('caption-cue');
  await expect(cue).toHaveText('Deep inside');
  const depth = await cue.evaluate((element) => {
    let deepest = 0;
    const walk = (node: Element, d: number) => {
      deepest = Math.max(deepest, d);
      for (const child of node.children) walk(child, d + 1);
    };
    walk(element, 0);
    return deepest;
  });
  expect(depth).toBeLessThanOrEqual(8);
  const t = await video(page).evaluate((v: HTMLVideoElement) => v.currentTime);
  await expect.poll(() => video(page).evaluate((v: HTMLVideoElement) => v.currentTime)).toBeGreaterThan(t + 0.5);
});

test('a subtitle file over the size limit is refused with a message; the chosen caption stays', async ({ page, site }) => {
  await page.goto(`${site.hostUrl}${NOSFERATU}`);
  await startPlayback(page, 0.2);
  await openCaptions(page);
  await dropFile(page, 'small.srt', '1\n00:00:00,000 --> 00:01:00,000\nStill here\n');
  await expect(page.getByTestId('caption-cue')).toHaveText('Still here');
  const line = (i: number) =>
    `${i}\n00:00:${String(i % 60).padStart(2, '0')},000 --> 00:00:${String(i % 60).padStart(2, '0')},500\nLine ${i} of a file far too large\n`;
  const huge = Array.from({ length: 210_000 }, (_, i) => line(i)).join('\n');
  expect(huge.length).toBeGreaterThan(9_000_000);
  await dropFile(page, 'huge.srt', huge);
  await expect(menu(page).getByRole('alert')).toContainText('This subtitle file is too large');
  await expect(page.getByTestId('caption-cue')).toHaveText('Still here');
});
