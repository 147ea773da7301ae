import { describe, expect, it } from 'vitest';
import { DEFAULT_RUNTIME_CONFIG, parseRuntimeConfig } from './config';

describe('runtime config', () => {
  it('fills defaults for an empty object', () => {
    expect(parseRuntimeConfig({})).toEqual({ ok: true, value: DEFAULT_RUNTIME_CONFIG });
    expect(DEFAULT_RUNTIME_CONFIG.routerMode).toBe('browser');
    expect(DEFAULT_RUNTIME_CONFIG.remoteOverrideOrigins).toEqual([]);
  });

  it('shows the tip link in the user menu by default, no ad slot, no streaming guide', () => {
    expect(DEFAULT_RUNTIME_CONFIG.tipUrl).toMatch(/^https:\/\//);
    expect(DEFAULT_RUNTIME_CONFIG.showAd).toBe(false);
    expect(DEFAULT_RUNTIME_CONFIG.streamingGuideUrl).toBe('');
    expect(parseRuntimeConfig({ tipUrl: '' })).toMatchObject({ ok: true, value: { tipUrl: '' } });
  });

  it('names the bad field', () => {
    const result = parseRuntimeConfig({ routerMode: 'weird', proxyUrls: 'x' });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error).toContain('routerMode');
      expect(result.error).toContain('proxyUrls');
    }
  });

  it("Turnstile: off by default, Cloudflare's script unless overridden, a script URL must be absolute", () => {
    expect(DEFAULT_RUNTIME_CONFIG.turnstileSiteKey).toBe('');
    expect(DEFAULT_RUNTIME_CONFIG.turnstileScriptUrl).toBe('https://challenges.cloudflare.com/turnstile/v0/api.js');
    expect(parseRuntimeConfig({ turnstileSiteKey: '0x4AAA', turnstileScriptUrl: 'http://localhost:9000/api.js' })).toMatchObject({
      ok: true,
      value: { turnstileSiteKey: '0x4AAA', turnstileScriptUrl: 'http://localhost:9000/api.js' },
    });
    const relative = parseRuntimeConfig({ turnstileScriptUrl: '/turnstile.js' });
    expect(relative).toEqual({ ok: false, error: expect.stringContaining('turnstileScriptUrl: must be an absolute URL') });
    expect(parseRuntimeConfig({ turnstileSiteKey: 42 })).toEqual({ ok: false, error: expect.stringContaining('turnstileSiteKey') });
  });

  it('refuses something that is not an object', () => {
    expect(parseRuntimeConfig('<html>').ok).toBe(false);
    expect(parseRuntimeConfig(null).ok).toBe(false);
  });
});
