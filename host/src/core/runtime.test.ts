import { describe, expect, it } from 'vitest';
import { loadRuntime, OVERRIDES_SESSION_KEY, type SessionLike } from './runtime';

const remotes = {
  discover: 'http://localhost:3001/mf-manifest.json',
  player: 'http://localhost:3002/mf-manifest.json',
  account: 'http://localhost:3003/mf-manifest.json',
  settings: 'http://localhost:3004/mf-manifest.json',
};

function memorySession(initial: Record<string, string> = {}): SessionLike & { data: Record<string, string> } {
  const data = { ...initial };
  return {
    data,
    getItem: (k) => data[k] ?? null,
    setItem: (k, v) => void (data[k] = v),
    removeItem: (k) => void delete data[k],
  };
}

const files = (entries: Record<string, { ok: true; value: unknown } | { ok: false; error: string }>) => async (path: string) =>
  entries[path] ?? { ok: false as const, error: `${path} answered HTTP 404` };

describe('loadRuntime', () => {
  it('loads config and remotes with no problems', async () => {
    const runtime = await loadRuntime({
      search: '',
      session: memorySession(),
      isDev: false,
      fetchJson: files({ '/config.json': { ok: true, value: { backendUrl: 'http://b' } }, '/remotes.json': { ok: true, value: remotes } }),
    });
    expect(runtime.problems).toEqual([]);
    expect(runtime.config.backendUrl).toBe('http://b');
    expect(runtime.registry.settings.manifestUrl).toBe(remotes.settings);
  });

  it('keeps running with a malformed config.json and remotes.json, saying so', async () => {
    const runtime = await loadRuntime({
      search: '',
      session: memorySession(),
      isDev: false,
      fetchJson: files({
        '/config.json': { ok: false, error: '/config.json is not valid JSON' },
        '/remotes.json': { ok: true, value: [1] },
      }),
    });
    expect(runtime.config.routerMode).toBe('browser');
    expect(runtime.problems.join('\n')).toMatch(/config\.json is not valid JSON; using the default configuration/);
    expect(runtime.problems.join('\n')).toMatch(/remotes\.json is not an object/);
    expect(runtime.registry.player.manifestUrl).toBeNull();
  });

  it('refuses overrides in production unless the origin is configured', async () => {
    const session = memorySession();
    const runtime = await loadRuntime({
      search: '?remote.player=http://localhost:5002/mf-manifest.json',
      session,
      isDev: false,
      fetchJson: files({ '/config.json': { ok: true, value: {} }, '/remotes.json': { ok: true, value: remotes } }),
    });
    expect(runtime.registry.player.manifestUrl).toBe(remotes.player);
    expect(runtime.refusedOverrides[0]).toMatch(/not an allowed origin/);
    expect(session.data[OVERRIDES_SESSION_KEY]).toBeUndefined();
  });

  it('accepts an allowed override, keeps it for the session, and re-applies it from the session', async () => {
    const session = memorySession();
    const config = { ok: true as const, value: { remoteOverrideOrigins: ['http://localhost:5002'] } };
    const fetchJson = files({ '/config.json': config, '/remotes.json': { ok: true, value: remotes } });
    const first = await loadRuntime({ search: '?remote.player=http://localhost:5002/mf-manifest.json', session, isDev: false, fetchJson });
    expect(first.registry.player).toMatchObject({ manifestUrl: 'http://localhost:5002/mf-manifest.json', overridden: true });
    const again = await loadRuntime({ search: '', session, isDev: false, fetchJson });
    expect(again.registry.player.overridden).toBe(true);
  });

  it('allows localhost overrides in development builds', async () => {
    const runtime = await loadRuntime({
      search: '?remote.settings=http://localhost:6004/mf-manifest.json',
      session: memorySession(),
      isDev: true,
      fetchJson: files({ '/config.json': { ok: true, value: {} }, '/remotes.json': { ok: true, value: remotes } }),
    });
    expect(runtime.registry.settings.overridden).toBe(true);
  });
});
