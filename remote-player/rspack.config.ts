import path from 'node:path';
import { createConfig } from '../rspack.base.ts';

// The standalone page's <base href="/"> (deep paths such as /embed/tmdb-movie-653) is in scripts/remote.index.html.
export default createConfig({
  app: 'remote-player',
  dir: import.meta.dirname,
  exposes: { './app': './src/expose/app.ts' },
  alias: { 'cross-origin-worker': path.join(import.meta.dirname, 'src/worker/cross-origin-worker.ts') },
});
