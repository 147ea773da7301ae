import { Hono } from 'hono';
import { cors } from 'hono/cors';
import { listen, logRequests } from '../lib/serve';
import type { StartService } from '../types';
import { SHOWS } from '../catalog/data';
import { LONG_SHOW } from '../media/library';

/** Intro skip time (seconds) of an episode known to the skips service, by IMDb id of the show. */
export function introSkipSeconds(imdbId: string, season: number, episode: number): number | undefined {
  const show = SHOWS.find((s) => s.imdbId === imdbId);
  const known = show?.seasons.find((s) => s.number === season && s.number > 0)?.episodes.find((e) => e.number === episode);
  if (!show || !known) return undefined;
  // Some episodes have no known intro (cold opens): every 4th.
  if (episode % 4 === 0) return undefined;
  // The long show's episodes (tens of minutes) have real-sized intros, 45 s to 2 min; the
  // clips' intros end inside their 12-16 s.
  if (show.id === LONG_SHOW.tmdbId) return 45 + ((show.id + season * 7 + episode * 29) % 76);
  return 5 + ((show.id + season * 7 + episode * 3) % 9);
}

/**
 * The skips service: GET /{imdbId}/{season}/{episode} → { introSkipTime: "85s" } or 404.
 * Failure injection for retry tests: POST /__control/fail?times=N (the next N lookups answer 500),
 * or SKIPS_FAIL_TIMES=N in the environment (at start). POST /__control/reset clears it.
 */
export const start: StartService = async (options) => {
  let failuresLeft = Number(options.env.SKIPS_FAIL_TIMES) || 0;
  const app = new Hono();
  logRequests(app, options.log);
  app.use('*', cors({ origin: '*', allowMethods: ['GET', 'POST', 'OPTIONS'] }));
  app.get('/', (c) => c.json({ service: 'skips', usage: 'GET /{imdbId}/{season}/{episode}' }));
  app.post('/__control/fail', (c) => {
    const times = Number(c.req.query('times') ?? '1');
    if (!Number.isInteger(times) || times < 0) return c.json({ error: 'times must be a non-negative integer' }, 400);
    failuresLeft = times;
    return c.json({ failuresLeft });
  });
  app.post('/__control/reset', (c) => {
    failuresLeft = 0;
    return c.json({ failuresLeft });
  });
  app.get('/:imdbId{tt[0-9]+}/:season{[0-9]+}/:episode{[0-9]+}', (c) => {
    if (failuresLeft > 0) {
      failuresLeft -= 1;
      return c.json({ error: 'Internal Server Error (injected)' }, 500);
    }
    const seconds = introSkipSeconds(c.req.param('imdbId'), Number(c.req.param('season')), Number(c.req.param('episode')));
    if (seconds === undefined) return c.json({ error: 'Not found' }, 404);
    return c.json({ introSkipTime: `${seconds}s` });
  });
  app.notFound((c) => c.json({ error: 'Not found' }, 404));
  return listen('skips', app, options);
};
