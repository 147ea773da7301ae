import { describe, expect, it } from 'vitest';
import {
  applyOverrides,
  buildRegistry,
  decideOverrides,
  isOriginAllowed,
  readOverrideParams,
  stripOverrideParams,
} from './remote-registry';

const good = {
  discover: 'http://localhost:3001/mf-manifest.json',
  player: 'http://localhost:3002/mf-manifest.json',
  account: 'http://localhost:3003/mf-manifest.json',
  settings: 'http://localhost:3004/mf-manifest.json',
};

describe('buildRegistry', () => {
  it('takes every remote from a good remotes.json', () => {
    const { registry, problems } = buildRegistry(good);
    expect(problems).toEqual([]);
    expect(registry.player.manifestUrl).toBe(good.player);
    expect(registry.player.overridden).toBe(false);
  });

  it('reports a non-http URL and an unknown name, and keeps the others', () => {
    const { registry, problems } = buildRegistry({ ...good, player: 'javascript:alert(1)', extra: 'http://x' });
    expect(registry.player.manifestUrl).toBeNull();
    expect(registry.discover.manifestUrl).toBe(good.discover);
    expect(problems.join('\n')).toMatch(/player: "javascript:alert\(1\)" is not an http\(s\) URL/);
    expect(problems.join('\n')).toMatch(/unknown remote "extra"/);
  });

  it.each([['[]'], [null], ['text'], [42]])('refuses a remotes.json that is %j', (value) => {
    const { registry, problems } = buildRegistry(value);
    expect(problems).toHaveLength(1);
    expect(Object.values(registry).every((entry) => entry.manifestUrl === null)).toBe(true);
  });
});

describe('isOriginAllowed', () => {
  it.each([
    ['http://localhost:4001', ['http://localhost:*'], true],
    ['http://localhost', ['http://localhost:*'], true],
    ['http://localhost.evil.com:80', ['http://localhost:*'], false],
    ['http://localhost:4001', ['http://localhost:4001'], true],
    ['http://localhost:4002', ['http://localhost:4001'], false],
    ['https://qa.example.com', ['https://qa.example.com'], true],
    ['https://evil.example.com', [], false],
  ])('%s with %j → %s', (origin, list, allowed) => {
    expect(isOriginAllowed(origin, list)).toBe(allowed);
  });
});

describe('overrides', () => {
  it('reads and strips remote.<name> parameters only', () => {
    const search = '?remote.player=http%3A%2F%2Flocalhost%3A5002%2Fmf-manifest.json&theme=red';
    expect(readOverrideParams(search)).toEqual([{ name: 'player', url: 'http://localhost:5002/mf-manifest.json' }]);
    expect(stripOverrideParams(search)).toBe('?theme=red');
    expect(stripOverrideParams('?remote.player=x')).toBe('');
  });

  it('accepts an allowed origin, refuses others with a reason each', () => {
    const decision = decideOverrides(
      [
        { name: 'player', url: 'http://localhost:5002/mf-manifest.json' },
        { name: 'settings', url: 'https://evil.example.com/mf-manifest.json' },
        { name: 'nope', url: 'http://localhost:5002/mf-manifest.json' },
        { name: 'account', url: 'file:///etc/passwd' },
      ],
      ['http://localhost:*'],
    );
    expect(decision.accepted).toEqual({ player: 'http://localhost:5002/mf-manifest.json' });
    expect(decision.refused).toHaveLength(3);
    expect(decision.refused[0]).toMatch(/settings refused: https:\/\/evil\.example\.com is not an allowed origin/);
    expect(decision.refused[1]).toMatch(/no remote called "nope"/);
    expect(decision.refused[2]).toMatch(/account refused: .* not an http\(s\) URL/);
  });

  it('applies accepted overrides and marks them', () => {
    const { registry } = buildRegistry(good);
    const next = applyOverrides(registry, { player: 'http://localhost:5002/mf-manifest.json' });
    expect(next.player).toEqual({ name: 'player', manifestUrl: 'http://localhost:5002/mf-manifest.json', overridden: true });
    expect(next.discover).toBe(registry.discover);
  });
});
