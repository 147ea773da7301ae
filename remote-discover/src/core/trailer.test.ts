import { describe, expect, it } from 'vitest';
import { embedUrl, isReadyMessage, parseTrailer } from './trailer';

describe('trailers', () => {
  it.each([
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', { kind: 'youtube', id: 'dQw4w9WgXcQ' }],
    ['https://youtu.be/dQw4w9WgXcQ', { kind: 'youtube', id: 'dQw4w9WgXcQ' }],
    ['https://www.youtube.com/embed/dQw4w9WgXcQ', { kind: 'youtube', id: 'dQw4w9WgXcQ' }],
    ['https://vimeo.com/76979871', { kind: 'vimeo', id: '76979871' }],
    ['http://localhost:4101/clips/trailer.mp4', { kind: 'direct', url: 'http://localhost:4101/clips/trailer.mp4' }],
  ])('%s', (url, expected) => expect(parseTrailer(url)).toMatchObject(expected));

  it.each([
    '',
    'javascript:alert(1)',
    'https://www.youtube.com/watch?v=<script>',
    'https://youtu.be/',
    'https://vimeo.com/about',
    'not a url',
    'data:video/mp4;base64,AAAA',
  ])('refuses %s', (url) => expect(parseTrailer(url)).toBeNull());

  it('embeds on the privacy-enhanced hosts, nothing but the id from the URL', () => {
    expect(embedUrl({ kind: 'youtube', id: 'abc123XYZ_-', watchUrl: '' }, 'https://movie-web.example')).toBe(
      'https://www.youtube-nocookie.com/embed/abc123XYZ_-?autoplay=1&enablejsapi=1&rel=0&playsinline=1&origin=https%3A%2F%2Fmovie-web.example',
    );
    expect(embedUrl({ kind: 'vimeo', id: '76979871', watchUrl: '' }, 'x')).toBe(
      'https://player.vimeo.com/video/76979871?autoplay=1&dnt=1&api=1',
    );
  });

  it('knows a ready player only from its own origin', () => {
    expect(isReadyMessage('youtube', 'https://www.youtube-nocookie.com', '{"event":"onReady","id":1}')).toBe(true);
    expect(isReadyMessage('youtube', 'https://www.youtube-nocookie.com', '{"event":"initialDelivery"}')).toBe(true);
    expect(isReadyMessage('youtube', 'https://evil.example', '{"event":"onReady"}')).toBe(false);
    expect(isReadyMessage('vimeo', 'https://player.vimeo.com', { event: 'ready' })).toBe(true);
    expect(isReadyMessage('vimeo', 'https://player.vimeo.com', 'not json')).toBe(false);
  });
});
