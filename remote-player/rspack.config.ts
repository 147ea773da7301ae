import path from 'node:path';
import { rspack, type Compiler } from '@rspack/core';
import { createConfig } from '../rspack.base.ts';

/**
 * The standalone player page (what partners frame) is served at deep paths such as /embed/tmdb-movie-653
 * from its own origin: `<base href="/">` makes its relative script URLs and config.json resolve from the
 * root instead of /embed/ (where they answer 404). Loading the player as a remote does not use the page.
 */
class StandaloneBaseHref {
  apply(compiler: Compiler) {
    compiler.hooks.compilation.tap('StandaloneBaseHref', (compilation) => {
      rspack.HtmlRspackPlugin.getCompilationHooks(compilation).alterAssetTagGroups.tap('StandaloneBaseHref', (data) => {
        data.headTags.unshift(rspack.HtmlRspackPlugin.createHtmlTagObject('base', { href: '/' }));
        return data;
      });
    });
  }
}

const config = createConfig({
  app: 'remote-player',
  dir: import.meta.dirname,
  exposes: { './app': './src/expose/app.ts' },
  alias: { 'cross-origin-worker': path.join(import.meta.dirname, 'src/worker/cross-origin-worker.ts') },
});
config.plugins = [...(config.plugins ?? []), new StandaloneBaseHref()];

export default config;
