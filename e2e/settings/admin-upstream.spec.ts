/**
 * /admin and /dev against the upstream movie-web backend's /metrics (fastify-metrics): the request
 * count comes from its route histogram, not from `nodejs_active_requests_total` (requests in flight).
 * The exposition below has the upstream server's series names and labels.
 */
import { expect, test } from '../support/site.fixture';

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

test('/admin reads an upstream backend: 164 requests by route, 25 users', async ({ page, site }) => {
  await page.route('**/metrics', (route) => route.fulfill({ contentType: 'text/plain; version=0.0.4', body: UPSTREAM_METRICS }));
  await page.goto(`${site.hostUrl}/admin`);
  await expect(page.getByTestId('admin-requests')).toContainText('164');
  await expect(page.getByTestId('admin-users')).toContainText('25');
  await expect(page.getByTestId('admin-routes')).toContainText('/users/:uid/progress/:tmdbid');
});

test('/dev reads the same upstream request count', async ({ page, site }) => {
  await page.route('**/metrics', (route) => route.fulfill({ contentType: 'text/plain; version=0.0.4', body: UPSTREAM_METRICS }));
  await page.goto(`${site.hostUrl}/dev`);
  await expect(page.getByTestId('backend-requests')).toHaveText(/^164$|^164\b/);
});
