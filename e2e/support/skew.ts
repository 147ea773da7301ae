/**
 * Contract skew: a host and remotes from different releases composed on this machine, and the walk a
 * person takes through every remote of the site.
 */
import { expect, type BrowserContext, type Page } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import net from 'node:net';
import path from 'node:path';
import { REMOTE_NAMES, type RemoteName } from 'shared-contracts';
import type { ServiceName } from 'services/types';
import { APPS, REMOTE_APPS } from '../../scripts/apps.ts';
import { distOf, freePorts, hostConfig, ROOT, startSite, type Site } from '../../scripts/site.ts';
import { detailsModal } from './discover.page';
import { header, openFromMenu } from './host.page';
import { startPlayback } from './player.page';

/**
 * The site with the host built in the checkout `hostRoot` and the four remotes built in `remotesRoot`
 * (the same folder as in `distRoot` of startSite: a checkout, or a release's tree), on free ports and
 * talking to services already running. The remotes are deployed after the host, on the URLs its
 * remotes.json names, as an independent deploy does.
 */
export async function startPairing(
  hostRoot: string,
  remotesRoot: string,
  serviceUrls: Partial<Record<ServiceName, string>>,
): Promise<Site> {
  const site = await startSite({ distRoot: hostRoot, ports: freePorts().apps, services: false, serviceUrls });
  for (const app of REMOTE_APPS) {
    const name = APPS[app].federationName as RemoteName;
    await site.stopRemote(name);
    await site.startRemote(name, distOf(app, remotesRoot));
  }
  return site;
}

/**
 * Ports for a server that must know its own port before it starts (the dev server writes it into its hot
 * reload client): below the kernel's ephemeral range, which free ports and outgoing connections take
 * from, and apart from the site's usual ports (3000–3004, 4100–4110).
 */
const FIXED_PORTS = { from: 3900, to: 3999 };

const portIsFree = (port: number) =>
  new Promise<boolean>((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, () => probe.close(() => resolve(true)));
  });

async function fixedFreePort(): Promise<number> {
  for (let port = FIXED_PORTS.from; port <= FIXED_PORTS.to; port++) if (await portIsFree(port)) return port;
  throw new Error(`no free port in ${FIXED_PORTS.from}–${FIXED_PORTS.to} for the development host`);
}

export interface DevHost {
  url: string;
  close(): Promise<void>;
}

/** The host's development server, as `npm run dev` runs it (rspack serve, hot reload), on its own port. */
export async function startDevHost(): Promise<DevHost> {
  const port = await fixedFreePort();
  const rspackCli = path.join(path.dirname(createRequire(import.meta.url).resolve('@rspack/cli/package.json')), 'bin', 'rspack.js');
  const child: ChildProcess = spawn(
    process.execPath,
    [rspackCli, 'serve', '--mode', 'development', '-c', path.join(ROOT, APPS.host.dir, 'rspack.config.ts')],
    {
      cwd: path.join(ROOT, APPS.host.dir),
      env: { ...process.env, NODE_ENV: 'development', [APPS.host.portEnv]: String(port) },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://localhost:${port}`;
  const close = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  try {
    // Answers once its first compilation is in memory.
    await expect
      .poll(
        async () => {
          if (child.exitCode !== null) throw new Error(`the development host ended (exit ${child.exitCode}):\n${output}`);
          return (await fetch(`${url}/`).catch(() => null))?.status;
        },
        { timeout: 180_000, intervals: [500] },
      )
      .toBe(200);
  } catch (error) {
    await close();
    throw error;
  }
  return { url, close };
}

/**
 * What a deploy puts beside a host (its /config.json and /remotes.json), served to every page of
 * `context` on `hostUrl`: for the development server, whose own files name the usual ports.
 */
export async function serveDeployFiles(
  context: BrowserContext,
  hostUrl: string,
  serviceUrls: Partial<Record<ServiceName, string>>,
  remoteUrls: Record<RemoteName, string>,
): Promise<void> {
  const config = hostConfig(path.join(ROOT, APPS.host.dir, 'public'), serviceUrls);
  const remotes = Object.fromEntries(REMOTE_NAMES.map((name) => [name, `${remoteUrls[name]}/mf-manifest.json`]));
  await context.route(`${hostUrl}/config.json`, (route) => route.fulfill({ json: config }));
  await context.route(`${hostUrl}/remotes.json`, (route) => route.fulfill({ json: remotes }));
}

/** The contracts version each federation instance in the page was built against (the host and each loaded remote). */
export function contractsInPage(page: Page): Promise<Record<string, string>> {
  return page.evaluate(() => {
    interface Instance {
      name: string;
      options: { shared: Record<string, { version?: string }[]> };
    }
    const federation = (globalThis as unknown as { __FEDERATION__?: { __INSTANCES__: Instance[] } }).__FEDERATION__;
    return Object.fromEntries(
      (federation?.__INSTANCES__ ?? []).map((instance) => [instance.name, instance.options.shared['shared-contracts']?.[0]?.version ?? '']),
    );
  });
}

/** No remote's slot shows an error (unavailable, incompatible, offline) and the host warns of nothing. */
async function expectNoRemoteErrors(page: Page): Promise<void> {
  await expect(page.locator('[data-testid^="remote-error-"]')).toHaveCount(0);
  await expect(page.getByTestId('runtime-warnings')).toHaveCount(0);
}

/** A public-domain title the local library plays. */
const TITLE = { id: 'tmdb-movie-10513', name: 'Plan 9 from Outer Space', watch: '/media/tmdb-movie-10513-plan-9-from-outer-space' };

/**
 * A person's walk through the four remotes: the home (the host's, with discover's rows), a shared link to
 * a title that plays (the player), then the user menu's settings and login (the account). Returns the
 * contracts version of the host and of each remote as built, read from the pages it went through.
 */
export async function walkTheSite(page: Page, hostUrl: string): Promise<Record<string, string>> {
  const versions: Record<string, string> = {};
  const noteVersions = async () => Object.assign(versions, await contractsInPage(page));
  await page.goto(`${hostUrl}/`);
  await expect(page.getByTestId('carousel').first()).toHaveAttribute('data-status', 'ready', { timeout: 15_000 });
  await expectNoRemoteErrors(page);
  await noteVersions();
  await page.goto(`${hostUrl}${TITLE.watch}`);
  await startPlayback(page);
  await expectNoRemoteErrors(page);
  await noteVersions();
  await page.goBack();
  await openFromMenu(page, 'Settings');
  await expect(page.getByTestId('settings-page')).toBeVisible();
  await expectNoRemoteErrors(page);
  await openFromMenu(page, 'Sync to cloud');
  await expect(page.getByTestId('login-page')).toBeVisible();
  await expectNoRemoteErrors(page);
  await noteVersions();
  return versions;
}

/**
 * The ways to find a title: the home's search lists it, the Discover page shows its rows, and a title's
 * details (a shared link) offer to play it.
 */
export async function findATitle(page: Page, hostUrl: string): Promise<void> {
  await page.goto(`${hostUrl}/`);
  await page.getByRole('search').getByRole('searchbox').fill('Plan 9');
  const results = page.getByRole('region', { name: 'Search results' });
  await expect(results.getByTestId('media-card').filter({ hasText: TITLE.name }).first()).toBeVisible();
  await expectNoRemoteErrors(page);
  await header(page).getByRole('link', { name: 'Discover' }).click();
  await expect(page.getByTestId('discover-page')).toBeVisible();
  await expect(page.getByTestId('carousel').first()).toHaveAttribute('data-status', 'ready', { timeout: 15_000 });
  await expectNoRemoteErrors(page);
  await page.goto(`${hostUrl}/discover?m=details-${TITLE.id}`);
  await expect(detailsModal(page).getByRole('heading', { name: TITLE.name })).toBeVisible();
  await expect(detailsModal(page).getByTestId('details-play')).toHaveAttribute('href', new RegExp(`${TITLE.watch}$`));
  await expectNoRemoteErrors(page);
}
