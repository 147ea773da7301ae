/**
 * Watching the next episode: from the media keys and the OS media controls (Media Session) the episode
 * starts from the beginning even when it has saved progress (docs/behaviour.md#player-next-episode), while
 * the on-screen Next episode button resumes it; the first episode has no previous track; the episodes menu
 * plays the episode chosen. The menu's sizes and states: remote-player/src/features/player/menus/{menus,EpisodesMenu}.test.tsx.
 */
import type { Page } from '@playwright/test';
import { currentTime, player, setTime, startPlayback } from '../support/player.page';
import { expect, test } from '../support/site.fixture';

const SHOW = '/media/tmdb-tv-910001';

/** Records where each load starts playing, and the Media Session handlers the page registers. */
const RECORD = `
  window.playingAt = [];
  document.addEventListener('playing', (e) => window.playingAt.push({ title: document.title, time: e.target.currentTime }), true);
  window.mediaSessionHandlers = {};
  const set = navigator.mediaSession.setActionHandler.bind(navigator.mediaSession);
  navigator.mediaSession.setActionHandler = (action, handler) => {
    window.mediaSessionHandlers[action] = handler;
    set(action, handler);
  };
`;

type Start = { title: string; time: number };
const starts = (page: Page) => page.evaluate(() => (window as unknown as { playingAt: Start[] }).playingAt);
/** Where the episode with this title first played after `from` recorded starts. */
async function startOf(page: Page, title: RegExp, from: number): Promise<number> {
  await expect.poll(async () => (await starts(page)).slice(from).some((s) => title.test(s.title)), { timeout: 20_000 }).toBe(true);
  return (await starts(page)).slice(from).find((s) => title.test(s.title))!.time;
}
const savedEpisodes = (page: Page) =>
  page.evaluate(() => {
    const items = JSON.parse(localStorage.getItem('__MW::progress') ?? '{"state":{"items":{}}}').state.items as Record<
      string,
      { episodes: Record<string, { number: number; progress: { watched: number } }> }
    >;
    return Object.fromEntries(Object.values(items['910001']?.episodes ?? {}).map((e) => [e.number, e.progress.watched]));
  });

/** Shows the controls (mouse movement over the player). */
async function showControls(page: Page) {
  await page.mouse.move(300, 300);
  await page.mouse.move(320, 320);
}

test('the next episode: media keys start it from the beginning despite saved progress, the button resumes it, the first has no previous track, the episodes menu plays the one chosen', async ({
  page,
  site,
}) => {
  await page.addInitScript(RECORD);
  await page.goto(`${site.hostUrl}${SHOW}`);
  await startPlayback(page, 0.2);
  await expect(page).toHaveTitle(/S1 E1/);

  await test.step('the first episode has no previous track: the OS control is withdrawn, the media key does nothing', async () => {
    const url = page.url();
    // What each action's handler is now (a function, or null when the OS control is withdrawn).
    const handlers = () =>
      page.evaluate(() =>
        Object.fromEntries(
          Object.entries((window as unknown as { mediaSessionHandlers: Record<string, unknown> }).mediaSessionHandlers).map(([a, h]) => [
            a,
            h === null ? 'null' : typeof h,
          ]),
        ),
      );
    await expect.poll(async () => (await handlers()).nexttrack).toBe('function');
    expect((await handlers()).previoustrack).toBe('null');
    await page.keyboard.press('MediaTrackPrevious');
    await page.keyboard.press('k'); // a later key is handled: the previous one was, too
    await expect
      .poll(() => page.evaluate(() => (document.querySelector('[data-testid=player-video]') as HTMLVideoElement).paused))
      .toBe(true);
    expect(page.url()).toBe(url);
    await page.keyboard.press('k');
  });

  await test.step('the Next episode button: episode 2, watched past the 20 s a resume needs', async () => {
    await showControls(page);
    await page.getByRole('button', { name: 'Next episode' }).first().click();
    await expect(page).toHaveTitle(/S1 E2/);
    await expect(player(page)).toHaveAttribute('data-status', 'playing', { timeout: 20_000 });
    await setTime(page, 30);
    await expect.poll(async () => (await savedEpisodes(page))[2] ?? 0, { timeout: 15_000 }).toBeGreaterThan(30);
  });

  await test.step('previous track from the OS media controls: episode 1, from the beginning', async () => {
    const from = (await starts(page)).length;
    await page.evaluate(() =>
      (window as unknown as { mediaSessionHandlers: Record<string, () => void> }).mediaSessionHandlers.previoustrack!(),
    );
    await expect(page).toHaveTitle(/S1 E1/);
    expect(await startOf(page, /S1 E1/, from)).toBeLessThan(1);
    await expect.poll(() => currentTime(page)).toBeGreaterThan(0.2);
  });

  await test.step('the next-track media key: episode 2 from the beginning, though it was left after 30 s', async () => {
    expect((await savedEpisodes(page))[2]!).toBeGreaterThan(30);
    const from = (await starts(page)).length;
    await page.keyboard.press('MediaTrackNext');
    await expect(page).toHaveTitle(/S1 E2/);
    expect(await startOf(page, /S1 E2/, from)).toBeLessThan(1);
    // Watched on past the 20 s a resume needs, so that there is progress to resume below.
    await expect(player(page)).toHaveAttribute('data-status', 'playing', { timeout: 20_000 });
    await setTime(page, 40);
    await expect.poll(async () => (await savedEpisodes(page))[2] ?? 0, { timeout: 15_000 }).toBeGreaterThan(40);
  });

  await test.step('without a media key the saved progress counts: the on-screen button resumes episode 2', async () => {
    await page.keyboard.press('MediaTrackPrevious');
    await expect(page).toHaveTitle(/S1 E1/);
    await expect(player(page)).toHaveAttribute('data-status', 'playing', { timeout: 20_000 });
    const resumeAt = (await savedEpisodes(page))[2]!;
    const from = (await starts(page)).length;
    await showControls(page);
    await page.getByRole('button', { name: 'Next episode' }).first().click();
    await expect(page).toHaveTitle(/S1 E2/);
    expect(await startOf(page, /S1 E2/, from)).toBeGreaterThan(resumeAt - 1);
  });

  await test.step('the episodes menu: season 2, its first episode plays; the menu then marks season 2', async () => {
    await showControls(page);
    await page.getByRole('button', { name: 'Episodes', exact: true }).click();
    const card = page.locator('[data-router="episodes"]');
    await expect(card).toHaveAttribute('data-route', '/');
    await expect(card.getByRole('button', { name: /^Season 1/ })).toHaveAttribute('aria-pressed', 'true');
    await card.getByRole('button', { name: /^Season 2/ }).click();
    await expect(card).toHaveAttribute('data-route', '/episodes');
    await expect(card.getByRole('heading', { level: 2 })).toHaveText('Season 2');
    await card
      .getByRole('button', { name: /^E\d+ · / })
      .filter({ hasText: /^E1 · / })
      .click();
    await expect(card).toHaveCount(0);
    await expect(page).toHaveTitle(/S2 E1/);
    await expect(player(page)).toHaveAttribute('data-status', 'playing', { timeout: 20_000 });
    // The chosen episode plays (autoplay carries on from the episode that was playing).
    await expect.poll(() => currentTime(page), { timeout: 15_000 }).toBeGreaterThan(0.5);
    await showControls(page);
    await page.getByRole('button', { name: 'Episodes', exact: true }).click();
    await expect(card.getByRole('button', { name: /^Season 2/ })).toHaveAttribute('aria-pressed', 'true');
  });
});
