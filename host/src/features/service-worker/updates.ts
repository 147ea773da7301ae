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

/**
 * On the first visit the page loads before the worker controls it: once it does, the worker is told
 * what the page loaded (the remotes' files among them) to keep it as if it had passed through it.
 */
function keepWhatLoadedBefore(): void {
  if (navigator.serviceWorker.controller) return;
  navigator.serviceWorker.addEventListener(
    'controllerchange',
    () => {
      const urls = performance.getEntriesByType('resource').map((entry) => entry.name);
      navigator.serviceWorker.controller?.postMessage({ type: 'keep', urls });
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
