/**
 * The main thread's handle on the player worker. The worker starts on first use; if it cannot start,
 * the same code runs inline so that nothing the user asked for is lost.
 */
import { wrap, type Remote } from 'comlink';
import { CrossOriginWorker } from 'cross-origin-worker';
import type { PlayerWorkerApi } from './api';

let client: Promise<PlayerWorkerApi | Remote<PlayerWorkerApi>> | null = null;

async function inline(): Promise<PlayerWorkerApi> {
  const { parseCaptions } = await import('../core/captions/parse-captions');
  return { parseCaptions, where: async () => 'inline' };
}

async function start(): Promise<PlayerWorkerApi | Remote<PlayerWorkerApi>> {
  try {
    const worker = new CrossOriginWorker(new URL('./player.worker.ts', import.meta.url), { name: 'player-worker' });
    const remote = wrap<PlayerWorkerApi>(worker);
    // A worker that failed to load never answers: race a ping against its error event.
    await new Promise<void>((resolve, reject) => {
      worker.addEventListener('error', (event) => reject(new Error(event.message || 'worker failed to start')), { once: true });
      remote.where().then(() => resolve(), reject);
    });
    return remote;
  } catch (error) {
    console.warn('[player] worker unavailable, running inline:', error);
    return inline();
  }
}

export function getPlayerWorker(): Promise<PlayerWorkerApi | Remote<PlayerWorkerApi>> {
  client ??= start();
  return client;
}
