import { describe, expect, it } from 'vitest';
import { checkProxy, normalizeProxyUrl } from './proxy-check';

const answer =
  (body: string, type = 'application/json') =>
  async () =>
    new Response(body, { headers: { 'Content-Type': type } });

describe('proxy check', () => {
  it.each([
    ['https://proxy.example.com/', 'https://proxy.example.com'],
    ['  http://localhost:4102//  ', 'http://localhost:4102'],
    ['ftp://x', null],
    ['not a url', null],
  ])('%s → %s', (input, expected) => expect(normalizeProxyUrl(input)).toBe(expected));

  it('accepts a proxy worker', async () => {
    expect(await checkProxy('http://p.test/', answer('{"message":"Proxy is working as expected"}'))).toEqual({
      ok: true,
      url: 'http://p.test',
    });
  });
  it('refuses a website', async () => {
    expect(await checkProxy('http://p.test', answer('<!doctype html><h1>Hi</h1>', 'text/html'))).toEqual({ ok: false, error: 'not-proxy' });
  });
  it('reports an unreachable proxy', async () => {
    expect(await checkProxy('http://p.test', async () => Promise.reject(new TypeError('Failed to fetch')))).toEqual({
      ok: false,
      error: 'unreachable',
    });
  });
  it('refuses an invalid URL without a request', async () => {
    expect(await checkProxy('nope', async () => Promise.reject(new Error('should not be called')))).toEqual({
      ok: false,
      error: 'invalid-url',
    });
  });
});
