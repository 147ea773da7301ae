// @vitest-environment jsdom
/**
 * The OpenSubtitles page of the captions menu against the real player and the OpenSubtitles stand-in:
 * an episode is searched by its show's ids, and its files listed by the name of their language in the
 * page's language, the release isolated from the page's direction; a service that is down, answers
 * garbage or refuses the key is said in the menu while the video plays on.
 */
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_OPENSUBTITLES_API_KEY } from 'services/opensubtitles';
import { startServices, type RunningServices } from 'services/run';
import { openMenu, setMeta } from '../player.actions';
import type { PlayerMeta } from '../player.store';
import { renderPlayer } from '../testing/render-player';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mw-os-menu-'));
let services: RunningServices;
let origin: string;

beforeAll(async () => {
  services = await startServices({ names: ['opensubtitles'], ports: { opensubtitles: 0 }, dataDir, log: () => undefined });
  origin = services.urls.opensubtitles!;
});
afterAll(async () => {
  await services?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});
afterEach(async () => {
  cleanup();
  await fetch(`${origin}/__control/reset`, { method: 'POST' });
});

const movie: PlayerMeta = { media: { type: 'movie', title: 'Nosferatu', tmdbId: '653' }, scrape: null };
const episode: PlayerMeta = {
  media: { type: 'show', title: 'Copper Station', tmdbId: '910001' },
  scrape: null,
  episode: {
    season: { id: 's1', number: 1, title: 'Season 1' },
    episode: { id: 'e1', number: 1, title: 'One' },
    seasonNumber: 1,
    episodeNumber: 1,
  },
};

/** The player playing `meta`, its captions menu open on the OpenSubtitles page. */
async function openSubtitlesPage(meta: PlayerMeta, options: { language?: 'en' | 'ar'; apiKey?: string } = {}) {
  const view = renderPlayer({
    language: options.language ?? 'en',
    config: { opensubtitlesUrl: `${origin}/api/v1`, opensubtitlesApiKey: options.apiKey ?? LOCAL_OPENSUBTITLES_API_KEY },
  });
  await view.playStream(120, 5);
  await view.update(() => {
    setMeta(view.player, meta);
    openMenu(view.player, 'settings', '/captions/opensubtitles');
  });
  return view;
}

const breakService = (mode: 'down' | 'garbage') => fetch(`${origin}/__control/break?mode=${mode}`, { method: 'POST' });

describe('the OpenSubtitles page', () => {
  it("in Arabic, an episode: its show's files, by the Arabic name of their language, the release in a bidi isolate", async () => {
    await openSubtitlesPage(episode, { language: 'ar' });
    const option = await screen.findByTestId('caption-opensubtitles-9200005', {}, { timeout: 10_000 });
    expect(option.textContent).toContain('الإنجليزية');
    const release = option.querySelector('bdi');
    expect(release?.textContent).toBe('Files.of.the.Northern.Street.S01E01.WEB');
  });

  it.each([
    ['down', 'OpenSubtitles could not be reached. Try again later.'],
    ['garbage', 'OpenSubtitles sent an answer that could not be read.'],
  ] as const)('a service that is %s: the menu says so, no list, and the video plays on', async (mode, text) => {
    await breakService(mode);
    const { player } = await openSubtitlesPage(movie);
    const error = await screen.findByTestId('opensubtitles-error', {}, { timeout: 10_000 });
    expect(error.textContent).toBe(text);
    expect(screen.queryByTestId('opensubtitles-none')).toBeNull();
    expect(screen.getByTestId('opensubtitles-retry')).toBeTruthy();
    expect(player.ui.status.status).toBe('playing');
  });

  it('a key the service refuses: the menu says so', async () => {
    await openSubtitlesPage(movie, { apiKey: 'not-a-key' });
    const error = await screen.findByTestId('opensubtitles-error', {}, { timeout: 10_000 });
    expect(error.textContent).toBe('OpenSubtitles refused this site’s API key.');
  });

  it('"Try again" finds the captions once the service is back', async () => {
    await breakService('down');
    await openSubtitlesPage(movie);
    const menu = document.querySelector('[data-router="settings"]') as HTMLElement;
    await screen.findByTestId('opensubtitles-error', {}, { timeout: 10_000 });
    await fetch(`${origin}/__control/reset`, { method: 'POST' });
    within(menu).getByTestId('opensubtitles-retry').click();
    await waitFor(() => expect(screen.getByTestId('caption-opensubtitles-9200001')).toBeTruthy(), { timeout: 10_000 });
    expect(screen.queryByTestId('opensubtitles-error')).toBeNull();
  });
});
