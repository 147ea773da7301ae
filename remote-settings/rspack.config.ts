import { createConfig } from '../rspack.base.ts';

export default createConfig({
  app: 'remote-settings',
  dir: import.meta.dirname,
  exposes: { './app': './src/expose/app.ts' },
  hostRuntime: true,
});
