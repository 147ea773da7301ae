/**
 * The account server (movie-web backend API, docs/behaviour.md#backend-api-account-server): one app factory that sets
 * up the shared middleware (request log, route metrics, CORS, body limits), the shared route context
 * (./context.ts) and the route groups of ./routes/, and turns errors into the wire format.
 */
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { cors } from 'hono/cors';
import { HTTPException } from 'hono/http-exception';
import { matchedRoutes } from 'hono/route';
import { logRequests } from '../lib/serve';
import type { BackendConfig } from './config';
import { createRouteContext, type AppDeps } from './context';
import { ApiError, ValidationError, type Env } from './http';
import { authRoutes } from './routes/auth';
import { bookmarkRoutes } from './routes/bookmarks';
import { metricsRoutes } from './routes/metrics';
import { progressRoutes } from './routes/progress';
import { publicRoutes } from './routes/public';
import { settingsRoutes } from './routes/settings';
import { userRoutes } from './routes/users';

export { ApiError } from './http';
export type { AppDeps } from './context';

export function createApp(deps: AppDeps): { app: Hono<Env>; close: () => void } {
  const { config, log } = deps;
  const app = new Hono<Env>();
  const ctx = createRouteContext(deps);
  const { metrics } = ctx;

  logRequests(app, log);

  app.use('*', async (c: Context<Env>, next) => {
    const started = performance.now();
    await next();
    const route = matchedRoutes(c)[c.req.routeIndex];
    const label = route && route.method !== 'ALL' ? route.path : 'unmatched';
    metrics.observe(c.req.method, label, c.res.status, (performance.now() - started) / 1000);
  });

  app.use(
    '*',
    cors({
      origin: (origin) => (isAllowedOrigin(origin, config) ? origin : null),
      credentials: true,
      allowMethods: ['GET', 'HEAD', 'PUT', 'PATCH', 'POST', 'DELETE'],
      maxAge: 600,
    }),
  );

  const tooLarge = (c: Context<Env>) => c.json({ errorType: 'message', message: 'Request body is too large' }, 413);
  const limitStreamedBody = bodyLimit({ maxSize: config.bodyLimitBytes, onError: tooLarge });
  // hono's bodyLimit reads `c.req.raw.body`, which makes @hono/node-server build a full fetch Request
  // (web streams, an AbortSignal) for every request. A body with a Content-Length (Node's parser
  // holds it to exactly that length) is checked from the header alone, and read later straight from
  // the socket; a chunked body still goes through bodyLimit, which counts it as it arrives.
  app.use('*', async (c: Context<Env, string>, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD' || c.req.method === 'OPTIONS') return next();
    const length = c.req.header('content-length');
    if (length !== undefined && c.req.header('transfer-encoding') === undefined) {
      return Number(length) > config.bodyLimitBytes ? tooLarge(c) : next();
    }
    return limitStreamedBody(c, next);
  });

  /** Authentication, checked by the routes that need it: 400 for a malformed or forged token, 401 for no token or a dead session. */

  publicRoutes(app, ctx);
  metricsRoutes(app, ctx);
  authRoutes(app, ctx);
  userRoutes(app, ctx);
  bookmarkRoutes(app, ctx);
  progressRoutes(app, ctx);
  settingsRoutes(app, ctx);

  app.notFound((c) =>
    c.json(
      {
        errorType: 'message',
        message: `Route ${c.req.method}:${new URL(c.req.url).pathname} not found`,
        error: 'Not Found',
        statusCode: 404,
      },
      404,
    ),
  );

  app.onError((error, c) => {
    if (error instanceof ApiError) {
      return c.json({ errorType: 'message', message: error.message }, error.status as 400, error.headers);
    }
    if (error instanceof ValidationError) return c.json({ errorType: 'validation', errors: error.issues }, 400);
    if (error instanceof HTTPException && error.status < 500) {
      return c.json({ errorType: 'message', message: error.message || 'Bad request' }, error.status);
    }
    log(`error ${c.req.method} ${new URL(c.req.url).pathname}: ${error instanceof Error ? error.stack : String(error)}`);
    return c.json({ errorType: 'message', message: 'Internal server error' }, 500);
  });

  return {
    app,
    close: () => {
      ctx.close();
    },
  };
}

function isAllowedOrigin(origin: string, config: BackendConfig): boolean {
  if (!origin) return false;
  if (config.corsAnyOrigin || config.corsOrigins.includes(origin)) return true;
  if (!config.corsAnyLocalhost) return false;
  try {
    const url = new URL(origin);
    return (url.protocol === 'http:' || url.protocol === 'https:') && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
  } catch {
    return false;
  }
}
