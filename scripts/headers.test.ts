import { describe, expect, it } from 'vitest';
import { assetHeaders, inlineScriptHashes, isEmbedPath, pageHeaders } from './headers.ts';

const policy = { embedOrigins: ['*'], scriptOrigins: ['http://localhost:3002'], inlineScriptHashes: ['sha256-abc'] };
const directive = (csp: string, name: string) => csp.split('; ').find((d) => d.startsWith(`${name} `));

describe('page headers', () => {
  it.each([
    ['/settings', "frame-ancestors 'self'"],
    ['/', "frame-ancestors 'self'"],
    ['/embedded', "frame-ancestors 'self'"],
    ['/embed/tmdb-movie-653', 'frame-ancestors *'],
    ['/embed', 'frame-ancestors *'],
  ])('%s: %s', (path, expected) => {
    expect(directive(pageHeaders(path, policy)['Content-Security-Policy']!, 'frame-ancestors')).toBe(expected);
  });

  it('lets only named partners frame the embed pages when the deployment names them', () => {
    const csp = pageHeaders('/embed/x', { ...policy, embedOrigins: ['https://a.example', 'https://b.example'] })[
      'Content-Security-Policy'
    ]!;
    expect(directive(csp, 'frame-ancestors')).toBe("frame-ancestors 'self' https://a.example https://b.example");
  });

  it('runs scripts from itself, the remotes, the SDKs and its own inline scripts only', () => {
    const script = directive(pageHeaders('/', policy)['Content-Security-Policy']!, 'script-src')!;
    expect(script).toContain("'self'");
    expect(script).toContain('http://localhost:3002');
    expect(script).toContain("'sha256-abc'");
    expect(script).not.toMatch(/unsafe|\*|https?:(\s|$)/);
  });

  it('grants media features to a framed player only on embed pages; camera, microphone and location to no one', () => {
    expect(pageHeaders('/', policy)['Permissions-Policy']).toContain('fullscreen=(self)');
    expect(pageHeaders('/embed/x', policy)['Permissions-Policy']).toContain('fullscreen=*');
    for (const path of ['/', '/embed/x'])
      expect(pageHeaders(path, policy)['Permissions-Policy']).toMatch(/camera=\(\).*microphone=\(\).*geolocation=\(\)/);
    expect(pageHeaders('/', policy)['Cross-Origin-Opener-Policy']).toBe('same-origin');
    expect(pageHeaders('/embed/x', policy)['Cross-Origin-Opener-Policy']).toBeUndefined();
  });

  it('knows the embed pages', () => {
    expect(['/embed', '/embed/a', '/embedx', '/x/embed/a'].map(isEmbedPath)).toEqual([true, true, false, false]);
  });
});

describe('asset headers', () => {
  it('leave scripts without a policy (a service worker would be bound by it) and lock down everything else', () => {
    expect(assetHeaders('/sw.js')['Content-Security-Policy']).toBeUndefined();
    expect(assetHeaders('/mf-manifest.json')['Content-Security-Policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(assetHeaders('/a.svg')['X-Content-Type-Options']).toBe('nosniff');
  });
});

describe('inline script hashes', () => {
  it('hashes inline scripts and skips external ones', () => {
    const html = '<script src="/main.js"></script><script id="x">a()</script><script>\nb()\n</script>';
    // sha256 of "a()" and "\nb()\n", base64
    expect(inlineScriptHashes(html)).toEqual(['sha256-qVpDBgj7bpq5hMAcGp3AOc79J3Y1Z4HvySTwKrWDoy4=', expect.stringMatching(/^sha256-/)]);
  });
});
