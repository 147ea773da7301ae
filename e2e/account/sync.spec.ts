/**
 * Account journeys against the real account server: register, log in elsewhere and find the same data;
 * an outage of the server loses and duplicates nothing; the newer change wins on both devices; a revoked
 * session is logged out; the passphrase and seed never travel.
 */
import type { BrowserContext, Page } from '@playwright/test';
import {
  editLocal,
  localBookmarks,
  localProgress,
  login,
  register,
  returnToTab,
  serverData,
  storedAccount,
  syncFailed,
  type StoredAccount,
} from '../support/account.page';
import { expect, test, withBackendDown } from '../support/site.fixture';

/** Every request a context sends: URL and body. */
function recordTraffic(context: BrowserContext): string[] {
  const traffic: string[] = [];
  context.on('request', (request) => traffic.push(`${request.method()} ${request.url()}\n${request.postData() ?? ''}`));
  return traffic;
}

function expectNoSecrets(traffic: string[], passphrase: string, account: StoredAccount) {
  const seedBytes = Buffer.from(account.seed, 'base64');
  const secrets = [
    passphrase,
    // Its first words, two or more together: one word alone ("act", "area") turns up by chance in base64 (a
    // public key, a challenge), and then failed this check once in CI.
    ...passphrase
      .split(' ')
      .slice(0, 3)
      .map((_, i, all) => all.slice(i).join(' '))
      .filter((fragment) => fragment.includes(' ')),
    account.seed,
    seedBytes.toString('base64url'),
    seedBytes.toString('hex'),
  ];
  for (const entry of traffic) {
    for (const secret of secrets) expect(entry.includes(secret), `a request carried a secret: ${entry.slice(0, 120)}`).toBe(false);
    expect(entry.includes(encodeURIComponent(passphrase))).toBe(false);
  }
}

async function newPage(context: BrowserContext): Promise<Page> {
  return context.newPage();
}

test.describe.configure({ timeout: 150_000 });

test('register on one device, log in on another: the same bookmarks, progress and settings; outage, conflicts, revocation', async ({
  browser,
  site,
}) => {
  const backend = site.services!.urls.backend!;
  const contextA = await browser.newContext();
  const contextB = await browser.newContext();
  const trafficA = recordTraffic(contextA);
  const trafficB = recordTraffic(contextB);
  const a = await newPage(contextA);
  const b = await newPage(contextB);

  // Device A: local data from before the account, then register (imported into the account).
  await a.goto(`${site.hostUrl}/about`);
  await editLocal(a, { addBookmarks: [{ tmdbId: '19', title: 'Metropolis', year: 1927 }] });
  const passphrase = await register(a, site.hostUrl, 'Device A');
  const accountA = (await storedAccount(a))!;
  expect(accountA.seed).toHaveLength(44);
  await expect.poll(async () => (await serverData(backend, accountA)).bookmarks.map((x) => x.tmdbId)).toEqual(['19']);

  // Device A bookmarks and watches while signed in; the engine pushes within a tick.
  await editLocal(a, {
    addBookmarks: [{ tmdbId: '653', title: 'Nosferatu', year: 1922 }],
    progress: [{ tmdbId: '234', title: 'Caligari', watched: 600, duration: 4500 }],
  });
  await expect.poll(async () => (await serverData(backend, accountA)).progress.map((x) => x.tmdbId), { timeout: 15_000 }).toEqual(['234']);
  await expect.poll(async () => (await serverData(backend, accountA)).bookmarks.map((x) => x.tmdbId).sort()).toEqual(['19', '653']);
  await expect.poll(async () => (await serverData(backend, accountA)).settings.applicationLanguage).toBe('en');

  // Device B: log in with the passphrase; the same data appears.
  await b.goto(`${site.hostUrl}/about`);
  // (How long this takes is a bench figure: e2e/bench/account.bench.ts.)
  await login(b, site.hostUrl, passphrase, 'Device B');
  await expect.poll(async () => Object.keys((await localBookmarks(b))?.bookmarks ?? {}).sort()).toEqual(['19', '653']);
  await expect.poll(async () => (await localProgress(b))?.items['234']?.progress?.watched).toBe(600);
  await expect(b.getByTestId('device-name')).toHaveText('Device B');

  // Outage: the server stops; A edits, reloads, edits again; the server comes back.
  await withBackendDown(site, async () => {
    await editLocal(a, {
      addBookmarks: [
        { tmdbId: '100', title: 'Hundred', year: 2000 },
        { tmdbId: '101', title: 'Hundred One', year: 2001 },
      ],
    });
    await editLocal(a, { removeBookmarks: ['653', '101'], progress: [{ tmdbId: '234', title: 'Caligari', watched: 900, duration: 4500 }] });
    await syncFailed(a);
    await a.reload();
    await editLocal(a, { progress: [{ tmdbId: '235', title: 'Golem', watched: 50, duration: 5000 }] });
    const queued = await localBookmarks(a);
    expect(queued!.updateQueue.length).toBeGreaterThanOrEqual(4);
  });
  await returnToTab(a);
  await expect
    .poll(async () => (await serverData(backend, accountA)).bookmarks.map((x) => x.tmdbId).sort(), { timeout: 15_000 })
    .toEqual(['100', '19']);
  await expect.poll(async () => (await localBookmarks(a))?.updateQueue.length, { timeout: 15_000 }).toBe(0);
  await expect.poll(async () => (await localProgress(a))?.updateQueue.length, { timeout: 15_000 }).toBe(0);
  const afterOutage = await serverData(backend, accountA);
  expect(afterOutage.progress.map((p) => [p.tmdbId, Number(p.watched)]).sort()).toEqual([
    ['234', 900],
    ['235', 50],
  ]);

  // Conflict: A then B edit the same title; the newer (B's) wins on both after a restore.
  await editLocal(a, { progress: [{ tmdbId: '234', title: 'Caligari', watched: 1000, duration: 4500 }] });
  await expect
    .poll(async () => Number((await serverData(backend, accountA)).progress.find((p) => p.tmdbId === '234')?.watched), { timeout: 15_000 })
    .toBe(1000);
  await editLocal(b, { progress: [{ tmdbId: '234', title: 'Caligari', watched: 2000, duration: 4500 }] });
  await expect
    .poll(async () => Number((await serverData(backend, accountA)).progress.find((p) => p.tmdbId === '234')?.watched), { timeout: 15_000 })
    .toBe(2000);
  await a.reload();
  await expect.poll(async () => (await localProgress(a))?.items['234']?.progress?.watched, { timeout: 15_000 }).toBe(2000);
  await expect.poll(async () => (await localProgress(b))?.items['234']?.progress?.watched).toBe(2000);
  // B's restore brought A's outage edits too.
  await b.reload();
  await expect.poll(async () => Object.keys((await localBookmarks(b))?.bookmarks ?? {}).sort(), { timeout: 15_000 }).toEqual(['100', '19']);

  // Revocation: A ends B's session; B is logged out cleanly at its next check.
  const accountB = (await storedAccount(b))!;
  const revoke = await fetch(`${backend}/sessions/${accountB.sessionId}`, {
    method: 'DELETE',
    headers: { Authorization: `Bearer ${accountA.token}`, 'User-Agent': 'e2e' },
  });
  expect(revoke.status).toBe(200);
  await b.reload();
  await expect.poll(() => storedAccount(b), { timeout: 15_000 }).toBeNull();
  await expect.poll(async () => Object.keys((await localBookmarks(b))?.bookmarks ?? {})).toEqual([]);
  await expect(b.getByTestId('device-name')).toHaveCount(0);
  expect(await storedAccount(a)).not.toBeNull();

  expectNoSecrets(trafficA, passphrase, accountA);
  expectNoSecrets(trafficB, passphrase, accountA);
  await contextA.close();
  await contextB.close();
});
