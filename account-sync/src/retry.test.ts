import { describe, expect, it } from 'vitest';
import { BackendError, classifyStatus, isRouteMissing } from './api';
import { backoffDelay, decide } from './retry';

describe('retry policy', () => {
  it.each([
    [0, 'network'],
    [500, 'server'],
    [503, 'server'],
    [429, 'rate-limited'],
    [408, 'network'],
    [401, 'auth'],
    [403, 'auth'],
    [404, 'client'],
    [413, 'client'],
    [400, 'client'],
  ] as const)('status %i is %s', (status, kind) => {
    if (status) expect(classifyStatus(status)).toBe(kind);
  });

  it('400 "Invalid authentication" is an auth failure', () => {
    expect(classifyStatus(400, 'Invalid authentication')).toBe('auth');
  });

  it.each([
    ['network', 'retry'],
    ['server', 'retry'],
    ['rate-limited', 'retry'],
    ['not-backend', 'retry'],
    ['auth', 'auth'],
    ['client', 'drop'],
  ] as const)('%s → %s', (kind, decision) => {
    expect(decide(new BackendError(kind, 'x'))).toBe(decision);
  });

  it.each([
    [404, true],
    [405, true],
    [501, true],
    [400, false],
    [403, false],
    [500, false],
  ] as const)('a %i answer means the route is missing: %s', (status, missing) => {
    expect(isRouteMissing(new BackendError(classifyStatus(status), 'x', status))).toBe(missing);
    expect(isRouteMissing(new TypeError('Failed to fetch'))).toBe(false);
  });

  it('an unknown error is retried (never lose data on a surprise)', () => {
    expect(decide(new TypeError('boom'))).toBe('retry');
  });

  it('backs off exponentially from 5 s up to 30 s, with up to 20% jitter below', () => {
    const top = () => 1;
    expect([1, 2, 3, 4, 5, 10].map((n) => backoffDelay(n, top))).toEqual([5000, 10000, 20000, 30000, 30000, 30000]);
    expect(backoffDelay(1, () => 0)).toBe(4000);
    expect(backoffDelay(0)).toBe(0);
  });
});
