import { KNOWN_SOURCES } from 'shared-contracts';
import { describe, expect, it } from 'vitest';
import { PROXY_ERRORS, checkProxy, fetchBackendMeta, normaliseUrl, validateWorkerUrl } from './connections';
import { parseMetrics } from './metrics';
import { RECHECK_MS, nearestRegion, needsRegionCheck } from 'shared-contracts';
import { completeOrder, move } from './source-order';

const respond =
  (body: string, init: ResponseInit = {}) =>
  async () =>
    new Response(body, init);

describe('connections', () => {
  it.each([
    ['example.com', 'https://example.com'],
    ['http://localhost:4102', 'http://localhost:4102'],
    ['  https://x.y/path  ', 'https://x.y/path'],
    ['ftp://x.y', null],
    ['not a url', null],
    ['http://exa mple.com', null],
    ['https://bad_host!', null],
    ['', null],
  ])('normaliseUrl(%j) = %j', (input, output) => expect(normaliseUrl(input)).toBe(output));

  it('refuses worker URLs with a trailing slash and non-URLs', () => {
    expect(validateWorkerUrl('https://w.example/')).toEqual({ ok: false, error: PROXY_ERRORS.trailingSlash });
    expect(validateWorkerUrl('::')).toEqual({ ok: false, error: PROXY_ERRORS.invalid });
    expect(validateWorkerUrl('w.example')).toEqual({ ok: true, value: 'https://w.example' });
  });

  it('tells a proxy from a website and from nothing', async () => {
    const proxy = respond('{"message":"Proxy is working as expected"}', { headers: { 'content-type': 'application/json' } });
    expect(await checkProxy('http://p.example', proxy)).toEqual({ ok: true, value: 'http://p.example' });
    const site = respond('<!doctype html><title>Hi</title>', { headers: { 'content-type': 'text/html' } });
    expect(await checkProxy('http://p.example', site)).toEqual({ ok: false, error: PROXY_ERRORS.website });
    const down = async () => {
      throw new TypeError('fetch failed');
    };
    expect(await checkProxy('http://p.example', down)).toEqual({ ok: false, error: PROXY_ERRORS.unreachable });
    const hang = (_: string, init?: RequestInit) =>
      new Promise<Response>((_, reject) => init?.signal?.addEventListener('abort', () => reject(new Error('aborted'))));
    expect(await checkProxy('http://p.example', hang, 50)).toEqual({ ok: false, error: PROXY_ERRORS.unreachable });
  });

  it('reads a backend /meta and refuses what is not a backend', async () => {
    const meta = respond('{"name":"My server","description":"Hi","version":"2.0.0","hasCaptcha":false}');
    expect(await fetchBackendMeta('b.example', meta)).toEqual({
      ok: true,
      value: { url: 'https://b.example', name: 'My server', description: 'Hi', version: '2.0.0', hasCaptcha: false },
    });
    expect((await fetchBackendMeta('b.example', respond('<html>', { status: 200 }))).ok).toBe(false);
    expect((await fetchBackendMeta('b.example', respond('oops', { status: 500 }))).ok).toBe(false);
  });
});

describe('metrics', () => {
  it('reads our server and the upstream format', () => {
    const ours = parseMetrics(
      [
        '# HELP mw_user_count x',
        'mw_user_count{namespace="movie-web"} 3',
        'http_requests_total{method="GET",route="/meta",status="200"} 5',
        'http_requests_total{method="POST",route="/auth/login/start",status="401"} 2',
        'http_request_duration_seconds_count 7',
      ].join('\n'),
    );
    expect(ours).toEqual({
      users: 3,
      requests: 7,
      byRoute: [
        { method: 'GET', route: '/meta', status: '200', count: 5 },
        { method: 'POST', route: '/auth/login/start', status: '401', count: 2 },
      ],
    });
    const upstream = parseMetrics(
      'mw_user_count{namespace="movie-web"} 10\nhttp_request_duration_seconds_count{method="GET",route="/meta",status_code="200"} 4',
    );
    expect(upstream.users).toBe(10);
    expect(upstream.byRoute).toEqual([{ method: 'GET', route: '/meta', status: '200', count: 4 }]);
    expect(parseMetrics('<html>nope</html>')).toEqual({ users: null, requests: 0, byRoute: [] });
    expect(parseMetrics('# HELP mw_user_count x\n# TYPE mw_user_count gauge\n').users).toBe(0);
  });

  it('reads the upstream backend (fastify-metrics): requests from the route histogram, not the in-flight gauge', () => {
    const upstream = parseMetrics(
      [
        '# HELP process_cpu_user_seconds_total Total user CPU time spent in seconds.',
        '# TYPE process_cpu_user_seconds_total counter',
        'process_cpu_user_seconds_total 12.5',
        '# HELP nodejs_active_requests_total Number of active libuv requests grouped by request type.',
        '# TYPE nodejs_active_requests_total gauge',
        'nodejs_active_requests_total 2',
        'nodejs_active_handles_total 7',
        '# HELP http_request_duration_seconds request duration in seconds',
        '# TYPE http_request_duration_seconds histogram',
        'http_request_duration_seconds_bucket{le="0.05",method="GET",route="/meta",status_code="200"} 40',
        'http_request_duration_seconds_bucket{le="+Inf",method="GET",route="/meta",status_code="200"} 41',
        'http_request_duration_seconds_sum{method="GET",route="/meta",status_code="200"} 0.9',
        'http_request_duration_seconds_count{method="GET",route="/meta",status_code="200"} 41',
        'http_request_duration_seconds_count{method="PUT",route="/users/:uid/progress/:tmdbid",status_code="200"} 120',
        'http_request_duration_seconds_count{method="POST",route="/auth/login/start",status_code="401"} 3',
        '# TYPE http_request_summary_seconds summary',
        'http_request_summary_seconds_count{method="GET",route="/meta",status_code="200"} 41',
        '# TYPE mw_user_count counter',
        'mw_user_count{namespace="movie-web"} 25',
        'mw_user_count{namespace="other"} 2',
        'mw_provider_hostname_count{hostname="https://movie-web.example"} 9',
      ].join('\n'),
    );
    expect(upstream.users).toBe(27);
    expect(upstream.requests).toBe(164);
    expect(upstream.byRoute[0]).toEqual({ method: 'PUT', route: '/users/:uid/progress/:tmdbid', status: '200', count: 120 });
    expect(upstream.byRoute).toHaveLength(3);
  });
});

describe('region', () => {
  it.each([
    [40.7, -74, 'us-east'],
    [34, -118, 'us-west'],
    [-34.6, -58.4, 'south'],
    [35.7, 139.7, 'asia'],
    [51.5, -0.1, 'europe'],
  ])('(%s, %s) → %s', (lat, lon, region) => expect(nearestRegion(lat, lon)).toBe(region));

  it('rechecks after 30 days unless the user picked it', () => {
    const now = 10 * RECHECK_MS;
    expect(needsRegionCheck({ region: null, lastChecked: null, userPicked: false }, now)).toBe(true);
    expect(needsRegionCheck({ region: 'asia', lastChecked: now - RECHECK_MS + 1, userPicked: false }, now)).toBe(false);
    expect(needsRegionCheck({ region: 'asia', lastChecked: now - RECHECK_MS, userPicked: false }, now)).toBe(true);
    expect(needsRegionCheck({ region: 'asia', lastChecked: 0, userPicked: true }, now)).toBe(false);
  });
});

describe('source order', () => {
  it('completes the user order with known sources by rank and drops unknown ids', () => {
    const order = completeOrder(['local-mp4', 'nope', 'local-mp4'], KNOWN_SOURCES);
    expect(order[0]).toBe('local-mp4');
    expect(order).toHaveLength(KNOWN_SOURCES.length);
    expect(order[1]).toBe('media-server');
  });
  it('moves items, clamped', () => {
    expect(move(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a']);
    expect(move(['a', 'b', 'c'], 2, -5)).toEqual(['c', 'a', 'b']);
    expect(move(['a'], 3, 0)).toEqual(['a']);
  });
});
