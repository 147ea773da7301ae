/**
 * Connectivity (docs/behaviour.md#offline-connectivity): /ping.txt every 5 s while online and every 50 s while offline,
 * plus the browser's online/offline events at once.
 */
import { proxy } from 'valtio/vanilla';

export const ONLINE_PING_MS = 5_000;
export const OFFLINE_PING_MS = 50_000;

export const connectivity = proxy({ online: typeof navigator === 'undefined' ? true : navigator.onLine });

async function ping(): Promise<boolean> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), 4_000);
  try {
    const response = await fetch(`/ping.txt?t=${Date.now()}`, { cache: 'no-store', signal: controller.signal });
    return response.ok;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

let timer: ReturnType<typeof setTimeout> | null = null;

function schedule(): void {
  if (timer) clearTimeout(timer);
  timer = setTimeout(() => void check(), connectivity.online ? ONLINE_PING_MS : OFFLINE_PING_MS);
}

async function check(): Promise<void> {
  connectivity.online = await ping();
  schedule();
}

export function startConnectivityChecks(): void {
  window.addEventListener('offline', () => {
    connectivity.online = false;
    schedule();
  });
  window.addEventListener('online', () => void check());
  schedule();
}
