/**
 * A watch link plays sooner when hls.js, most of the player's JavaScript, is fetched while the title is
 * still being looked up rather than once a stream is found: the player asks for it before the scrape
 * asks the media library for the title.
 */
import { expect, test } from '../support/site.fixture';

test('a watch link asks for hls.js before the scrape asks the media library for the title', async ({ page, site }) => {
  const order: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.origin === new URL(site.remoteUrls.player).origin && /\/hls\.[0-9a-f]+\.js$/.test(url.pathname)) order.push('hls.js');
    if (/^\/index\/movie\/653$/.test(url.pathname)) order.push('media library');
  });
  await page.goto(`${site.hostUrl}/media/tmdb-movie-653-nosferatu`);
  await expect.poll(() => order.length, { timeout: 30_000 }).toBeGreaterThanOrEqual(2);
  expect(order.slice(0, 2)).toEqual(['hls.js', 'media library']);
});
