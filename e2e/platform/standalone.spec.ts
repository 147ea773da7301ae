/**
 * A remote's standalone page (a team deploying one remote looks at it on its own origin) works without
 * the host, deep paths and the player's worker included. Discover, account and settings take the
 * federation runtime from the host when composed (a smaller remoteEntry.js on `/`), so their pages are
 * builds of their own: each must still render, with its own React.
 */
import { subtitleFixture } from 'fixtures';
import { expect, test } from '../support/site.fixture';

test('each remote renders on its own origin without the host; composed, a remote takes the host’s runtime', async ({ page, site }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const notFound: string[] = [];
  page.on('response', (r) => void (r.status() === 404 && notFound.push(r.url())));

  await test.step('discover, settings and account on their own origins', async () => {
    await page.goto(`${site.remoteUrls.discover}/discover`);
    await expect(page.getByTestId('discover-page')).toBeVisible();
    // (Its rows read the catalog at the default local port, which this test site does not use.)
    await expect(page.getByRole('tab', { name: 'Movies' })).toHaveAttribute('aria-selected', 'true');
    await page.goto(`${site.remoteUrls.settings}/settings`);
    await expect(page.getByTestId('settings-page')).toBeVisible();
    await page.goto(`${site.remoteUrls.account}/login`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });

  await test.step("a deep path of a remote's own origin (the account remote's onboarding step)", async () => {
    await page.goto(`${site.remoteUrls.account}/onboarding/extension`);
    await expect(page.getByRole('heading', { name: 'Set up the extension' })).toBeVisible({ timeout: 15_000 });
    expect(notFound.filter((url) => url.startsWith(`${site.remoteUrls.account}/onboarding/`))).toEqual([]);
  });

  await test.step('the standalone player page, its worker included', async () => {
    await page.goto(`${site.remoteUrls.player}/`);
    await expect(page.getByTestId('dev-video-page')).toBeVisible();
    await page.getByLabel('Subtitle file (.srt, .vtt, .ass, .ssa)').setInputFiles(subtitleFixture('srt/typical.srt'));
    await expect(page.getByTestId('cue-count')).toHaveAttribute('data-where', 'worker');
    await expect(page.getByTestId('cue-count')).toHaveText('3 cues in typical.srt (parsed in the worker)');
  });
  expect(errors).toEqual([]);

  await test.step("composed in the host, a remote built on the host's runtime does not fetch a runtime of its own", async () => {
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(r.url());
    });
    await page.goto(`${site.hostUrl}/`);
    await expect(page.getByTestId('carousel').first().getByTestId('media-card').first()).toBeVisible();
    const entry = scripts.find((url) => url.startsWith(site.remoteUrls.discover) && url.includes('remoteEntry'));
    expect(entry).toBeTruthy();
    const body = await (await page.request.get(entry!)).text();
    // It reads the runtime the host provides rather than carrying one of its own, which the size bound
    // below would not admit.
    expect(body).toContain('_FEDERATION_RUNTIME_CORE');
    expect(body.length).toBeLessThan(60_000);
  });
});
