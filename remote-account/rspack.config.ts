import { createConfig } from '../rspack.base.ts';

const config = createConfig({
  app: 'remote-account',
  dir: import.meta.dirname,
  exposes: { './app': './src/expose/app.ts' },
});

// @noble/ed25519 3 has no exports map and ships index.ts beside index.js; the base config resolves .ts
// first (and maps .js to .ts), so its TypeScript source is what gets bundled: strip its types.
config.module?.rules?.push({
  test: /[\\/]@noble[\\/]ed25519[\\/]index\.ts$/,
  loader: 'builtin:swc-loader',
  options: { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' } },
  type: 'javascript/auto',
});

export default config;
