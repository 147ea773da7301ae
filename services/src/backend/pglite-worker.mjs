// Entry of the database thread. The thread starts without the parent's loader flags, so TypeScript
// support is registered here (tsx), whatever runs the parent (tsx, vitest, Playwright).
import { register } from 'tsx/esm/api';

register();
await import('./pglite-worker.ts');
