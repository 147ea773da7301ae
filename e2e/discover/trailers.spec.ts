/**
 * Trailers from YouTube and Vimeo in TMDB's videos (docs/behaviour.md#details-content): the details
 * modal shows them behind a click, loads nothing of the site before it, plays the privacy-enhanced
 * embed, and says so (with a link to the site) when the embed does not load. YouTube cannot be reached
 * here: its embed page is stood in for by a page that speaks the IFrame API's handshake (`listening` →
 * `onReady`).
 */
import type { Page } from '@playwright/test';
import { detailsModal, openDiscover } from '../support/discover.page';
import { expect, test } from '../support/site.fixture';

const YOUTUBE_ID = 'dQw4w9WgXcQ';

/** The catalog's answer for Nosferatu, with a YouTube trailer as TMDB lists them; IMDb unreachable. */
async function youtubeTrailerFor(page: Page) {
  await page.route('**/3/movie/653?**', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as Record<string, unknown>;
    body.videos = {
      results: [{ iso_639_1: 'en', name: 'Official Trailer', key: YOUTUBE_ID, site: 'YouTube', type: 'Trailer', official: true, id: 'v1' }],
    };
    await route.fulfill({ response, json: body });
  });
  await page.route('**/?destination=**', (route) => route.fulfill({ status: 502, body: '{"error":"upstream_unreachable"}' }));
}

const STAND_IN = `<!doctype html><title>player</title><body>stand-in player<script>
addEventListener('message', (event) => {
  let data; try { data = JSON.parse(event.data); } catch { return; }
  if (data.event === 'listening') parent.postMessage(JSON.stringify({ event: 'onReady', id: data.id, channel: 'widget' }), '*');
});
</script></body>`;

test('a YouTube trailer plays behind a click, on the privacy-enhanced host, and nothing loads before', async ({ page, site }) => {
  await youtubeTrailerFor(page);
  const embedRequests: string[] = [];
  page.on('request', (request) => /youtube/.test(new URL(request.url()).hostname) && embedRequests.push(request.url()));
  await page.route('https://www.youtube-nocookie.com/embed/**', (route) => route.fulfill({ contentType: 'text/html', body: STAND_IN }));
  await openDiscover(page, site.hostUrl, '?m=details-tmdb-movie-653');
  const modal = detailsModal(page);
  await expect(modal.getByTestId('trailer-start')).toContainText('Play trailer');
  await expect(modal.getByTestId('trailer-start')).toContainText('from YouTube');
  await page.waitForTimeout(500);
  expect(embedRequests).toEqual([]);

  await modal.getByTestId('trailer-start').click();
  const frame = modal.getByTestId('details-trailer-embed');
  await expect(frame).toHaveAttribute(
    'src',
    new RegExp(`^https://www\\.youtube-nocookie\\.com/embed/${YOUTUBE_ID}\\?autoplay=1&enablejsapi=1`),
  );
  await expect(frame).toHaveAttribute('title', 'Trailer of Nosferatu');
  await expect(frame).toHaveAttribute('data-state', 'ready');
  expect(embedRequests.every((url) => url.startsWith('https://www.youtube-nocookie.com/'))).toBe(true);
});

test('an embed that does not load: a clear message and a link to watch the trailer on YouTube', async ({ page, site }) => {
  await youtubeTrailerFor(page);
  await page.route('https://www.youtube-nocookie.com/embed/**', (route) => route.abort('internetdisconnected'));
  await openDiscover(page, site.hostUrl, '?m=details-tmdb-movie-653');
  const modal = detailsModal(page);
  await modal.getByTestId('trailer-start').click();
  const failed = modal.getByTestId('trailer-failed');
  await expect(failed).toContainText('The trailer could not load here.', { timeout: 15_000 });
  await expect(failed.getByRole('link', { name: 'Watch it on YouTube' })).toHaveAttribute(
    'href',
    `https://www.youtube.com/watch?v=${YOUTUBE_ID}`,
  );
  await expect(modal.getByTestId('details-trailer-embed')).toHaveCount(0);
  // The rest of the modal works as before.
  await expect(modal.getByTestId('details-play')).toBeVisible();
});
