// @vitest-environment jsdom
/**
 * A YouTube or Vimeo trailer in the details modal waits behind a click: nothing of the site loads before,
 * then the privacy-enhanced embed, ready once its player says so from its own frame; a player that does
 * not say so in time gives a message and a link to the site. A direct video plays in our own <video>
 * with mute and play controls.
 */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { MediaDetails } from 'shared-contracts';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '../../locales/en.json';
import { DetailsHero } from './DetailsHero';

const YOUTUBE_ID = 'dQw4w9WgXcQ';
const details = (trailerUrl: string) =>
  ({ title: 'Nosferatu', trailerUrl, backdrop: 'http://localhost/backdrop.jpg' }) as unknown as MediaDetails;

beforeAll(async () => {
  await i18next.use(initReactI18next).init({ lng: 'en', resources: { en: { discover: en } }, defaultNS: 'discover' });
});
beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const frame = () => screen.queryByTestId<HTMLIFrameElement>('details-trailer-embed');

describe('an embedded trailer', () => {
  it('shows only a start button until pressed, then the privacy-enhanced embed, ready when its player says so', () => {
    render(<DetailsHero details={details(`https://www.youtube.com/watch?v=${YOUTUBE_ID}`)} imdb={null} />);
    const start = screen.getByTestId('trailer-start');
    expect(start.textContent).toContain('Play trailer');
    expect(start.textContent).toContain('from YouTube');
    expect(frame()).toBeNull();
    expect(document.querySelector('iframe')).toBeNull();

    fireEvent.click(start);
    const embed = frame()!;
    expect(embed.getAttribute('src')).toMatch(
      new RegExp(`^https://www\\.youtube-nocookie\\.com/embed/${YOUTUBE_ID}\\?autoplay=1&enablejsapi=1`),
    );
    expect(embed.getAttribute('title')).toBe('Trailer of Nosferatu');
    expect(embed.dataset.state).toBe('loading');
    expect(screen.getByRole('status').textContent).toBe('Loading the trailer…');

    // A ready message from another window or another origin is not the player's.
    const ready = JSON.stringify({ event: 'onReady', id: 1, channel: 'widget' });
    act(() => {
      window.dispatchEvent(new MessageEvent('message', { data: ready, origin: 'https://www.youtube-nocookie.com', source: window }));
    });
    act(() => {
      window.dispatchEvent(new MessageEvent('message', { data: ready, origin: 'https://evil.example', source: embed.contentWindow }));
    });
    expect(frame()!.dataset.state).toBe('loading');
    act(() => {
      window.dispatchEvent(
        new MessageEvent('message', { data: ready, origin: 'https://www.youtube-nocookie.com', source: embed.contentWindow }),
      );
    });
    expect(frame()!.dataset.state).toBe('ready');
    expect(screen.queryByRole('status')).toBeNull();
    // Ready is final: the time limit no longer applies.
    act(() => {
      vi.advanceTimersByTime(20_000);
    });
    expect(frame()!.dataset.state).toBe('ready');
  });

  it('whose player does not say it is ready within 10 s: a message and a link to watch it on the site', () => {
    render(<DetailsHero details={details(`https://vimeo.com/76979871`)} imdb={null} />);
    fireEvent.click(screen.getByTestId('trailer-start'));
    expect(frame()!.getAttribute('src')).toMatch(/^https:\/\/player\.vimeo\.com\/video\/76979871\?/);
    act(() => {
      vi.advanceTimersByTime(9_999);
    });
    expect(frame()).not.toBeNull();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(frame()).toBeNull();
    const failed = screen.getByTestId('trailer-failed');
    expect(failed.textContent).toContain('The trailer could not load here.');
    const link = screen.getByRole('link', { name: 'Watch it on Vimeo' });
    expect(link.getAttribute('href')).toBe('https://vimeo.com/76979871');
    expect(link.getAttribute('rel')).toContain('noopener');
  });
});

describe('a direct video trailer', () => {
  it('plays muted in our own video, with mute and play controls', () => {
    // (jsdom has no media queries: the person has not asked for reduced motion.)
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: false, media: query }));
    render(<DetailsHero details={details('http://localhost:4101/clips/trailer.mp4')} imdb={null} />);
    const video = screen.getByTestId<HTMLVideoElement>('details-trailer');
    expect(video.tagName).toBe('VIDEO');
    expect(video.getAttribute('src')).toBe('http://localhost:4101/clips/trailer.mp4');
    expect(video.muted).toBe(true);
    expect(frame()).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Unmute trailer' }));
    expect(video.muted).toBe(false);
    expect(screen.getByRole('button', { name: 'Mute trailer' }).getAttribute('aria-pressed')).toBe('false');
    // The play button follows the video's own state.
    expect(screen.getByRole('button', { name: 'Play trailer' })).toBeTruthy();
    fireEvent.play(video);
    expect(screen.getByRole('button', { name: 'Pause trailer' })).toBeTruthy();
    fireEvent.pause(video);
    expect(screen.getByRole('button', { name: 'Play trailer' })).toBeTruthy();
  });
});
