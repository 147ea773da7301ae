/**
 * The database thread: owns the embedded database (`pglite-engine.ts`) and answers the main
 * thread's requests, `{id, request}` → `{id, result}` or `{id, error}`. Started by `openPglite`
 * (`db.ts`) through `pglite-worker.mjs`.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { openEngine, type Request } from './pglite-engine';

export interface WorkerData {
  dataDir: string;
  counters: Float64Array;
}

export type WorkerMessage =
  { id: number; result: unknown } | { id: number; error: SerializedError } | { ready: true } | { failed: SerializedError };

export interface SerializedError {
  message: string;
  name?: string;
  stack?: string;
  [field: string]: unknown;
}

/** An Error as plain data (PGlite's DatabaseError fields: code, detail, constraint...). */
export function serializeError(error: unknown): SerializedError {
  if (!(error instanceof Error)) return { message: String(error) };
  const out: SerializedError = { message: error.message, name: error.name, stack: error.stack };
  for (const [key, value] of Object.entries(error)) {
    if (value === undefined || typeof value === 'function') continue;
    if (typeof value === 'object' && value !== null) continue; // query params and the like stay here
    out[key] = value;
  }
  return out;
}

const port = parentPort;
const data = workerData as WorkerData | undefined;
if (port && data?.counters) {
  const { dataDir, counters } = data;
  const post = (message: WorkerMessage) => port.postMessage(message);
  try {
    const engine = await openEngine(dataDir, counters);
    port.on('message', ({ id, request }: { id: number; request: Request }) => {
      engine.run(request).then(
        (result) => post({ id, result }),
        (error: unknown) => post({ id, error: serializeError(error) }),
      );
    });
    post({ ready: true });
  } catch (error) {
    post({ failed: serializeError(error) });
  }
}
