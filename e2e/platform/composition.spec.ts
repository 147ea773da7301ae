import type { Page, Request } from '@playwright/test';
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

/** Which copy of each shared singleton a federation instance (the host or one remote) declares, and which are in use. */
interface ShareReport {
  /** The singletons the host provides. */
  hostProvides: string[];
  /** The singletons the remote takes from the share scope (its own build's fallbacks are never to be used). */
  remoteDeclares: string[];
  /** Per singleton, who provided each copy that was loaded (or is loading) in the page. */
  inUse: Record<string, string[]>;
  /** Per singleton, the federation instances that took the host's copy. */
  usedBy: Record<string, string[]>;
  /** Singletons whose fallback (the copy in the remote's own build) the remote loaded. */
  ownLoaded: string[];
  /** The singletons the remote asked the federation runtime for. */
  requested: string[];
  /** The singletons the runtime could not give the remote, which then used the copy in its own build. */
  fallbacks: string[];
}

interface ShareLogEntry {
  by: string;
  pkg: string;
  event: 'request' | 'fallback';
}

/**
 * Before any page script: a global federation runtime plugin (every instance, the host's and each
 * remote's, applies the plugins in `__FEDERATION__.__GLOBAL_PLUGIN__`) that logs each singleton asked
 * for and each one the runtime could not provide, in which case the remote falls back to its own copy
 * without a trace in the share scope.
 */
async function logShares(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const log: ShareLogEntry[] = [];
    type Args = { pkgName: string; origin: { options: { name: string } } };
    Object.assign(globalThis, {
      __shareLog: log,
      __FEDERATION__: {
        __GLOBAL_PLUGIN__: [
          {
            name: 'composition-spec-share-log',
            beforeLoadShare(args: Args) {
              log.push({ by: args.origin.options.name, pkg: args.pkgName, event: 'request' });
              return args;
            },
            errorLoadShare(args: Args) {
              log.push({ by: args.origin.options.name, pkg: args.pkgName, event: 'fallback' });
            },
          },
        ],
      },
    });
  });
}

/**
 * Reads the federation runtime's share scope in the page: what actually loaded at run time, rather than
 * which chunks a manifest lists (a chunk may hold a singleton's fallback and code the remote really uses,
 * e.g. valibot for host-core's persistence and for shared-contracts).
 */
async function shareReport(page: Page, remote: RemoteName): Promise<ShareReport> {
  return page.evaluate((remote) => {
    interface Shared {
      from: string;
      loaded?: boolean;
      loading?: unknown;
      lib?: unknown;
      useIn?: string[];
    }
    interface Instance {
      name: string;
      options: { shared: Record<string, Shared[]> };
      shareScopeMap: Record<string, Record<string, Record<string, Shared>>>;
    }
    const federation = (globalThis as unknown as { __FEDERATION__?: { __INSTANCES__: Instance[] } }).__FEDERATION__;
    const log = (globalThis as unknown as { __shareLog?: ShareLogEntry[] }).__shareLog ?? [];
    const logged = (event: ShareLogEntry['event']) =>
      [...new Set(log.filter((entry) => entry.by === remote && entry.event === event).map((entry) => entry.pkg))].sort();
    const instances = federation?.__INSTANCES__ ?? [];
    const host = instances.find((instance) => instance.name === 'host');
    const own = instances.find((instance) => instance.name === remote);
    const scope = host?.shareScopeMap.default ?? {};
    const copies = (pkg: string) => Object.values(scope[pkg] ?? {});
    const hostProvides = Object.keys(host?.options.shared ?? {}).sort();
    return {
      hostProvides,
      remoteDeclares: Object.keys(own?.options.shared ?? {}).sort(),
      inUse: Object.fromEntries(
        Object.keys(scope)
          .sort()
          .map((pkg) => [
            pkg,
            copies(pkg)
              .filter((copy) => copy.loaded || copy.loading || copy.lib)
              .map((copy) => copy.from),
          ]),
      ),
      usedBy: Object.fromEntries(hostProvides.map((pkg) => [pkg, copies(pkg).flatMap((copy) => copy.useIn ?? [])])),
      ownLoaded: Object.entries(own?.options.shared ?? {})
        .filter(([, entries]) => entries.some((entry) => entry.loaded || entry.lib))
        .map(([pkg]) => pkg),
      requested: logged('request'),
      fallbacks: logged('fallback'),
    };
  }, remote);
}

test('each remote renders inside the host from its own origin; singletons load once, from the host; the host keeps its state between them', async ({
  page,
  site,
  consoleErrors,
}) => {
  const requests: Request[] = [];
  page.on('request', (request) => requests.push(request));
  await logShares(page);
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
    // Singletons load once, from the host: every copy in use in the page is the host's, the remote
    // takes its singletons from the share scope and loaded none of its own fallbacks.
    const report = await shareReport(page, name);
    expect(report.hostProvides.length, 'the host provides the shared singletons').toBeGreaterThan(0);
    // A remote declares the singletons its build uses (discover, account and settings, built on the host's
    // runtime without their standalone page, use fewer than the host provides): each one the host's.
    expect(report.remoteDeclares.length, `${name} takes its singletons from the share scope`).toBeGreaterThan(0);
    expect(report.hostProvides, `${name} declares only singletons the host provides`).toEqual(
      expect.arrayContaining(report.remoteDeclares),
    );
    expect(report.remoteDeclares, `${name} declares what it asked for`).toEqual(expect.arrayContaining(report.requested));
    expect(report.inUse, `${name}: the copies of the singletons in use`).toEqual(
      Object.fromEntries(report.hostProvides.map((pkg) => [pkg, ['host']])),
    );
    expect(report.ownLoaded, `${name} loaded its own copy of a singleton`).toEqual([]);
    expect(report.fallbacks, `${name} fell back to its own copy of a singleton`).toEqual([]);
    expect(report.requested, `${name} asked the runtime for its singletons`).toEqual(
      expect.arrayContaining(['react', 'react/jsx-runtime', 'shared-contracts']),
    );
    for (const pkg of report.requested) expect(report.usedBy[pkg], `${name} took the host's ${pkg}`).toContain(name);
  }
  // The host served its own chunks (the copies every remote took above).
  const hostChunks = requests.filter((r) => r.url().startsWith(site.hostUrl) && r.url().endsWith('.js'));
  expect(hostChunks.length).toBeGreaterThan(0);

  await test.step('navigating between remotes keeps the host and its state', async () => {
    await page.goto(`${site.hostUrl}/settings`);
    await pickTheme(page, 'Teal');
    await saveSettings(page);
    await header(page).getByRole('link', { name: 'Discover' }).click();
    await expect(page.getByTestId('discover-page')).toBeVisible();
    // The theme chosen in the settings remote is applied by the host everywhere.
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(7, 22, 20)');
    await page.reload();
    await expect(page.getByTestId('discover-page')).toBeVisible();
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(7, 22, 20)');
  });
  expect(consoleErrors).toEqual([]);
});
