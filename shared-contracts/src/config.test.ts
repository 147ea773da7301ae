import { describe, expect, it } from 'vitest';
import { DEFAULT_RUNTIME_CONFIG, parseRuntimeConfig } from './config';

describe('runtime config', () => {
  it('fills defaults for an empty object', () => {
    expect(parseRuntimeConfig({})).toEqual({ ok: true, value: DEFAULT_RUNTIME_CONFIG });
    expect(DEFAULT_RUNTIME_CONFIG.routerMode).toBe('browser');
    expect(DEFAULT_RUNTIME_CONFIG.remoteOverrideOrigins).toEqual([]);
  });

  it('names the bad field', () => {
    const result = parseRuntimeConfig({ routerMode: 'weird', proxyUrls: 'x' });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error).toContain('routerMode');
      expect(result.error).toContain('proxyUrls');
    }
  });

  it('refuses something that is not an object', () => {
    expect(parseRuntimeConfig('<html>').ok).toBe(false);
    expect(parseRuntimeConfig(null).ok).toBe(false);
  });
});
