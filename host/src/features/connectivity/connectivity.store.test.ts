/**
 * docs/behaviour.md#offline-connectivity: /ping.txt every 5 s while online, every 50 s while offline; the browser's
 * events count at once.
 */
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';

type Module = typeof import('./connectivity.store');

let fetchMock: Mock<(url: string, init: RequestInit) => Promise<Response>>;
let up = true;
let events: EventTarget;

async function load(): Promise<Module> {
  vi.resetModules();
  const module = await import('./connectivity.store');
  module.startConnectivityChecks();
  return module;
}

beforeEach(() => {
  vi.useFakeTimers();
  up = true;
  events = new EventTarget();
  fetchMock = vi.fn(async (url: string) => {
    expect(url).toMatch(/^\/ping\.txt\?t=\d+$/);
    if (!up) throw new TypeError('Failed to fetch');
    return new Response('pong', { status: 200 });
  });
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('navigator', { onLine: true });
  vi.stubGlobal('window', events);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('connectivity checks', () => {
  it('pings every 5 s while online', async () => {
    const { connectivity, ONLINE_PING_MS } = await load();
    expect(ONLINE_PING_MS).toBe(5_000);
    await vi.advanceTimersByTimeAsync(4_999);
    expect(fetchMock).toHaveBeenCalledTimes(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(connectivity.online).toBe(true);
  });

  it('a failed ping goes offline, and then pings every 50 s until one answers', async () => {
    const { connectivity, OFFLINE_PING_MS } = await load();
    expect(OFFLINE_PING_MS).toBe(50_000);
    up = false;
    await vi.advanceTimersByTimeAsync(5_000);
    expect(connectivity.online).toBe(false);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(49_999);
    expect(fetchMock).toHaveBeenCalledTimes(1); // not every 5 s while offline
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    up = true;
    await vi.advanceTimersByTimeAsync(50_000);
    expect(connectivity.online).toBe(true);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(5_000); // online again: back to every 5 s
    expect(fetchMock).toHaveBeenCalledTimes(4);
  });

  it("the browser's offline event counts at once (next ping in 50 s); its online event pings at once", async () => {
    const { connectivity } = await load();
    events.dispatchEvent(new Event('offline'));
    expect(connectivity.online).toBe(false);
    await vi.advanceTimersByTimeAsync(49_000);
    expect(fetchMock).toHaveBeenCalledTimes(0);
    events.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(connectivity.online).toBe(true);
  });

  it('a ping that hangs counts as offline after 4 s', async () => {
    fetchMock.mockImplementation(
      (_url: string, init: RequestInit) =>
        new Promise<Response>((_resolve, reject) =>
          init.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
        ),
    );
    const { connectivity } = await load();
    await vi.advanceTimersByTimeAsync(5_000 + 3_999);
    expect(connectivity.online).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(connectivity.online).toBe(false);
  });
});
