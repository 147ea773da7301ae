/**
 * The remote scraping server (docs/behaviour.md#scraping-flow): the product's own engine (remote-player/src/core/scraping,
 * imported, not copied) run in Node, its events sent as server-sent events. `event:` is the event's
 * type and `data:` the event as JSON, exactly what the worker emits; the last one is `done` with the result.
 */
import { Hono, type Context } from 'hono';
import { cors } from 'hono/cors';
import { streamSSE } from 'hono/streaming';
import { logRequests } from '../lib/serve';
import { mediaFromQuery, optionsFromQuery } from 'scraping-core/fetchers/remote';
import { cancel, listProviders, runAll, runEmbed, runSource } from 'scraping-core/scraper';
import type { ProviderSettings, ScrapeEvent, ScrapeOptions } from 'scraping-core/types';

export interface ScraperConfig {
  /** Read per request: services started after this one count. */
  settings: () => ProviderSettings;
  /** When set, requests need this captcha (Turnstile) token in `cf-turnstile-response` (or `?token=`). */
  captchaToken?: string;
  reportUrl?: string;
  log: (line: string) => void;
}

let serial = 0;

export function createScraperApp(config: ScraperConfig): Hono {
  const app = new Hono();
  logRequests(app, config.log);
  app.use('*', cors({ origin: '*', allowHeaders: ['cf-turnstile-response', 'Content-Type', 'Accept'], maxAge: 86400 }));

  const providers = () => listProviders({ settings: config.settings(), local: true }, { target: 'browser' });
  app.get('/', async (c) =>
    c.json({
      service: 'scraper',
      description: 'Remote scraping server: the product engine over server-sent events.',
      endpoints: ['/metadata', '/scrape', '/scrape/source?id', '/scrape/embed?id&url'],
      hasCaptcha: Boolean(config.captchaToken),
      providers: await providers(),
    }),
  );
  /** The provider list the source menu shows. */
  app.get('/metadata', async (c) => c.json(await providers()));

  const captcha = async (c: Context, next: () => Promise<void>) => {
    if (config.captchaToken && (c.req.header('cf-turnstile-response') ?? c.req.query('token')) !== config.captchaToken)
      return c.json({ error: 'captcha_failed', message: 'captcha token missing or invalid' }, 403);
    return next();
  };
  app.use('/scrape', captcha);
  app.use('/scrape/*', captcha);

  /** Streams one run: events as they come, `done` last; a client that goes away cancels the run. */
  const stream = (c: Context, work: (options: ScrapeOptions, onEvent: (e: ScrapeEvent) => void) => Promise<unknown>) => {
    const params = new URL(c.req.url).searchParams;
    serial += 1;
    const runId = `server-${Date.now().toString(36)}-${serial}`;
    const options: ScrapeOptions = {
      ...optionsFromQuery(params),
      runId,
      local: true,
      settings: config.settings(),
      ...(config.reportUrl ? { reportUrl: config.reportUrl } : {}),
    };
    return streamSSE(c, async (sse) => {
      sse.onAbort(() => {
        cancel(runId);
      });
      // Writes are chained so events leave in order even though the engine does not wait for them.
      let chain = Promise.resolve();
      const onEvent = (event: ScrapeEvent) => {
        chain = chain.then(() => sse.writeSSE({ event: event.type, data: JSON.stringify(event) })).catch(() => undefined);
      };
      await work(options, onEvent);
      await chain;
    });
  };

  const badRequest = (c: Context, message: string) => c.json({ error: 'bad_request', message }, 400);

  app.get('/scrape', (c) => {
    const media = mediaFromQuery(new URL(c.req.url).searchParams);
    if (!media.ok) return badRequest(c, media.error.message);
    return stream(c, (options, onEvent) => runAll(media.value, options, { onEvent, forOtherIp: true }));
  });
  app.get('/scrape/source', (c) => {
    const id = c.req.query('id');
    const media = mediaFromQuery(new URL(c.req.url).searchParams);
    if (!id) return badRequest(c, 'id is required');
    if (!media.ok) return badRequest(c, media.error.message);
    return stream(c, (options, onEvent) => runSource(id, media.value, options, { onEvent, forOtherIp: true }));
  });
  app.get('/scrape/embed', (c) => {
    const id = c.req.query('id');
    const url = c.req.query('url');
    if (!id || !url) return badRequest(c, 'id and url are required');
    return stream(c, (options, onEvent) => runEmbed(id, url, options, { onEvent, forOtherIp: true }));
  });

  app.notFound((c) => c.json({ error: 'not_found' }, 404));
  return app;
}
