/**
 * The sync journey through the product's own controls, nothing written to storage: on device A (signed
 * in) a card's bookmark button, the player saving progress while it plays, and a theme saved on the
 * Settings page; device B logs in with the passphrase and shows all three.
 */
import { bookmarkButton, loadedCards, openDiscover, row } from '../support/discover.page';
import { localProgress, localSettings, login, register, serverData, storedAccount } from '../support/account.page';
import { currentTime, player, setTime, startPlayback } from '../support/player.page';
import { pickTheme, saveSettings } from '../support/settings.page';
import { expect, test } from '../support/site.fixture';

const NOSFERATU = '653'; // a 16 s clip in the local media library

test('bookmark, watch and a theme on one device appear on another', async ({ browser, site }) => {
  test.setTimeout(120_000);
  const backend = site.services!.urls.backend!;
  const a = await (await browser.newContext()).newPage();
  const passphrase = await register(a, site.hostUrl, 'Device A');
  const account = (await storedAccount(a))!;

  await openDiscover(a, site.hostUrl);
  const card = (await loadedCards(row(a, 'Now Playing'))).first();
  const mediaId = (await card.getAttribute('data-media-id'))!;
  const title = (await card.getByRole('heading').textContent())!;
  await bookmarkButton(card).click();
  await expect(bookmarkButton(card)).toHaveAttribute('aria-pressed', 'true');
  const bookmarked = /^tmdb-(?:movie|tv)-(\d+)/.exec(mediaId)![1]!;

  await a.goto(`${site.hostUrl}/media/tmdb-movie-${NOSFERATU}`);
  await startPlayback(a, 0.5);
  await setTime(a, 60);
  await expect
    .poll(async () => (await localProgress(a))?.items[NOSFERATU]?.progress?.watched ?? 0, { timeout: 15_000 })
    .toBeGreaterThan(64);

  await a.goto(`${site.hostUrl}/settings`);
  await pickTheme(a, 'Red');
  await saveSettings(a);

  // All three reached the account server.
  await expect
    .poll(
      async () => {
        const data = await serverData(backend, account);
        return {
          bookmarked: data.bookmarks.some((b) => b.tmdbId === bookmarked),
          watched: Number(data.progress.find((p) => p.tmdbId === NOSFERATU)?.watched ?? 0) > 60,
          theme: data.settings.applicationTheme,
        };
      },
      { timeout: 20_000 },
    )
    .toEqual({ bookmarked: true, watched: true, theme: 'red' });

  const b = await (await browser.newContext()).newPage();
  await b.goto(`${site.hostUrl}/about`);
  await login(b, site.hostUrl, passphrase, 'Device B');
  await expect(b.getByTestId('bookmarks').locator(`[data-media-id="${mediaId}"]`)).toContainText(title);
  expect((await localSettings(b)).theme).toBe('red');
  await b.goto(`${site.hostUrl}/settings`);
  await expect(b.getByRole('radiogroup', { name: 'Theme' }).getByRole('radio', { name: /^Red/i })).toBeChecked();
  // The player on B resumes where A stopped (a minute in: past the 20 s a resume needs, docs/behaviour.md#player-resume).
  await b.goto(`${site.hostUrl}/media/tmdb-movie-${NOSFERATU}`);
  await expect(player(b)).toHaveAttribute('data-status', 'playing', { timeout: 20_000 });
  await expect.poll(() => currentTime(b)).toBeGreaterThan(59);

  await a.context().close();
  await b.context().close();
});
