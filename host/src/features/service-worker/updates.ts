/**
 * Service worker registration and the update prompt (docs/behaviour.md#offline-service-worker: update check every 60 minutes).
 */
import { proxy, ref } from 'valtio/vanilla';

export const UPDATE_CHECK_MS = 60 * 60 * 1000;

export const updates = proxy({
  /** A new version is installed and waiting. */
  waiting: false,
  registration: null as ServiceWorkerRegistration | null,
  apply(): void {
    const waiting = updates.registration?.waiting;
    if (!waiting) return window.location.reload();
    navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true });
    waiting.postMessage('skip-waiting');
  },
});

function watch(registration: ServiceWorkerRegistration): void {
  if (registration.waiting && navigator.serviceWorker.controller) updates.waiting = true;
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing;
    installing?.addEventListener('statechange', () => {
      // A worker installed while another controls the page is an update, not the first install.
      if (installing.state === 'installed' && navigator.serviceWorker.controller) updates.waiting = true;
    });
  });
}

/** How long after the worker takes over the files asked for before it are still awaited. */
const KEEP_LATE_FILES_MS = 30_000;

/**
 * On the first visit the page loads before the worker controls it: once it does, the worker is told
 * what the page loaded (the remotes' files among them) to keep it as if it had passed through it. A file
 * still on its way then did not pass through it either: it is told of it as it arrives.
 */
function keepWhatLoadedBefore(): void {
  if (navigator.serviceWorker.controller) return;
  navigator.serviceWorker.addEventListener(
    'controllerchange',
    () => {
      const keep = (urls: string[]) => {
        if (urls.length) navigator.serviceWorker.controller?.postMessage({ type: 'keep', urls });
      };
      const tookOver = performance.now();
      keep(performance.getEntriesByType('resource').map((entry) => entry.name));
      try {
        const late = new PerformanceObserver((list) =>
          keep(
            list
              .getEntries()
              .filter((entry) => entry.startTime < tookOver)
              .map((entry) => entry.name),
          ),
        );
        late.observe({ type: 'resource' });
        setTimeout(() => late.disconnect(), KEEP_LATE_FILES_MS);
      } catch {
        // No resource timing to observe: what was still on its way is kept the next time it loads.
      }
    },
    { once: true },
  );
}

export async function registerServiceWorker(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  try {
    keepWhatLoadedBefore();
    const registration = await navigator.serviceWorker.register('/sw.js', { scope: '/' });
    // Some embedders (and automation that blocks service workers) resolve without a registration.
    if (!registration) return;
    updates.registration = ref(registration);
    watch(registration);
    setInterval(() => void registration.update().catch(() => {}), UPDATE_CHECK_MS);
  } catch (error) {
    console.warn('[sw] not registered', error);
  }
}
