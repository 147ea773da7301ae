/** GET /, /healthcheck and /meta: what anyone may ask. */

import type { MetaResponse } from 'account-wire';
import type { Hono } from 'hono';
import type { RouteContext } from '../context';
import type { Env } from '../http';

export function publicRoutes(app: Hono<Env>, ctx: RouteContext): void {
  const { db, config } = ctx;

  app.get('/', (c) => c.json({ message: `Backend is working as expected (${config.version})` }));

  app.get('/healthcheck', async (c) => {
    const ok = await db.query('SELECT 1').then(
      () => true,
      () => false,
    );
    return c.json({ healthy: ok, databaseConnected: ok }, ok ? 200 : 503);
  });

  app.get('/meta', (c) =>
    c.json({
      name: config.name,
      ...(config.description ? { description: config.description } : {}),
      version: config.version,
      hasCaptcha: config.captcha.enabled,
      ...(config.captcha.enabled && config.captcha.clientKey ? { captchaClientKey: config.captcha.clientKey } : {}),
    } satisfies MetaResponse),
  );
}
