/**
 * The bridge's hello timing (docs/behaviour.md#scraping-extension), each part on its own with fake timers: the initial
 * delay, then the hello timeout.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createExtensionBridge } from './extension-bridge';
import { createFakeWindow, installFakeExtension } from './fake-extension';

describe('extension bridge hello timing', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends the first hello only once the 500 ms initial delay has passed', async () => {
    const page = createFakeWindow();
    const bridge = createExtensionBridge({ port: page });
    void bridge.hello();
    await vi.advanceTimersByTimeAsync(499);
    expect(page.posted).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(page.posted).toHaveLength(1);
    expect(page.posted[0]).toMatchObject({ name: 'hello', body: null });
  });

  it('gives up on a silent extension 500 ms after the hello was sent', async () => {
    const page = createFakeWindow();
    const fake = installFakeExtension(page, { silent: true });
    const bridge = createExtensionBridge({ port: page, initialDelayMs: 0 });
    let answer: unknown = 'pending';
    void bridge.hello().then((a) => (answer = a));
    await vi.advanceTimersByTimeAsync(0);
    expect(page.posted).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1); // the fake window delivers it
    expect(fake.received.map((m) => m.name)).toEqual(['hello']);
    await vi.advanceTimersByTimeAsync(498);
    expect(answer).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    expect(answer).toBeNull();
  });

  it('counts the hello timeout from the hello, not from the bridge: with the default delay, null at 1000 ms and not before', async () => {
    const page = createFakeWindow();
    installFakeExtension(page, { silent: true });
    const bridge = createExtensionBridge({ port: page });
    let answer: unknown = 'pending';
    void bridge.hello().then((a) => (answer = a));
    await vi.advanceTimersByTimeAsync(999);
    expect(page.posted).toHaveLength(1);
    expect(answer).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    expect(answer).toBeNull();
  });
});
