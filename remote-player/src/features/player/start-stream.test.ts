/** A run's scrape options: with a Turnstile site key and proxies, the run carries a token (docs/behaviour.md#scraping-captcha). */
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_RUNTIME_CONFIG, type HostApi } from 'shared-contracts';
import { scrapeError } from 'scraping-core/errors';
import { mayUseProxies, scrapeOptionsForRun, scrapeOptionsFrom } from './start-stream';
import type { TokenProvider } from './turnstile';

// Starting playback talks to the worker and the parent page; only the options are under test here.
vi.mock('./use-playback', () => ({ postToParent: vi.fn() }));
vi.mock('./thumbnails', () => ({ generateThumbnails: vi.fn() }));

function host(config: Partial<HostApi['config']>, proxyUrls: string[]): HostApi {
  return {
    config: { ...DEFAULT_RUNTIME_CONFIG, ...config },
    state: { proxyUrls, preferences: { sourceOrder: [], enableSourceOrder: false, mediaServerUrl: '', mediaServerApiKey: '' } },
  } as unknown as HostApi;
}

const tokens = (...answers: Awaited<ReturnType<TokenProvider['token']>>[]) => {
  const token = vi.fn<TokenProvider['token']>();
  for (const answer of answers) token.mockResolvedValueOnce(answer);
  return { token };
};

describe('scrapeOptionsForRun', () => {
  it('with a site key and proxy workers: one token, sent as X-Token (proxyToken) and as the captcha header', async () => {
    const turnstile = tokens({ ok: true, value: 'turnstile-token' });
    const h = host({ turnstileSiteKey: 'site-key' }, ['http://proxy.test']);
    const result = await scrapeOptionsForRun(h, 'run-1', undefined, turnstile);
    expect(result).toEqual({
      ok: true,
      value: { ...scrapeOptionsFrom(h, 'run-1'), proxyToken: 'turnstile-token', captchaToken: 'turnstile-token' },
    });
    expect(turnstile.token).toHaveBeenCalledOnce();
  });

  it('each run takes a token of its own (tokens are single-use)', async () => {
    const turnstile = tokens({ ok: true, value: 'first' }, { ok: true, value: 'second' });
    const h = host({ turnstileSiteKey: 'site-key' }, ['api:http://scraper.test']);
    const a = await scrapeOptionsForRun(h, 'a', undefined, turnstile);
    const b = await scrapeOptionsForRun(h, 'b', undefined, turnstile);
    expect([a.ok && a.value.captchaToken, b.ok && b.value.captchaToken]).toEqual(['first', 'second']);
  });

  it.each([
    ['no site key', {}, ['http://proxy.test']],
    ['no proxy workers and no remote server', { turnstileSiteKey: 'site-key' }, []],
  ])('%s: no token is asked for, the options are as before', async (_case, config, proxies) => {
    const turnstile = tokens();
    const h = host(config, proxies);
    const result = await scrapeOptionsForRun(h, 'run-1', undefined, turnstile);
    expect(result).toEqual({ ok: true, value: scrapeOptionsFrom(h, 'run-1') });
    expect(result.ok && ('proxyToken' in result.value || 'captchaToken' in result.value)).toBe(false);
    expect(turnstile.token).not.toHaveBeenCalled();
  });

  it('no token: the run does not start, it ends on the Turnstile error', async () => {
    const refused = { ok: false as const, error: scrapeError('scrape/turnstile', 'the Turnstile script failed') };
    const result = await scrapeOptionsForRun(
      host({ turnstileSiteKey: 'site-key' }, ['http://proxy.test']),
      'run-1',
      undefined,
      tokens(refused),
    );
    expect(result).toEqual(refused);
  });

  it('passes the run signal on (leaving the page cancels the wait)', async () => {
    const turnstile = tokens({ ok: false, error: scrapeError('scrape/cancelled') });
    const leaving = new AbortController();
    const result = await scrapeOptionsForRun(
      host({ turnstileSiteKey: 'site-key' }, ['http://proxy.test']),
      'run-1',
      leaving.signal,
      turnstile,
    );
    expect(turnstile.token).toHaveBeenCalledWith(leaving.signal);
    expect(result).toMatchObject({ ok: false, error: { code: 'scrape/cancelled' } });
  });
});

describe('mayUseProxies', () => {
  it.each([
    [{ proxyUrls: ['http://proxy.test'] }, true],
    [{ proxyUrls: ['api:http://scraper.test'] }, true],
    [{ proxyUrls: [' '] }, false],
    [{ proxyUrls: [] }, false],
    [{}, false],
    [{ proxyUrls: ['http://proxy.test'], local: true }, false],
  ])('%j → %s', (options, expected) => expect(mayUseProxies(options)).toBe(expected));
});
