/** Page object of the account remote (register, login) plus helpers to read the account server directly. */
import { expect, type BrowserContext, type Page } from '@playwright/test';
import type { ThemeName } from 'shared-contracts';
import type { BookmarksState, ProgressState } from 'host-core/local-stores/definitions';
import { editStores, listsState, seedNow, storedEntries, writeNow } from './seed';

export interface StoredAccount {
  token: string;
  userId: string;
  sessionId: string;
  deviceName: string;
  seed: string;
}

/**
 * Goes through the register steps up to the confirmation (the passphrase typed back), without
 * submitting; returns the passphrase shown on screen.
 */
export async function fillRegister(page: Page, hostUrl: string, deviceName: string): Promise<string> {
  await page.goto(`${hostUrl}/register`);
  await expect(page.getByTestId('backend-meta')).toBeVisible();
  await page.getByRole('button', { name: 'I trust this server' }).click();
  await page.getByLabel('Device name').fill(deviceName);
  await page.getByRole('button', { name: 'Next' }).click();
  const words = await page.getByTestId('passphrase-words').locator('li').allTextContents();
  expect(words).toHaveLength(12);
  await page.getByRole('button', { name: 'I have saved it' }).click();
  const passphrase = words.join(' ');
  await page.getByLabel('Passphrase').fill(passphrase);
  return passphrase;
}

/** Goes through the register steps and signs in; returns the passphrase shown on screen. */
export async function register(page: Page, hostUrl: string, deviceName: string): Promise<string> {
  const passphrase = await fillRegister(page, hostUrl, deviceName);
  await page.getByTestId('register-submit').click();
  await page.waitForURL(`${hostUrl}/`);
  await firstPullDone(page);
  return passphrase;
}

/**
 * Waits for the first pull after sign-in (it records what the server has under __MW::account-sync), so
 * that tests editing storage behind the page's back are not overwritten by it.
 */
export async function firstPullDone(page: Page): Promise<void> {
  await expect.poll(() => page.evaluate(() => localStorage.getItem('__MW::account-sync') !== null)).toBe(true);
}

/** Logs in; resolves when the home page shows this device signed in. */
export async function login(page: Page, hostUrl: string, passphrase: string, deviceName: string): Promise<void> {
  await page.goto(`${hostUrl}/login`);
  await page.getByLabel('Passphrase').fill(passphrase);
  await page.getByLabel('Device name').fill(deviceName);
  await page.getByTestId('login-submit').click();
  await page.waitForURL(`${hostUrl}/`);
  await expect.poll(() => storedAccount(page)).not.toBeNull();
}

export const storedAccount = (page: Page): Promise<StoredAccount | null> =>
  page.evaluate(
    () =>
      (JSON.parse(localStorage.getItem('__MW::auth') ?? 'null') as { state?: { account?: StoredAccount | null } } | null)?.state?.account ??
      null,
  );

type Stored<T> = { state: T; version: number };

/**
 * Edits the local stores the way the host's actions do (the item plus a queue entry), in storage, and
 * reloads so the page reads them. Bookmark/progress buttons belong to other remotes; the queue is the
 * contract between them and the sync engine.
 */
export async function editLocal(
  page: Page,
  edits: {
    addBookmarks?: { tmdbId: string; title: string; year: number }[];
    removeBookmarks?: string[];
    progress?: { tmdbId: string; title: string; watched: number; duration: number }[];
  },
): Promise<void> {
  await editStores(page, ['bookmarks', 'progress'], ({ bookmarks, progress }) => {
    const added = listsState({
      bookmarked: edits.addBookmarks,
      inProgress: edits.progress?.map((p) => ({ ...p, year: 1927 })),
      queued: true,
    });
    Object.assign(bookmarks.bookmarks, added.bookmarks.bookmarks);
    bookmarks.updateQueue.push(...added.bookmarks.updateQueue);
    for (const tmdbId of edits.removeBookmarks ?? []) {
      delete bookmarks.bookmarks[tmdbId];
      bookmarks.updateQueue.push({ id: crypto.randomUUID(), action: 'delete', tmdbId });
    }
    Object.assign(progress.items, added.progress.items);
    progress.updateQueue.push(...added.progress.updateQueue);
  });
  await page.reload();
}

/**
 * Queues `count` bookmark adds and `count` progress upserts of titles 10000… in storage, as the host's
 * actions would (items plus queue entries); the caller reloads for the page to read them.
 */
export async function queueChanges(page: Page, count: number): Promise<void> {
  const titles = Array.from({ length: count }, (_, i) => ({ tmdbId: String(10_000 + i), title: `Film ${i}`, year: 1950 }));
  const queued = listsState({
    bookmarked: titles,
    inProgress: titles.map((t, i) => ({ ...t, watched: 100 + i, duration: 5000 })),
    queued: true,
  });
  await editStores(page, ['bookmarks', 'progress'], ({ bookmarks, progress }) => {
    Object.assign(bookmarks.bookmarks, queued.bookmarks.bookmarks);
    bookmarks.updateQueue.push(...queued.bookmarks.updateQueue);
    Object.assign(progress.items, queued.progress.items);
    progress.updateQueue.push(...queued.progress.updateQueue);
  });
}

/** The synced settings (docs/behaviour.md#sync-rules) as this device keeps them (each in its own store). */
export interface LocalSettings {
  language?: string;
  theme?: string | null;
  subtitleLanguage?: string | null;
  proxyUrls?: string[] | null;
}

/** Changes server settings in the local stores (as the settings page and the player do), then reloads. */
export async function editSettingsLocal(page: Page, settings: LocalSettings): Promise<void> {
  await editStores(page, ['locale', 'theme', 'subtitles', 'auth'], ({ locale, theme, subtitles, auth }) => {
    if (settings.language !== undefined) locale.language = settings.language;
    if (settings.theme !== undefined) theme.theme = (settings.theme ?? 'default') as ThemeName;
    if (settings.subtitleLanguage !== undefined) subtitles.lastSelectedLanguage = settings.subtitleLanguage;
    if (settings.proxyUrls !== undefined) auth.proxySet = settings.proxyUrls;
  });
  await page.reload();
}

export const localSettings = (page: Page): Promise<Required<LocalSettings>> =>
  page.evaluate(() => {
    const state = (name: string) =>
      (JSON.parse(localStorage.getItem(`__MW::${name}`) ?? 'null') as { state?: Record<string, unknown> } | null)?.state ?? {};
    return {
      language: state('locale').language as string,
      theme: (state('theme').theme ?? null) as string | null,
      subtitleLanguage: (state('subtitles').lastSelectedLanguage ?? null) as string | null,
      proxyUrls: (state('auth').proxySet ?? null) as string[] | null,
    };
  });

/**
 * Cuts one device (browser context) off the account server while the site itself still loads (a
 * device offline to that server only); resolves with the function that reconnects it.
 */
export async function cutOffFromServer(context: BrowserContext, backendUrl: string): Promise<() => Promise<void>> {
  const pattern = `${backendUrl}/**`;
  const handler = (route: import('@playwright/test').Route) => route.abort('internetdisconnected');
  await context.route(pattern, handler);
  return () => context.unroute(pattern, handler);
}

/**
 * The person comes back to this tab: the account service then pulls and pushes at once when its last
 * pull is a minute old or never succeeded (after an outage, without waiting out its retry back-off).
 * Headless Chromium never hides a page, so the browser's event is dispatched here; the page is visible,
 * as it is when the person is back.
 */
export async function returnToTab(page: Page): Promise<void> {
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
}

/** Resolves once the page tried to reach the account server and failed: its banner or its sync notice says so. */
export async function syncFailed(page: Page): Promise<void> {
  const loadFailed = page.getByTestId('account-load-failed');
  const retrying = page.getByTestId('sync-notice').filter({ hasText: "Can't reach the account server" });
  await expect(loadFailed.or(retrying)).toBeVisible({ timeout: 20_000 });
}

export const localBookmarks = (page: Page) =>
  page.evaluate(() => (JSON.parse(localStorage.getItem('__MW::bookmarks') ?? 'null') as Stored<BookmarksState> | null)?.state ?? null);
export const localProgress = (page: Page) =>
  page.evaluate(() => (JSON.parse(localStorage.getItem('__MW::progress') ?? 'null') as Stored<ProgressState> | null)?.state ?? null);

/** The account server's view, read with the account's token. */
export async function serverData(backendUrl: string, account: StoredAccount) {
  const get = async (path: string) => {
    const response = await fetch(`${backendUrl}/users/${account.userId}${path}`, {
      headers: { Authorization: `Bearer ${account.token}`, 'User-Agent': 'e2e' },
    });
    if (!response.ok) throw new Error(`GET ${path}: ${response.status}`);
    return response.json() as Promise<unknown>;
  };
  const [bookmarks, progress, settings] = await Promise.all([get('/bookmarks'), get('/progress'), get('/settings')]);
  return {
    bookmarks: bookmarks as { tmdbId: string; meta: { title: string } }[],
    progress: progress as { tmdbId: string; watched: number | string; duration: number | string }[],
    settings: settings as {
      applicationLanguage?: string | null;
      applicationTheme?: string | null;
      defaultSubtitleLanguage?: string | null;
      proxyUrls?: string[] | null;
    },
  };
}

/**
 * Another account server (the real one) on a free port: rate limits off, so tests that register and log
 * in many times do not spend the site server's budget; CORS open to localhost origins.
 */
export async function startAccountServer(env: Record<string, string> = {}): Promise<{ url: string; close(): Promise<void> }> {
  const { startBackend } = await import('services/testkit');
  return startBackend({ BACKEND_CORS_ANY_LOCALHOST: 'true', ...env });
}

/** An account made on `backendUrl` by another device (the client's flow, from Node); its passphrase. */
export async function accountElsewhere(
  backendUrl: string,
): Promise<{ passphrase: string; userId: string; token: string; sessionId: string }> {
  const testkit = await import('services/testkit');
  const made = await testkit.register(backendUrl, { device: 'Other device' });
  return { passphrase: made.passphrase!, userId: made.userId, token: made.token, sessionId: made.sessionId };
}

/** Points this device at another account server (the Settings "Custom server" value), signed out. */
export async function useBackend(page: Page, hostUrl: string, backendUrl: string): Promise<void> {
  await page.goto(`${hostUrl}/about`);
  await writeNow(page, storedEntries({ settings: { backendUrl } }));
}

/**
 * Data this device made before any account: the items only, no queue entries (the host queues changes
 * only while signed in). Reloads so the page reads them.
 */
export async function seedLocalData(
  page: Page,
  data: {
    bookmarks?: { tmdbId: string; title: string; year: number }[];
    progress?: { tmdbId: string; title: string; watched: number; duration: number }[];
  },
): Promise<void> {
  await seedNow(
    page,
    storedEntries({
      lists: { bookmarked: data.bookmarks ?? [], inProgress: (data.progress ?? []).map((p) => ({ ...p, year: 1920 })) },
    }),
  );
}

/** Logs out through the header's user menu. */
export async function logoutFromMenu(page: Page): Promise<void> {
  await page.getByRole('banner').getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('button', { name: 'Log out' }).click();
}

/** GET /users/@me with a token: 200 while its session lives, 401 once it is deleted. */
export const sessionStatus = async (backendUrl: string, token: string): Promise<number> =>
  (await fetch(`${backendUrl}/users/@me`, { headers: { Authorization: `Bearer ${token}`, 'User-Agent': 'e2e' } })).status;
