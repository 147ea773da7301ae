// @vitest-environment jsdom
/**
 * The resume prompt against the rendered player: a title with saved progress plays from there and says
 * so, with a way to start from the beginning; the saved position is checked against the stream's own
 * duration.
 */
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { usePlayer, type PlayerMeta } from './player.store';
import { renderPlayer } from './testing/render-player';
import { usePlaybackEffects } from './use-playback';

afterEach(cleanup);

const movie: PlayerMeta = { media: { type: 'movie', title: 'Nosferatu', tmdbId: '653' }, scrape: null };

/** What runs beside the screen on the watch page (the check of the saved place among it). */
function PlaybackEffects() {
  usePlaybackEffects(usePlayer());
  return null;
}

/** The watch page found progress saved at `at` seconds and plays the stream from there. */
async function resumedAt(at: number, duration: number) {
  const view = renderPlayer({ children: <PlaybackEffects /> });
  await view.update(() => {
    view.player.ui.meta = movie;
    view.player.ui.resumeFrom = at;
  });
  await view.playStream(duration, at);
  return view;
}

describe('the resume prompt', () => {
  it('says where playback resumed; playing on keeps that place, and the prompt goes 10 s later', async () => {
    const { player, media, report } = await resumedAt(300, 1200);
    const prompt = screen.getByTestId('resume-prompt');
    expect(prompt.textContent).toContain('Resumed at 5:00');
    expect(within(prompt).getByRole('button', { name: 'Start from beginning' })).toBeTruthy();
    expect(player.engine.state.time).toBe(300);
    await report('play');
    await report('timeupdate', { currentTime: 309 });
    expect(screen.getByTestId('resume-prompt')).toBeTruthy();
    await report('timeupdate', { currentTime: 310 });
    expect(screen.queryByTestId('resume-prompt')).toBeNull();
    expect(media.facts.currentTime).toBe(310);
  });

  it('"Start from beginning" goes back to 0 and the prompt goes', async () => {
    const { player, media, update } = await resumedAt(300, 1200);
    await update(() => void fireEvent.click(screen.getByRole('button', { name: 'Start from beginning' })));
    expect(media.facts.currentTime).toBe(0);
    expect(player.engine.state.time).toBe(0);
    expect(screen.queryByTestId('resume-prompt')).toBeNull();
  });

  it('a saved place past the end of this stream (another cut) starts from the beginning, without a prompt', async () => {
    const { player, media } = await resumedAt(1000, 600);
    expect(media.facts.currentTime).toBe(0);
    expect(player.engine.state.time).toBe(0);
    expect(screen.queryByTestId('resume-prompt')).toBeNull();
  });

  it('a saved place within 120 s of the end of this stream starts from the beginning, without a prompt', async () => {
    const { media } = await resumedAt(500, 600);
    expect(media.facts.currentTime).toBe(0);
    expect(screen.queryByTestId('resume-prompt')).toBeNull();
  });
});
