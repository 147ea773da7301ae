/**
 * The production builds served by nginx with the configuration `scripts/nginx.ts` generates (what a
 * deployment runs): a person walks home → details → play → settings with no CSP violation, and the
 * servers answer like the Node static server (headers, compression, cache, 400/404/405).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { APP_NAMES, APPS, type AppName } from '../../scripts/apps.ts';
import { nginxConfig, nginxMainConfig } from '../../scripts/nginx.ts';
import { distOf, hostConfig } from '../../scripts/site.ts';
import { detailsModal, moreButton } from '../support/discover.page';
import { startPlayback } from '../support/player.page';
import { expect, test } from '../support/site.fixture';

const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((file) => fs.existsSync(file));
test.skip(!NGINX, "Debian's nginx is not installed (apt-get install nginx-light); .ci/run installs it");

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });

let nginx: ChildProcess | undefined;
let prefix: string;
const urls = {} as Record<AppName, string>;

test.beforeAll(async ({ site }) => {
  prefix = fs.mkdtempSync(path.join(os.tmpdir(), 'mw-nginx-'));
  const listen = {} as Record<AppName, string>;
  for (const app of APP_NAMES) {
    const port = await freePort();
    listen[app] = `127.0.0.1:${port}`;
    urls[app] = `http://localhost:${port}`;
  }
  const remotes = Object.fromEntries(
    APP_NAMES.filter((a) => APPS[a].kind === 'remote').map((a) => [APPS[a].federationName, `${urls[a]}/mf-manifest.json`]),
  );
  fs.writeFileSync(path.join(prefix, 'remotes.json'), JSON.stringify(remotes));
  fs.writeFileSync(path.join(prefix, 'config.json'), JSON.stringify(hostConfig(distOf('host'), site.services!.urls)));
  const servers = nginxConfig({
    listen,
    remoteOrigins: Object.values(remotes).map((url) => new URL(url).origin),
    hostFiles: { config: path.join(prefix, 'config.json'), remotes: path.join(prefix, 'remotes.json') },
  });
  const conf = path.join(prefix, 'nginx.conf');
  fs.writeFileSync(conf, nginxMainConfig(servers, prefix));
  const check = spawnSync(NGINX!, ['-t', '-p', prefix, '-c', conf], { encoding: 'utf8' });
  expect(check.status, check.stderr).toBe(0);
  nginx = spawn(NGINX!, ['-p', prefix, '-c', conf], { stdio: ['ignore', 'ignore', 'pipe'] });
  await expect.poll(async () => (await fetch(`${urls.host}/`).catch(() => null))?.status, { timeout: 10_000 }).toBe(200);
});

test.afterAll(async () => {
  if (nginx && nginx.exitCode === null) {
    const exited = new Promise((resolve) => nginx!.once('exit', resolve));
    nginx.kill('SIGQUIT');
    await exited;
  }
  fs.rmSync(prefix, { recursive: true, force: true });
});

test('through nginx: home → details → play → settings within the Content Security Policy; it answers like the Node static server', async ({
  page,
  request,
}) => {
  const violations: string[] = [];
  await page.exposeFunction('reportViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) =>
      (window as unknown as { reportViolation(t: string): void }).reportViolation(`${e.violatedDirective} ${e.blockedURI}`),
    );
  });
  await page.goto(`${urls.host}/`);
  // A public-domain title the local library plays, found from the home's search (rows are shuffled).
  await page.getByRole('search').getByRole('searchbox').fill('Plan 9');
  const card = page.getByTestId('search-results').getByTestId('media-card').filter({ hasText: 'Plan 9 from Outer Space' }).first();
  await card.hover();
  await moreButton(card).click();
  await page.getByText('More Info', { exact: true }).click();
  await detailsModal(page).getByTestId('details-play').click();
  await startPlayback(page);
  await page.goto(`${urls.host}/settings`);
  await expect(page.getByTestId('settings-page')).toBeVisible();
  expect(violations).toEqual([]);

  await test.step('nginx answers like the Node static server', async () => {
    const home = await request.get(`${urls.host}/settings`);
    expect(home.status()).toBe(200);
    expect(home.headers()['content-security-policy']).toMatch(/frame-ancestors 'self'(;|$)/);
    expect(home.headers()['cross-origin-opener-policy']).toBe('same-origin');
    expect(home.headers()['cache-control']).toBe('no-cache');
    expect((await request.get(`${urls.host}/embed/tmdb-movie-653`)).headers()['content-security-policy']).toMatch(/frame-ancestors \*/);

    const manifest = await request.get(`${urls['remote-player']}/mf-manifest.json`);
    expect(manifest.headers()['access-control-allow-origin']).toBe('*');
    expect(manifest.headers()['cache-control']).toBe('no-cache');
    const hashed = fs
      .readdirSync(distOf('remote-player'))
      .find((f) => /^\d+\.[0-9a-f]{8}\.js$/.test(f) && fs.existsSync(path.join(distOf('remote-player'), `${f}.gz`)))!;
    const chunk = await fetch(`${urls['remote-player']}/${hashed}`, { headers: { 'Accept-Encoding': 'gzip' } });
    expect(chunk.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(chunk.headers.get('content-encoding')).toBe('gzip');

    expect((await request.get(`${urls.host}/%`)).status()).toBe(400);
    expect((await request.get(`${urls.host}/index.html.br`)).status()).toBe(404);
    expect((await request.get(`${urls.host}/missing.js`)).status()).toBe(404);
    const post = await request.post(`${urls.host}/`);
    expect(post.status()).toBe(405);
    expect(post.headers()['allow']).toBe('GET, HEAD, OPTIONS');
    const config = (await (await request.get(`${urls.host}/config.json`)).json()) as { localCatalogUrl: string };
    expect(config.localCatalogUrl).toMatch(/^http:\/\/localhost:\d+$/);
  });
});
