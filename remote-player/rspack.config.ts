import path from 'node:path';
import { createConfig } from '../rspack.base.ts';

export default createConfig({
  app: 'remote-player',
  dir: import.meta.dirname,
  exposes: { './app': './src/expose/app.ts' },
  alias: { 'cross-origin-worker': path.join(import.meta.dirname, 'src/worker/cross-origin-worker.ts') },
});
