/**
 * Play is one press: pressing Play on the details (or a card) finds the source and plays it, with no
 * second press on the big play button. The big button is there when the browser refuses to start by
 * itself, and on a page the app did not lead to (an address opened directly, a new tab, an embed).
 */
import { openDiscover } from '../support/discover.page';
import { currentTime, paused, player } from '../support/player.page';
import { expect, test } from '../support/site.fixture';

test('Play is one press: Play on the details plays the found source; a new tab or a refused autoplay shows the big play button', async ({
  page,
  site,
  context,
}) => {
  await test.step('Play on the details plays the found source without a second press', async () => {
    await openDiscover(page, site.hostUrl, '?m=details-tmdb-movie-653');
    await page.getByTestId('details-play').click();
    await expect(page).toHaveURL(/\/media\/tmdb-movie-653/);
    await expect(player(page)).toHaveAttribute('data-status', 'playing', { timeout: 20_000 });
    await expect.poll(() => currentTime(page), { timeout: 15_000 }).toBeGreaterThan(0.3);
    await expect(page.getByTestId('big-play')).toHaveCount(0);
    await expect(page.getByTestId('player-announcer')).toHaveText(''); // it plays: nothing more to say
  });

  await test.step('the same address opened in a new tab: the big play button waits, and says so', async () => {
    const tab = await context.newPage();
    await tab.goto(page.url());
    const big = tab.getByRole('button', { name: 'Play', exact: true }).and(tab.getByTestId('big-play'));
    await expect(big).toBeVisible({ timeout: 20_000 });
    await expect(tab.getByTestId('player-announcer')).toHaveText('The video is ready to play.');
    expect(await paused(tab)).toBe(true);
    await tab.close();
  });

  await test.step('where the browser refuses to start by itself, the big play button shows after the press', async () => {
    const tab = await context.newPage();
    // The browser's autoplay policy refusing: play() without a press on the page's own button is not allowed.
    await tab.addInitScript(() => {
      const play = Object.getOwnPropertyDescriptor(HTMLMediaElement.prototype, 'play')!.value as (this: HTMLMediaElement) => Promise<void>;
      HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
        const pressed = (window as unknown as { __pressedPlay?: boolean }).__pressedPlay;
        if (!pressed) return Promise.reject(new DOMException('play() needs a gesture', 'NotAllowedError'));
        return play.call(this);
      };
      document.addEventListener(
        'pointerdown',
        (event) => {
          if ((event.target as Element | null)?.closest?.('[data-testid="big-play"]'))
            (window as unknown as { __pressedPlay?: boolean }).__pressedPlay = true;
        },
        true,
      );
    });
    await openDiscover(tab, site.hostUrl, '?m=details-tmdb-movie-653');
    await tab.getByTestId('details-play').click();
    const big = tab.getByTestId('big-play');
    await expect(big).toBeVisible({ timeout: 20_000 });
    await big.click();
    await expect.poll(() => currentTime(tab), { timeout: 15_000 }).toBeGreaterThan(0.3);
    await expect(big).toHaveCount(0);
    await tab.close();
  });
});
