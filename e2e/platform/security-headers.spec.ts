/**
 * Each origin's security headers, as a browser enforces them: the host's pages cannot be framed by
 * another site (click-jacking the pages that delete an account or change the backend), the player's
 * embed pages can be, by the deployment's partners only when it names them, and the Content Security
 * Policy is one the pages actually satisfy.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { freePorts, startSite, type Site } from '../../scripts/site.ts';
import { expect, test } from '../support/site.fixture';

/** A partner page on its own origin that frames `?src=`. */
async function startFramingPage(): Promise<{ origin: string; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    const src = new URL(req.url ?? '/', 'http://x').searchParams.get('src') ?? '';
    res.writeHead(200, { 'Content-Type': 'text/html' }).end(
      `<!doctype html><title>partner</title><script>
        window.playerEvents = [];
        addEventListener('message', (e) => e.data && e.data.source === 'movie-web-player' && playerEvents.push(e.data.type));
      </script><iframe src="${src.replace(/"/g, '&quot;')}" allow="autoplay; fullscreen" style="width:800px;height:450px"></iframe>`,
    );
  });
  await new Promise<void>((resolve) => server.listen(0, 'localhost', resolve));
  return {
    origin: `http://localhost:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  };
}

/** Whether the framed page loaded (a page refused by frame-ancestors shows the browser's error page). */
const framedLoaded = async (page: Page, partnerOrigin: string, src: string): Promise<boolean> => {
  await page.goto(`${partnerOrigin}/?src=${encodeURIComponent(src)}`);
  const frame = page.frames().find((f) => f !== page.mainFrame())!;
  await frame.waitForLoadState('domcontentloaded');
  return frame.url().startsWith('http') && (await frame.locator('#root').count()) > 0;
};

test('every origin sends the security headers a reviewer expects; other sites cannot frame the host’s pages, any partner may frame the embed pages by default', async ({
  page,
  request,
  site,
}) => {
  await test.step('the headers', async () => {
    const headers = (await request.get(`${site.hostUrl}/settings`)).headers();
    expect(headers['content-security-policy']).toMatch(/frame-ancestors 'self'(;|$)/);
    expect(headers['content-security-policy']).toContain("object-src 'none'");
    expect(headers['content-security-policy']).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
    expect(headers['permissions-policy']).toContain('camera=()');
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['cross-origin-opener-policy']).toBe('same-origin');
    const embed = (await request.get(`${site.hostUrl}/embed/tmdb-movie-653`)).headers();
    expect(embed['content-security-policy']).toMatch(/frame-ancestors \*(;|$)/);
    for (const url of Object.values(site.remoteUrls)) {
      const manifest = (await request.get(`${url}/mf-manifest.json`)).headers();
      expect(manifest['access-control-allow-origin'], url).toBe('*');
      expect(manifest['x-content-type-options'], url).toBe('nosniff');
      expect(manifest['content-security-policy'], url).toBe("default-src 'none'; frame-ancestors 'none'");
      const standalone = (await request.get(`${url}/`)).headers();
      expect(standalone['content-security-policy'], url).toContain("script-src 'self'");
    }
  });

  const partner = await startFramingPage();
  try {
    for (const path of ['/settings', '/', '/login'])
      expect(await framedLoaded(page, partner.origin, `${site.hostUrl}${path}`), path).toBe(false);
    expect(await framedLoaded(page, partner.origin, `${site.hostUrl}/embed/tmdb-movie-653`)).toBe(true);
    await expect.poll(() => page.evaluate(() => (window as unknown as { playerEvents: string[] }).playerEvents)).toContain('ready');
    // The standalone player's own origin, which partners frame when they embed only the player.
    expect(await framedLoaded(page, partner.origin, `${site.remoteUrls.player}/embed/tmdb-movie-653`)).toBe(true);
  } finally {
    await partner.close();
  }
});

test('a deployment that names its partners: only they may frame the player, and only they hear its events', async ({ page, site }) => {
  const [listed, other] = await Promise.all([startFramingPage(), startFramingPage()]);
  let named: Site | undefined;
  try {
    named = await startSite({
      ports: freePorts().apps,
      services: false,
      serviceUrls: site.services!.urls,
      config: { embedOrigins: [listed.origin] },
    });
    expect(await framedLoaded(page, other.origin, `${named.hostUrl}/embed/tmdb-movie-653`)).toBe(false);
    expect(await framedLoaded(page, other.origin, `${named.remoteUrls.player}/embed/tmdb-movie-653`)).toBe(false);
    expect(await framedLoaded(page, listed.origin, `${named.hostUrl}/embed/tmdb-movie-653`)).toBe(true);
    await expect.poll(() => page.evaluate(() => (window as unknown as { playerEvents: string[] }).playerEvents)).toContain('ready');
  } finally {
    await Promise.all([named?.close(), listed.close(), other.close()]);
  }
});

test('the pages satisfy their Content Security Policy: no violation from home to playback, settings and account', async ({
  page,
  site,
}) => {
  const violations: string[] = [];
  await page.exposeFunction('reportViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) =>
      (window as unknown as { reportViolation(t: string): void }).reportViolation(`${e.violatedDirective} ${e.blockedURI}`),
    );
  });
  await page.goto(`${site.hostUrl}/`);
  await page.getByTestId('carousel').first().getByTestId('media-card').first().click();
  await page.goto(`${site.hostUrl}/media/tmdb-movie-653`);
  await expect(page.getByTestId('player-video')).toBeAttached({ timeout: 20_000 });
  await page.goto(`${site.hostUrl}/discover`);
  await expect(page.getByTestId('discover-page')).toBeVisible();
  await page.goto(`${site.hostUrl}/settings`);
  await expect(page.getByTestId('settings-page')).toBeVisible();
  await page.goto(`${site.hostUrl}/login`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.goto(`${site.remoteUrls.player}/media/tmdb-movie-653`);
  await expect(page.getByTestId('player-video')).toBeAttached({ timeout: 20_000 });
  expect(violations).toEqual([]);
});
