// @vitest-environment jsdom
/**
 * The playing screen against the real player in jsdom: touch double taps, the end of a film, the
 * resume prompt of an episode, what the live region says, the big play button while a play is asked
 * for, where the captions menu puts its settings, and when the settings menu offers audio.
 */
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { usePlayer, type PlayerMeta } from './player.store';
import { renderPlayer } from './testing/render-player';
import { usePlaybackEffects } from './use-playback';

afterEach(cleanup);

const movie: PlayerMeta = { media: { type: 'movie', title: 'Nosferatu', tmdbId: '653' }, scrape: null };
const episode: PlayerMeta = {
  ...movie,
  media: { type: 'show', title: 'Invented Show', tmdbId: '9001' },
  episode: {
    season: { id: 's2', number: 2, title: 'Season 2' },
    episode: { id: 'e5', number: 5, title: 'Five' },
    seasonNumber: 2,
    episodeNumber: 5,
  },
};

/** The picture is 400 px wide (jsdom lays nothing out). */
function pictureWidth(video: HTMLElement) {
  const shell = screen.getByTestId('player');
  shell.getBoundingClientRect = () => ({
    left: 0,
    top: 0,
    width: 400,
    height: 300,
    right: 400,
    bottom: 300,
    x: 0,
    y: 0,
    toJSON: () => ({}),
  });
  return (x: number) => fireEvent.pointerDown(video, { pointerType: 'touch', clientX: x, clientY: 150 });
}

describe('double tap on a touch screen', () => {
  it('two quick taps on the right half go forward 10 s, on the left half back 10 s; a single tap only shows the controls', async () => {
    const { player, playStream, video, update } = renderPlayer();
    await playStream(120, 50);
    const tap = pictureWidth(video);
    await update(() => tap(300));
    expect(player.engine.state.time).toBe(50);
    expect(player.ui.hover).toBe('mobile');
    await update(() => tap(320));
    expect(player.engine.state.time).toBe(60);
    expect(player.ui.hover).toBe('none'); // as before the first tap of the double tap
    expect(screen.getByTestId('tap-seek').textContent).toBe('10 s');
    await update(() => tap(320));
    expect(player.engine.state.time).toBe(70);
    expect(screen.getByTestId('tap-seek').textContent).toBe('20 s');
    await update(() => tap(80));
    await update(() => tap(90));
    expect(player.engine.state.time).toBe(60);
    expect(screen.getByTestId('tap-seek').getAttribute('data-direction')).toBe('back');
  });

  it('a double tap does not toggle fullscreen; a double click does', async () => {
    const { playStream, video } = renderPlayer();
    await playStream(120, 50);
    let requested = 0;
    screen.getByTestId('player').requestFullscreen = () => {
      requested++;
      return Promise.resolve();
    };
    fireEvent.pointerDown(video, { pointerType: 'touch' });
    fireEvent.doubleClick(video);
    expect(requested).toBe(0);
    fireEvent.pointerDown(video, { pointerType: 'mouse' });
    fireEvent.doubleClick(video);
    expect(requested).toBe(1);
  });
});

describe('the end of the video', () => {
  it('a movie that ended says so and offers to watch again or go back', async () => {
    const { player, playStream, report, update, navigations } = renderPlayer({ hooks: { backUrl: '/browse/nosferatu' } });
    await update(() => (player.ui.meta = movie));
    await playStream(16, 15.9);
    await report('play');
    await report('ended', { paused: true, currentTime: 16 });
    const ended = screen.getByRole('group', { name: 'The movie has ended.' });
    expect(screen.getByTestId('player-announcer').textContent).toBe('The movie has ended.');
    fireEvent.click(within(ended).getByRole('link', { name: 'Back' }));
    expect(navigations).toEqual(['/browse/nosferatu']);
    await update(() => fireEvent.click(within(ended).getByRole('button', { name: 'Watch again' })));
    expect(player.engine.state.time).toBe(0);
    expect(player.engine.state.playing).toBe(true);
    expect(screen.queryByRole('group', { name: 'The movie has ended.' })).toBeNull();
  });

  it('an episode that ended with a next one (autoplay off) offers the next episode', async () => {
    const goneTo: string[] = [];
    const { player, playStream, report, update, actions } = renderPlayer({
      hooks: {
        nextEpisode: { seasonId: 's2', episodeId: 'e6', title: 'Six' },
        goToEpisode: (season, id) => void goneTo.push(`${season}/${id}`),
      },
    });
    await update(() => {
      actions.setPreferences({ enableAutoplay: false });
      player.ui.meta = episode;
    });
    await playStream(16, 15.9);
    await report('play');
    await report('ended', { paused: true, currentTime: 16 });
    const ended = screen.getByRole('group', { name: 'The episode has ended.' });
    fireEvent.click(within(ended).getByRole('button', { name: 'Next episode' }));
    expect(goneTo).toEqual(['s2/e6']);
  });
});

/** What the watch page runs beside the screen (saving progress, playing on at the end). */
function PlaybackEffects() {
  usePlaybackEffects(usePlayer());
  return null;
}

describe('the end of an episode with autoplay on', () => {
  it.each([
    [true, ['s2/e6 auto']],
    [false, []],
  ])('plays on into the next one only when the site allows autoplay (allowed: %s)', async (allowAutoplay, expected) => {
    const goneTo: string[] = [];
    const { player, playStream, report, update, stores, actions } = renderPlayer({
      config: { allowAutoplay },
      children: <PlaybackEffects />,
      hooks: {
        nextEpisode: { seasonId: 's2', episodeId: 'e6', title: 'Six' },
        goToEpisode: (season, id, options) => void goneTo.push(`${season}/${id}${options?.auto ? ' auto' : ''}`),
      },
    });
    await update(() => {
      actions.setPreferences({ enableSkipCredits: false }); // the end itself, not the credits, plays on
      player.ui.meta = episode;
    });
    expect(stores.preferences.enableAutoplay, "the person's own setting is on").toBe(true);
    await playStream(16, 15.9);
    await report('play');
    await report('ended', { paused: true, currentTime: 16 });
    expect(goneTo).toEqual(expected);
    // Not played on: the end card offers the next episode instead.
    expect(screen.queryByRole('group', { name: 'The episode has ended.' }) !== null).toBe(!allowAutoplay);
  });
});

describe('what the screen says', () => {
  it('the resume prompt of an episode names the episode', async () => {
    const { player, playStream, update } = renderPlayer();
    await update(() => {
      player.ui.meta = episode;
      player.ui.resumeFrom = 300;
    });
    await playStream(1200, 300);
    expect(screen.getByTestId('resume-prompt').textContent).toContain('Resumed \u2068S2 E5\u2069 at 5:00');
  });

  it('the live region follows the search for a stream, then says the video is ready', async () => {
    const { player, playStream, update } = renderPlayer();
    const announcer = screen.getByTestId('player-announcer');
    expect(announcer.getAttribute('aria-live')).toBe('polite');
    await update(() => {
      player.dispatch({ type: 'setMeta' });
      player.ui.progress = {
        runId: 'r',
        order: ['local'],
        current: 'local',
        done: false,
        sources: { local: { id: 'local', name: 'Local library', status: 'pending', percentage: 0, children: [] } },
      };
    });
    expect(announcer.textContent).toBe('Checking \u2068Local library\u2069…');
    await playStream(16, 0);
    expect(announcer.textContent).toBe('The video is ready to play.');
  });
});

describe('the big play button', () => {
  it('waits while a play is asked for (a spinner instead), and shows when it is not', async () => {
    const { player, playStream, update } = renderPlayer();
    await playStream(16, 0);
    expect(screen.getByTestId('big-play')).toBeTruthy();
    await update(() => (player.engine.state.playRequested = true));
    expect(screen.queryByTestId('big-play')).toBeNull();
    expect(screen.getByRole('status', { name: 'Loading…' })).toBeTruthy();
  });
});

describe('the captions menu', () => {
  it('puts Subtitle settings first, above the list of captions of any length', async () => {
    const { player, playStream, update } = renderPlayer();
    await playStream(16, 0);
    await update(() => {
      player.ui.menu.id = 'settings';
      player.ui.menu.route = '/captionsOverlay';
    });
    const menu = screen.getByRole('dialog', { name: 'Subtitles' });
    const labels = within(menu)
      .getAllByRole('button')
      .map((b) => b.textContent);
    expect(labels.indexOf('Subtitle settings')).toBeLessThan(labels.indexOf('Off'));
  });
});

describe('the settings menu', () => {
  it('offers the audio menu from one audio track on, with the track playing', async () => {
    const { player, playStream, update } = renderPlayer();
    await playStream(16, 0);
    await update(() => {
      player.ui.menu.id = 'settings';
      player.ui.menu.route = '/';
    });
    expect(screen.queryByTestId('menu-audio')).toBeNull();
    await update(() => {
      player.engine.state.audioTracks = [{ id: 'a0', label: 'English', language: 'en' }];
      player.engine.state.audioTrack = 'a0';
    });
    expect(screen.getByTestId('menu-audio').textContent).toContain('English');
  });
});

describe('the focus when the big play button goes', () => {
  it('moves to the play and pause control, not to the page', async () => {
    const { playStream, report } = renderPlayer();
    await playStream(16, 0);
    const big = screen.getByTestId('big-play');
    big.focus();
    fireEvent.click(big);
    await report('playing');
    expect(screen.queryByTestId('big-play')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Pause' }));
  });
});
