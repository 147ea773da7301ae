// @vitest-environment jsdom
/**
 * The player's failure screens against the real player in jsdom: no stream found (for a film, for an
 * episode chosen by hand or reached by autoplay, for a run the captcha stopped), and a playback error.
 * None is a dead end: each offers a way back, home and an alternative.
 */
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import de from '../../locales/de.json';
import { setMeta, setScrapeError, setSkippedEpisodes, stopAutoplay } from './player.actions';
import type { EpisodeLink, PlayerMeta } from './player.store';
import { renderPlayer } from './testing/render-player';

afterEach(() => {
  cleanup();
  window.history.replaceState(null, '', '/');
});

const movie: PlayerMeta = { media: { type: 'movie', title: 'Nosferatu', tmdbId: '653' }, scrape: null };
const episode: PlayerMeta = {
  media: { type: 'show', title: 'Copper Station', tmdbId: '910001' },
  scrape: null,
  episode: {
    season: { id: 's1', number: 1, title: 'Season 1' },
    episode: { id: 'e2', number: 2, title: 'Two' },
    seasonNumber: 1,
    episodeNumber: 2,
  },
};
const next: EpisodeLink = { seasonId: 's1', episodeId: 'e3', title: 'Three' };
const previous: EpisodeLink = { seasonId: 's1', episodeId: 'e1', title: 'One' };

/** The player looked up `meta` and its run ended without a stream (`error`, when the run said why). */
function notFound(meta: PlayerMeta, options: Parameters<typeof renderPlayer>[0] = {}) {
  const view = renderPlayer(options);
  return {
    ...view,
    ended: (error?: Parameters<typeof setScrapeError>[1]) =>
      view.update(() => {
        view.player.dispatch({ type: 'setMeta' });
        setMeta(view.player, meta);
        if (error) setScrapeError(view.player, error);
        view.player.dispatch({ type: 'scrapeNotFound' });
      }),
  };
}

describe('no stream found', () => {
  it('for a film: back, home and a search for its title; no episodes to offer', async () => {
    const { ended, navigations } = notFound(movie);
    await ended();
    const page = screen.getByTestId('scrape-not-found');
    expect(within(page).getByRole('heading').textContent).toBe("Couldn't find a stream");
    expect(within(page).getByTestId('way-out-home').getAttribute('href')).toBe('/');
    expect(within(page).queryByTestId('way-out-next')).toBeNull();
    expect(within(page).queryByTestId('way-out-previous')).toBeNull();
    const search = within(page).getByTestId('way-out-search');
    expect(search.textContent).toBe('Search for “Nosferatu”');
    fireEvent.click(search);
    expect(navigations).toEqual(['/browse/Nosferatu']);
  });

  it('back leads to where the link said the person came from, else home', async () => {
    window.history.replaceState(null, '', '/media/tmdb-movie-653?back=%2Fdiscover');
    const first = notFound(movie, { hooks: { backUrl: '/discover' } });
    await first.ended();
    fireEvent.click(screen.getByTestId('way-out-back'));
    expect(first.navigations).toEqual(['/discover']);
    cleanup();

    window.history.replaceState(null, '', '/media/tmdb-movie-653');
    const second = notFound(movie);
    await second.ended();
    fireEvent.click(screen.getByTestId('way-out-back'));
    expect(second.navigations).toEqual(['/']);
  });

  it('shows the details of why on demand, and hides them again', async () => {
    const { ended } = notFound(movie);
    await ended({ code: 'scrape/not-found', message: 'not found', detail: 'no source gave a playable stream' });
    const show = screen.getByRole('button', { name: 'Show details' });
    expect(screen.queryByTestId('scrape-error-details')).toBeNull();
    fireEvent.click(show);
    expect(show.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByTestId('scrape-error-details').textContent).toBe('scrape/not-found: not found\nno source gave a playable stream');
    fireEvent.click(show);
    expect(screen.queryByTestId('scrape-error-details')).toBeNull();
  });

  it('for an episode chosen by hand: the previous and next episodes are offered, and no autoplay message', async () => {
    const chosen: string[] = [];
    const { ended } = notFound(episode, {
      hooks: { nextEpisode: next, previousEpisode: previous, goToEpisode: (s, e) => void chosen.push(`${s}/${e}`) },
    });
    await ended();
    expect(screen.queryByTestId('autoplay-stopped')).toBeNull();
    fireEvent.click(screen.getByTestId('way-out-previous'));
    fireEvent.click(screen.getByTestId('way-out-next'));
    expect(chosen).toEqual(['s1/e1', 's1/e3']);
  });

  it('where autoplay stopped: it says so and names the episodes it passed over', async () => {
    const { ended, update, player } = notFound(episode, { hooks: { previousEpisode: previous, goToEpisode: () => {} } });
    await update(() =>
      stopAutoplay(player, [
        { season: 1, episode: 2 },
        { season: 1, episode: 3 },
        { season: 1, episode: 4 },
      ]),
    );
    await ended();
    const page = screen.getByTestId('scrape-not-found');
    expect(screen.getByTestId('autoplay-stopped').textContent).toBe('Autoplay stopped: no stream was found for this episode.');
    expect(page.textContent).toContain('Skipped S1 E2, S1 E3, and S1 E4: no stream was found.');
    expect(within(page).getByTestId('way-out-previous')).toBeTruthy();
  });

  it('a run the captcha stopped says why, with its code in the details', async () => {
    const { ended } = notFound(movie);
    await ended({ code: 'scrape/turnstile', message: 'turnstile: script failed to load' });
    const page = screen.getByTestId('scrape-not-found');
    expect(within(page).getByRole('heading').textContent).toBe("Couldn't load a stream");
    expect(page.textContent).toContain(
      'Failed to verify your humanity - stream failed to load. Clear your cache and try again, or switch to a different source',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Show details' }));
    expect(screen.getByTestId('scrape-error-details').textContent).toBe('scrape/turnstile: turnstile: script failed to load');
  });
});

describe('the episodes autoplay passed over', () => {
  it('are named over the next episode as it starts, the way the language writes them', async () => {
    const { player, playStream, update, i18n } = renderPlayer();
    await playStream(120, 0);
    await update(() => setSkippedEpisodes(player, [{ season: 1, episode: 2 }]));
    expect(screen.getByTestId('autoplay-skipped').textContent).toBe('Skipped S1 E2: no stream was found.');
    i18n.addResourceBundle('de', 'player', de);
    await update(() => void i18n.changeLanguage('de'));
    expect(screen.getByTestId('autoplay-skipped').textContent).toBe('S1 F2 übersprungen: kein Stream gefunden.');
    await update(() => void i18n.changeLanguage('en'));
  });
});

describe('a playback error', () => {
  const failed = async (error: { code?: number; message: string; type?: string }, language: 'en' | 'ar' = 'en') => {
    const view = renderPlayer({ language });
    await view.update(() => {
      view.player.dispatch({ type: 'setMeta' });
      setMeta(view.player, movie);
      view.player.dispatch({ type: 'playMedia' });
      view.player.dispatch({ type: 'playbackError', error });
    });
    return view;
  };

  it('says what failed by its code, and shows the error on demand', async () => {
    await failed({ code: 2, message: 'segment: HTTP 404', type: 'fragLoadError' });
    const page = screen.getByTestId('playback-error');
    expect(page.getAttribute('data-code')).toBe('2');
    expect(screen.getByTestId('playback-error-message').textContent).toBe('A network error stopped the video from loading.');
    expect(within(page).getByRole('button', { name: 'Reload page' })).toBeTruthy();
    fireEvent.click(within(page).getByRole('button', { name: 'Show error' }));
    expect(screen.getByTestId('playback-error-details').textContent).toContain('segment: HTTP 404');
  });

  it('an address that is a web page is said to be no video stream, not a network error, in English and Arabic', async () => {
    await failed({ code: 2, message: 'manifest', type: 'manifestParsingError' });
    expect(screen.getByTestId('playback-error-message').textContent).toBe(
      'This address is a web page or another file, not a video stream.',
    );
    cleanup();
    await failed({ code: 2, message: 'manifest', type: 'manifestParsingError' }, 'ar');
    expect(screen.getByTestId('playback-error-message').textContent).toBe('هذا العنوان صفحة ويب أو ملف آخر، وليس بث فيديو.');
  });

  it('offers another source (the source menu opens), back, home and a search', async () => {
    const { player, update } = await failed({ code: 3, message: 'decode' });
    const page = screen.getByTestId('playback-error');
    expect(within(page).getByTestId('way-out-back')).toBeTruthy();
    expect(within(page).getByTestId('way-out-home')).toBeTruthy();
    expect(within(page).getByTestId('way-out-search').textContent).toBe('Search for “Nosferatu”');
    await update(() => fireEvent.click(within(page).getByTestId('way-out-source')));
    expect(player.ui.menu).toMatchObject({ id: 'settings', route: '/source' });
    expect(document.querySelector('[data-router="settings"]')?.getAttribute('data-route')).toBe('/source');
  });
});
