/** loadMedia and /dev/video go through the Direct URL providers (the scraping API is faked). */
import { describe, expect, it, vi } from 'vitest';
import { scrapeError } from 'scraping-core/errors';
import type { Stream } from 'scraping-core/types';
import { directEmbedId, loadMediaErrorMessage, resolveDirectStream } from './load-media';

const stream: Stream = { id: 'direct', type: 'hls', playlist: 'https://x/master.m3u8', flags: ['cors-allowed'], captions: [] };

describe('resolveDirectStream', () => {
  it.each([
    ['hls', 'direct-hls'],
    ['mp4', 'direct-mp4'],
    [undefined, 'direct-url'],
  ] as const)('type %s → provider %s', (type, id) => expect(directEmbedId(type)).toBe(id));

  it('runs the provider locally, validated for the embed command, and gives its stream', async () => {
    const scrape = vi.fn(async () => ({ ok: true as const, value: { stream: [stream] } }));
    const result = await resolveDirectStream(
      scrape,
      'https://x/master.m3u8',
      'hls',
      { proxyUrls: ['api:https://scraper.example'], disallowedIds: ['x'] },
      { validate: true },
    );
    expect(result).toEqual({ ok: true, value: stream });
    expect(scrape).toHaveBeenCalledWith('direct-hls', 'https://x/master.m3u8', {
      proxyUrls: ['api:https://scraper.example'],
      disallowedIds: ['x'],
      local: true,
      useExtension: false,
    });
  });

  it('skips validation only when asked (/dev/video)', async () => {
    const scrape = vi.fn(async () => ({ ok: true as const, value: { stream: [stream] } }));
    await resolveDirectStream(scrape, 'https://x/a.mp4', undefined, {}, { validate: false });
    expect(scrape).toHaveBeenCalledWith('direct-url', 'https://x/a.mp4', { local: true, useExtension: false, skipValidation: true });
  });

  it('passes the provider error on; refuses an unknown type without scraping', async () => {
    const refused = { ok: false as const, error: scrapeError('scrape/invalid-stream', 'segment: HTTP 404') };
    const scrape = vi.fn(async () => refused);
    expect(await resolveDirectStream(scrape, 'https://x/broken.m3u8', 'hls', {}, { validate: true })).toEqual(refused);
    const invalid = await resolveDirectStream(scrape, 'https://x/a', 'dash', {}, { validate: true });
    expect(invalid).toMatchObject({ ok: false, error: { code: 'scrape/invalid-type', message: 'Invalid type' } });
    expect(scrape).toHaveBeenCalledOnce();
  });

  it('words the error event for the parent with the URL and the reason', () => {
    expect(loadMediaErrorMessage('https://x/broken.m3u8', scrapeError('scrape/invalid-stream', 'segment: HTTP 404'))).toBe(
      'loadMedia: https://x/broken.m3u8 cannot be played (no stream: segment: HTTP 404)',
    );
    expect(loadMediaErrorMessage('https://x/a', scrapeError('scrape/no-stream'))).toBe(
      'loadMedia: https://x/a cannot be played (no stream)',
    );
  });
});
