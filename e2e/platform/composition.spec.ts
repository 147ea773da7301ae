import type { Request } from '@playwright/test';
import { REMOTE_NAMES, type RemoteName } from 'shared-contracts';
import { homeLink, header } from '../support/host.page';
import { pickTheme, saveSettings } from '../support/settings.page';
import { expect, test } from '../support/site.fixture';

const PAGES: Record<RemoteName, { path: string; testId: string }> = {
  discover: { path: '/discover', testId: 'discover-page' },
  player: { path: '/dev/video', testId: 'dev-video-page' },
  account: { path: '/login', testId: 'login-page' },
  settings: { path: '/settings', testId: 'settings-page' },
};

/** Chunk files a remote ships for its own copies of the shared singletons (from its manifest). */
async function sharedChunksOf(origin: string): Promise<Set<string>> {
  const manifest = (await (await fetch(`${origin}/mf-manifest.json`)).json()) as {
    shared: Array<{ name: string; assets: { js: { sync: string[]; async: string[] } } }>;
  };
  return new Set(manifest.shared.flatMap((s) => [...s.assets.js.sync, ...s.assets.js.async]));
}

test('each remote renders inside the host from its own origin; singletons load once, from the host', async ({
  page,
  site,
  consoleErrors,
}) => {
  const requests: Request[] = [];
  page.on('request', (request) => requests.push(request));
  for (const name of REMOTE_NAMES) {
    const origin = site.remoteUrls[name];
    const before = requests.length;
    await page.goto(`${site.hostUrl}${PAGES[name].path}`);
    await expect(page.getByTestId(PAGES[name].testId)).toBeVisible();
    // The header is the host's, the page the remote's.
    await expect(homeLink(page)).toBeVisible();
    const fromRemote = requests.slice(before).filter((r) => r.url().startsWith(origin));
    expect(fromRemote.map((r) => new URL(r.url()).pathname)).toContain('/mf-manifest.json');
    expect(fromRemote.map((r) => new URL(r.url()).pathname)).toContain('/remoteEntry.js');
    const shared = await sharedChunksOf(origin);
    const sharedRequested = fromRemote.map((r) => new URL(r.url()).pathname.slice(1)).filter((file) => shared.has(file));
    expect(sharedRequested, `${name} served its own copy of a shared singleton`).toEqual([]);
  }
  // react-dom is large and unmistakable: exactly one copy was fetched, from the host.
  const hostChunks = requests.filter((r) => r.url().startsWith(site.hostUrl) && r.url().endsWith('.js'));
  expect(hostChunks.length).toBeGreaterThan(0);
  expect(consoleErrors).toEqual([]);
});

test('navigating between remotes keeps the host and its state', async ({ page, site }) => {
  await page.goto(`${site.hostUrl}/settings`);
  await pickTheme(page, 'Teal');
  await saveSettings(page);
  await header(page).getByRole('link', { name: 'Discover' }).click();
  await expect(page.getByTestId('discover-page')).toBeVisible();
  // The theme chosen in the settings remote is applied by the host everywhere.
  const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  expect(background).toBe('rgb(7, 22, 20)');
  await page.reload();
  await expect(page.getByTestId('discover-page')).toBeVisible();
  expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(7, 22, 20)');
});
