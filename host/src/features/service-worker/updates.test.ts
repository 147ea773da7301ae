/**
 * docs/behaviour.md#offline-service-worker: the service worker checks for an update every 60 minutes; an installed
 * update waits for the person.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

class FakeWorker extends EventTarget {
  state = 'installing';
  postMessage = vi.fn();
}

class FakeRegistration extends EventTarget {
  installing: FakeWorker | null = null;
  waiting: FakeWorker | null = null;
  update = vi.fn(async () => undefined);
}

let registration: FakeRegistration;
let serviceWorker: EventTarget & { register: ReturnType<typeof vi.fn>; controller: object | null };

async function load() {
  vi.resetModules();
  return import('./updates');
}

beforeEach(() => {
  vi.useFakeTimers();
  registration = new FakeRegistration();
  serviceWorker = Object.assign(new EventTarget(), { register: vi.fn(async () => registration), controller: {} });
  vi.stubGlobal('navigator', { serviceWorker });
  vi.stubGlobal('window', { location: { reload: vi.fn() } });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('service worker updates', () => {
  it('registers /sw.js for the whole site and checks for an update every 60 minutes', async () => {
    const { registerServiceWorker, UPDATE_CHECK_MS } = await load();
    expect(UPDATE_CHECK_MS).toBe(3_600_000);
    await registerServiceWorker();
    expect(serviceWorker.register).toHaveBeenCalledWith('/sw.js', { scope: '/' });
    await vi.advanceTimersByTimeAsync(59 * 60_000);
    expect(registration.update).toHaveBeenCalledTimes(0);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(registration.update).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(2 * 3_600_000);
    expect(registration.update).toHaveBeenCalledTimes(3);
  });

  it('a failed update check is quiet and the next one still runs', async () => {
    registration.update.mockRejectedValueOnce(new Error('offline'));
    const { registerServiceWorker } = await load();
    await registerServiceWorker();
    await vi.advanceTimersByTimeAsync(2 * 3_600_000);
    expect(registration.update).toHaveBeenCalledTimes(2);
  });

  it('an update installed while a worker controls the page waits; applying it tells the worker to take over', async () => {
    const { registerServiceWorker, updates } = await load();
    await registerServiceWorker();
    expect(updates.waiting).toBe(false);
    const worker = new FakeWorker();
    registration.installing = worker;
    registration.dispatchEvent(new Event('updatefound'));
    worker.state = 'installed';
    worker.dispatchEvent(new Event('statechange'));
    expect(updates.waiting).toBe(true);
    registration.waiting = worker;
    updates.apply();
    expect(worker.postMessage).toHaveBeenCalledWith('skip-waiting');
  });

  it('once the first worker controls the page, it is told what the page loaded before', async () => {
    serviceWorker.controller = null;
    vi.stubGlobal('performance', {
      now: () => 0,
      getEntriesByType: (type: string) =>
        type === 'resource' ? [{ name: 'http://localhost:3004/mf-manifest.json' }, { name: 'http://localhost:3004/146.2ba6b11d.js' }] : [],
    });
    const { registerServiceWorker } = await load();
    await registerServiceWorker();
    const controller = { postMessage: vi.fn() };
    serviceWorker.controller = controller;
    serviceWorker.dispatchEvent(new Event('controllerchange'));
    expect(controller.postMessage).toHaveBeenCalledWith({
      type: 'keep',
      urls: ['http://localhost:3004/mf-manifest.json', 'http://localhost:3004/146.2ba6b11d.js'],
    });
  });

  it('files still on their way when the first worker took over are kept as they arrive, nothing asked for after', async () => {
    serviceWorker.controller = null;
    let observed: ((list: { getEntries: () => { name: string; startTime: number }[] }) => void) | undefined;
    vi.stubGlobal(
      'PerformanceObserver',
      class {
        constructor(callback: typeof observed) {
          observed = callback;
        }
        observe() {}
        disconnect() {
          observed = undefined;
        }
      },
    );
    vi.stubGlobal('performance', { now: () => 500, getEntriesByType: () => [{ name: 'http://localhost:3004/mf-manifest.json' }] });
    const { registerServiceWorker } = await load();
    await registerServiceWorker();
    const controller = { postMessage: vi.fn() };
    serviceWorker.controller = controller;
    serviceWorker.dispatchEvent(new Event('controllerchange'));
    // The remote's entry, asked for before the worker took over, arrives after.
    observed!({
      getEntries: () => [
        { name: 'http://localhost:3004/remoteEntry.js', startTime: 420 },
        { name: 'http://localhost:3004/page.1a2b3c4d.js', startTime: 640 },
      ],
    });
    expect(controller.postMessage).toHaveBeenLastCalledWith({ type: 'keep', urls: ['http://localhost:3004/remoteEntry.js'] });
    vi.advanceTimersByTime(30_000);
    expect(observed).toBeUndefined();
  });

  it('the first install (no controlling worker) is not an update', async () => {
    serviceWorker.controller = null;
    const { registerServiceWorker, updates } = await load();
    await registerServiceWorker();
    const worker = new FakeWorker();
    registration.installing = worker;
    registration.dispatchEvent(new Event('updatefound'));
    worker.state = 'installed';
    worker.dispatchEvent(new Event('statechange'));
    expect(updates.waiting).toBe(false);
  });
});
