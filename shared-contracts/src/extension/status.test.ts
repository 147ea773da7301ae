/** The extension's status from its hello, for every state and the edges of ^1.0.2 (docs/behaviour.md#scraping-extension). */
import { describe, expect, it } from 'vitest';
import { classifyExtensionHello, detectExtension } from './status';
import type { ExtensionHello } from './types';

const hello = (patch: Partial<ExtensionHello> = {}): ExtensionHello => ({
  success: true,
  version: '1.0.2',
  allowed: true,
  hasPermission: true,
  ...patch,
});

describe('classifyExtensionHello', () => {
  it.each([
    ['no answer', null, 'missing'],
    ['undefined', undefined, 'missing'],
    ['an unsuccessful hello', hello({ success: false }), 'missing'],
    ['1.0.1 (below the range)', hello({ version: '1.0.1' }), 'outdated'],
    ['1.0.2 (the lowest allowed)', hello({ version: '1.0.2' }), 'ready'],
    ['1.3.0 (a later minor)', hello({ version: '1.3.0' }), 'ready'],
    ['2.0.0 (the next major)', hello({ version: '2.0.0' }), 'outdated'],
    ['0.9.9', hello({ version: '0.9.9' }), 'outdated'],
    ['a pre-release of 1.0.2', hello({ version: '1.0.2-beta.1' }), 'outdated'],
    ['not a version', hello({ version: 'banana' }), 'outdated'],
    ['no version at all', hello({ version: undefined as unknown as string }), 'outdated'],
    ['not allowed on this site', hello({ allowed: false }), 'disallowed'],
    ['without permission', hello({ hasPermission: false }), 'disallowed'],
    ['neither allowed nor permitted', hello({ allowed: false, hasPermission: false }), 'disallowed'],
    ['outdated and not allowed (the version first)', hello({ version: '1.0.1', allowed: false }), 'outdated'],
  ])('%s → %s', (_name, answer, expected) => {
    expect(classifyExtensionHello(answer).status).toBe(expected);
  });

  it('keeps the hello it judged (the step shows the installed version)', () => {
    const answer = hello({ version: '1.0.1' });
    expect(classifyExtensionHello(answer)).toEqual({ status: 'outdated', hello: answer });
  });
});

describe('detectExtension', () => {
  it('asks hello and classifies the answer', async () => {
    expect(await detectExtension({ hello: async () => hello() })).toEqual({ status: 'ready', hello: hello() });
    expect(await detectExtension({ hello: async () => null })).toEqual({ status: 'missing' });
  });

  it('counts a bridge that throws as no extension', async () => {
    expect(await detectExtension({ hello: () => Promise.reject(new Error('relay broke')) })).toEqual({ status: 'missing' });
  });
});
