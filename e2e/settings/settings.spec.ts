/**
 * Settings in a real browser: the page's layout on a phone, the connection checks against the local
 * proxy and account server, and /dev and /admin against them (and against the upstream backend's
 * metrics). The forms' rules are component tests: remote-settings/src/features/settings/*.test.tsx.
 */
import { withConfig } from '../support/config';
import { saveSettings } from '../support/settings.page';
import { expect, test } from '../support/site.fixture';

/** The upstream movie-web backend's /metrics (fastify-metrics): its series names and labels. */
const UPSTREAM_METRICS = [
  '# HELP nodejs_active_requests_total Number of active libuv requests grouped by request type.',
  '# TYPE nodejs_active_requests_total gauge',
  'nodejs_active_requests_total 2',
  '# HELP http_request_duration_seconds request duration in seconds',
  '# TYPE http_request_duration_seconds histogram',
  'http_request_duration_seconds_bucket{le="+Inf",method="GET",route="/meta",status_code="200"} 41',
  'http_request_duration_seconds_count{method="GET",route="/meta",status_code="200"} 41',
  'http_request_duration_seconds_count{method="PUT",route="/users/:uid/progress/:tmdbid",status_code="200"} 120',
  'http_request_duration_seconds_count{method="POST",route="/auth/login/start",status_code="401"} 3',
  '# TYPE http_request_summary_seconds summary',
  'http_request_summary_seconds_count{method="GET",route="/meta",status_code="200"} 41',
  '# TYPE mw_user_count counter',
  'mw_user_count{namespace="movie-web"} 25',
].join('\n');

test('on a phone nothing in Settings scrolls sideways, and the unsaved-changes bar never covers its last controls', async ({
  page,
  site,
}) => {
  for (const width of [320, 390]) {
    await test.step(`${width} px`, async () => {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(`${site.hostUrl}/settings`);
      await expect(page.getByRole('radiogroup', { name: 'Theme' })).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      // The theme swatches stay inside the page.
      for (const swatch of await page.getByRole('radiogroup', { name: 'Theme' }).getByRole('radio').all()) {
        const box = (await swatch.boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(width);
      }
    });
  }
  await test.step('the bar below the last controls', async () => {
    await page.getByRole('switch', { name: 'Autoplay' }).click();
    const bar = page.getByTestId('save-bar');
    await expect(bar).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const reset = page.getByRole('button', { name: 'Reset subtitle style' });
    const last = (await reset.boundingBox())!;
    const cover = (await bar.boundingBox())!;
    expect(last.y + last.height).toBeLessThanOrEqual(cover.y);
    await reset.click({ trial: true }); // nothing on top of it
  });
});

test('your own proxy worker and server, checked against the local services: a website is refused, a proxy is added and removed', async ({
  page,
  site,
}) => {
  const proxy = site.services!.urls.proxy!;
  await page.goto(`${site.hostUrl}/settings`);

  await test.step('proxy workers', async () => {
    const input = page.getByRole('textbox', { name: 'Custom proxy workers' });
    const add = page.getByRole('button', { name: 'Add worker' });
    await input.fill(site.hostUrl);
    await add.click();
    await expect(page.getByTestId('worker-error')).toHaveText('Expected a proxy but got a website');
    await input.fill(proxy);
    await add.click();
    await expect(page.getByTestId('workers')).toContainText(proxy);
    await expect(page.getByTestId('setup-status')).toHaveText('Using your own setup');
    await saveSettings(page);
    await page.reload();
    await expect(page.getByTestId('workers')).toContainText(proxy);
    await page.getByRole('button', { name: `Remove ${proxy}` }).click();
    await saveSettings(page);
    await expect(page.getByTestId('setup-status')).toHaveText('Using the default setup');
  });

  await test.step('the custom server is checked against its /meta; a website is refused', async () => {
    const server = page.getByRole('textbox', { name: 'Custom server' });
    await server.fill(site.hostUrl);
    await page.getByRole('button', { name: 'Check' }).click();
    await expect(page.getByTestId('server-check')).toContainText('not');
    await server.fill(site.services!.urls.backend!);
    await page.getByRole('button', { name: 'Check' }).click();
    await expect(page.getByTestId('server-check')).toContainText('Connected to');
  });
});

test("/dev and /admin: the checks against the local services, each failure said, the upstream backend's metrics read", async ({
  page,
  site,
}) => {
  test.setTimeout(90_000);

  await test.step('/dev: constants, backend test, worker test, TMDB key test, region by distance', async () => {
    await page.goto(`${site.hostUrl}/dev`);
    await expect(page.getByTestId('user-accounts')).toHaveText(/^\d+$/);
    await expect(page.getByTestId('backend-requests')).toHaveText(/^\d+$/);
    await page.getByRole('region', { name: 'Backend API test' }).getByRole('button', { name: 'Test' }).click();
    await expect(page.getByTestId('backend-test-result')).toContainText('Captcha enabled');
    await page.getByRole('region', { name: 'Worker tests' }).getByRole('button', { name: 'Test' }).click();
    await expect(page.getByTestId('worker-results')).toContainText('Working');
    await page.getByRole('region', { name: 'Movie database key test' }).getByRole('button', { name: 'Test' }).click();
    await expect(page.getByTestId('tmdb-test-result')).toHaveText('TMDB API key is not set');
    // The geo stand-in places us in New York.
    await expect(page.getByRole('combobox', { name: 'Region' })).toHaveValue('us-east');
    await page.getByRole('combobox', { name: 'Region' }).selectOption('asia');
    await expect(page.getByTestId('region-source')).toHaveText('Picked by you');
  });

  await test.step('/admin: the backend metrics, and a clear message when unreachable', async () => {
    await page.goto(`${site.hostUrl}/admin`);
    await expect(page.getByTestId('admin-users')).toContainText(/\d/);
    await expect(page.getByTestId('admin-routes')).toContainText('/metrics');
    await page.route('**/metrics', (route) => route.abort());
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(page.getByRole('alert')).toHaveText('The backend could not be reached.');
    await page.unroute('**/metrics');
  });

  await test.step('the upstream backend: 164 requests by route (not the in-flight gauge), 25 users, on /admin and /dev', async () => {
    await page.route('**/metrics', (route) => route.fulfill({ contentType: 'text/plain; version=0.0.4', body: UPSTREAM_METRICS }));
    await page.goto(`${site.hostUrl}/admin`);
    await expect(page.getByTestId('admin-requests')).toContainText('164');
    await expect(page.getByTestId('admin-users')).toContainText('25');
    await expect(page.getByTestId('admin-routes')).toContainText('/users/:uid/progress/:tmdbid');
    await page.goto(`${site.hostUrl}/dev`);
    await expect(page.getByTestId('backend-requests')).toHaveText(/^164$|^164\b/);
    await page.unroute('**/metrics');
  });

  await test.step("/dev: each test's failure says what went wrong", async () => {
    const config = (await (await fetch(`${site.hostUrl}/config.json`)).json()) as { backendUrl: string; proxyUrls: string[] };
    // The backend and the proxy worker down, and a TMDB token whose API cannot be reached.
    await page.route(`${config.backendUrl}/**`, (route) => route.abort());
    await page.route(`${config.proxyUrls[0]}/**`, (route) => route.abort());
    await page.route('https://api.themoviedb.org/**', (route) => route.abort());
    await withConfig(page, { tmdbReadToken: 'eyJhbGciOiJIUzI1NiJ9.a-read-access-token.signature' });
    await page.goto(`${site.hostUrl}/dev`);
    await page.getByRole('region', { name: 'Backend API test' }).getByRole('button', { name: 'Test' }).click();
    await expect(page.getByRole('region', { name: 'Backend API test' }).getByRole('alert')).toHaveText(
      'Failed to call backend, is it online and does it allow this site (CORS)?',
    );
    await page.getByRole('region', { name: 'Worker tests' }).getByRole('button', { name: 'Test' }).click();
    await expect(page.getByTestId('worker-results')).toContainText('Could not connect to proxy');
    await page.getByRole('region', { name: 'Movie database key test' }).getByRole('button', { name: 'Test' }).click();
    await expect(page.getByTestId('tmdb-test-result')).toHaveText('Failed to call TMDB');
    await expect(page.getByTestId('user-accounts')).toHaveText('Unknown');

    // A v3 API key (32 hex digits) is not the read access token the site needs.
    await page.unroute('**/config.json');
    await withConfig(page, { tmdbReadToken: '0123456789abcdef0123456789abcdef' });
    await page.reload();
    await page.getByRole('region', { name: 'Movie database key test' }).getByRole('button', { name: 'Test' }).click();
    await expect(page.getByTestId('tmdb-test-result')).toHaveText('This is not a read only key');
  });
});
