/** GET /metrics (Prometheus text) and the reports the product posts: provider results and captcha solves. */
import { parseBody } from '../http';
import * as S from '../schemas';
import type { Hono } from 'hono';
import type { RouteContext } from '../context';
import type { Env } from '../http';

export function metricsRoutes(app: Hono<Env>, ctx: RouteContext): void {
  const { db, metrics, rateLimit } = ctx;

  app.get('/metrics', async (c) => {
    const { rows } = await db.query<{ namespace: string; count: number }>(
      'SELECT namespace, count(*)::int AS count FROM users GROUP BY namespace ORDER BY namespace',
    );
    return c.body(metrics.render(rows), 200, { 'content-type': 'text/plain; version=0.0.4; charset=utf-8' });
  });

  app.post('/metrics/providers', async (c) => {
    const body = await parseBody(c, S.ProviderMetrics);
    await rateLimit(c, 'providerMetrics', body.items.length);
    const hostname = (c.req.header('origin') ?? '<UNKNOWN>').slice(0, 255);
    metrics.providerHostnames.inc({ hostname }, body.items.length);
    for (const item of body.items) {
      const provider = item.embedId ?? item.providerId;
      metrics.providerStatus.inc({ provider_id: provider, status: item.status });
      metrics.watches.inc({
        title: item.title,
        tmdb_full_id: `${item.type}-${item.tmdbId}`,
        provider_id: provider,
        success: String(item.status === 'success'),
      });
    }
    if (body.tool) metrics.tools.inc({ tool: body.tool });
    return c.json(true);
  });

  app.post('/metrics/captcha', async (c) => {
    const body = await parseBody(c, S.CaptchaMetric);
    await rateLimit(c, 'captchaMetrics');
    metrics.captchaSolves.inc({ success: String(body.success) });
    return c.json(true);
  });
}
