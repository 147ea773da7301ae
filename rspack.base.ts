/**
 * The one rspack config factory every app (host and remotes) calls, and the one table of shared singletons.
 *
 *   export default createConfig({ app: 'remote-player', dir: import.meta.dirname, exposes: { './app': './src/expose/app.ts' } });
 */
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { rspack, type Compiler, type Configuration, type RspackPluginInstance } from '@rspack/core';
import { ReactRefreshRspackPlugin } from '@rspack/plugin-react-refresh';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { APPS, type AppName } from './scripts/apps.ts';

const root = path.dirname(fileURLToPath(import.meta.url));
const readJson = (file: string) => JSON.parse(fs.readFileSync(file, 'utf8')) as { version: string };
const versionOf = (pkg: string): string => readJson(path.join(root, 'node_modules', pkg, 'package.json')).version;
const major = (version: string) => `^${version.split('.')[0]}.0.0`;

/** The version of shared-contracts this app is built against (overridable to test a mismatch). */
export const contractsVersion = process.env.MW_CONTRACTS_VERSION ?? readJson(path.join(root, 'shared-contracts/package.json')).version;

/**
 * Shared singletons: loaded once, from the host, by every app. Subpaths are listed explicitly because
 * Module Federation matches requests literally. Versions come from what is installed at the root.
 */
export const SHARED = (() => {
  const table: Record<string, { singleton: true; requiredVersion: string; version?: string }> = {};
  const packages: Record<string, string[]> = {
    react: ['react', 'react/jsx-runtime', 'react/jsx-dev-runtime'],
    'react-dom': ['react-dom', 'react-dom/client'],
    'styled-components': ['styled-components'],
    valtio: ['valtio', 'valtio/vanilla', 'valtio/react'],
    i18next: ['i18next'],
    'react-i18next': ['react-i18next'],
  };
  for (const [pkg, requests] of Object.entries(packages)) {
    const version = versionOf(pkg);
    for (const request of requests) table[request] = { singleton: true, requiredVersion: major(version), version };
  }
  // The router is shared through shared-contracts/router, which re-exports the names the apps use: a shared
  // package cannot be tree-shaken, a module that imports a dozen of its names can (less JS on `/`).
  for (const request of ['shared-contracts', 'shared-contracts/router']) {
    table[request] = { singleton: true, requiredVersion: major(contractsVersion), version: contractsVersion };
  }
  return table;
})();

/** Writes .gz and .br next to every text asset so the static servers send compressed bytes without work per request. */
class PrecompressPlugin implements RspackPluginInstance {
  apply(compiler: Compiler) {
    compiler.hooks.thisCompilation.tap('PrecompressPlugin', (compilation) => {
      compilation.hooks.processAssets.tapPromise(
        { name: 'PrecompressPlugin', stage: rspack.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_TRANSFER },
        async (assets) => {
          const jobs = Object.keys(assets)
            .filter((name) => /\.(js|css|html|json|svg|txt|map)$/.test(name) && !name.endsWith('.map'))
            .map(async (name) => {
              const source = compilation.getAsset(name)!.source.buffer();
              if (source.length < 512) return;
              const [br, gz] = await Promise.all([
                new Promise<Buffer>((ok, fail) =>
                  zlib.brotliCompress(
                    source,
                    { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length } },
                    (e, out) => (e ? fail(e) : ok(out)),
                  ),
                ),
                new Promise<Buffer>((ok, fail) => zlib.gzip(source, { level: 9 }, (e, out) => (e ? fail(e) : ok(out)))),
              ]);
              compilation.emitAsset(`${name}.br`, new rspack.sources.RawSource(br));
              compilation.emitAsset(`${name}.gz`, new rspack.sources.RawSource(gz));
            });
          await Promise.all(jobs);
        },
      );
    });
  }
}

/**
 * Source maps name files relative to the repository: a generated module (Module Federation's runtime)
 * embeds the absolute paths it was built from, which would publish the build machine's folders.
 */
class RelativeSourceMapsPlugin implements RspackPluginInstance {
  apply(compiler: Compiler) {
    compiler.hooks.thisCompilation.tap('RelativeSourceMapsPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'RelativeSourceMapsPlugin', stage: rspack.Compilation.PROCESS_ASSETS_STAGE_DEV_TOOLING + 1 },
        (assets) => {
          // As written in a JSON string, and percent-encoded as in a webpack:// source name.
          const forms = [JSON.stringify(`${root}/`).slice(1, -1), encodeURIComponent(`${root}/`)];
          for (const name of Object.keys(assets).filter((n) => n.endsWith('.map'))) {
            const text = compilation.getAsset(name)!.source.source().toString();
            if (!forms.some((form) => text.includes(form))) continue;
            const relative = forms.reduce((out, form) => out.split(form).join(''), text);
            compilation.updateAsset(name, new rspack.sources.RawSource(relative));
          }
        },
      );
    });
  }
}

/**
 * Preloads, from the host's page, the chunks its boot always fetches: without it the boot code and the
 * app's component tree are requested only once main.js has run, then the app chunk only once the boot
 * chunk has, a chain of round trips before the first remote can even be asked for. With the links the
 * browser fetches them beside main.js; they still run when the boot asks for them.
 */
class PreloadChunksPlugin implements RspackPluginInstance {
  constructor(private readonly chunkGroups: string[]) {}

  apply(compiler: Compiler) {
    compiler.hooks.compilation.tap('PreloadChunksPlugin', (compilation) => {
      // On the finished page: edits to the tag lists in the earlier hooks did not reach the output (rspack 2.3).
      rspack.HtmlRspackPlugin.getCompilationHooks(compilation).beforeEmit.tap('PreloadChunksPlugin', (data) => {
        const files = this.chunkGroups.flatMap((name) => {
          const group = compilation.namedChunkGroups.get(name);
          if (!group) throw new Error(`PreloadChunksPlugin: no chunk group "${name}" (a webpackChunkName)`);
          return group.chunks.flatMap((chunk) => [...chunk.files].filter((file) => file.endsWith('.js')));
        });
        const publicPath = String(compilation.outputOptions.publicPath);
        const links = [...new Set(files)].map((file) => `<link rel="preload" as="script" href="${publicPath}${file}">`).join('');
        return { ...data, html: data.html.replace('</head>', `${links}</head>`) };
      });
    });
  }
}

export interface AppConfigOptions {
  app: AppName;
  /** The app's folder (import.meta.dirname of its rspack.config.ts). */
  dir: string;
  /** Exposed modules (remotes only). */
  exposes?: Record<string, string>;
  /** Module Federation runtime plugins (file paths). */
  runtimePlugins?: string[];
  /** Extra aliases. */
  alias?: Record<string, string>;
  /**
   * Production builds use the host's federation runtime instead of carrying their own (the remote's
   * remoteEntry.js carries no second copy, and the runtime is not evaluated a second time on the page). The
   * standalone page is then a compilation of its own, a plain app without federation, in `page/`. Not for
   * a remote with a worker: the worker is an entry of the same compilation and has no host to take it from.
   */
  hostRuntime?: boolean;
}

/** CORS for every dev server: remotes are fetched cross-origin by the host. */
const CORS_HEADERS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET, HEAD, OPTIONS',
  'Access-Control-Allow-Headers': '*',
};

type Variant = 'whole' | 'federated' | 'page';

export function createConfig(options: AppConfigOptions): Configuration | Configuration[] {
  const isDev = process.env.NODE_ENV === 'development' || process.argv.includes('development');
  if (!options.hostRuntime || isDev) return configOf(options, 'whole');
  // Two builds: the remoteEntry.js the host loads takes the host's runtime; the standalone page has its own.
  return [configOf(options, 'federated'), { ...configOf(options, 'page'), dependencies: [`${options.app}-federated`] }];
}

function configOf(options: AppConfigOptions, variant: Variant): Configuration {
  const app = APPS[options.app];
  const isDev = process.env.NODE_ENV === 'development' || process.argv.includes('development');
  const port = Number(process.env[app.portEnv] ?? app.port);
  const outDir = process.env.MW_OUT_DIR ? path.resolve(process.env.MW_OUT_DIR) : path.join(options.dir, 'dist');
  const hash = isDev ? '' : '.[contenthash:8]';
  const isHost = app.kind === 'host';

  const federated = variant !== 'page';
  const page = variant !== 'federated';
  // The page's own files under page/, so the two compilations never write the same name.
  const pageDir = variant === 'page' ? 'page/' : '';
  return {
    name: `${options.app}-${variant}`,
    mode: isDev ? 'development' : 'production',
    context: options.dir,
    entry: page ? { main: './src/index.ts' } : {},
    devtool: isDev ? 'cheap-module-source-map' : 'source-map',
    target: ['web', 'es2022'],
    output: {
      path: outDir,
      // Remotes resolve their chunks against the origin their manifest came from, so a build can move.
      publicPath: isHost ? '/' : 'auto',
      filename: `${pageDir}[name]${hash}.js`,
      chunkFilename: `${pageDir}[name]${hash}.js`,
      assetModuleFilename: `assets/[name]${hash}[ext]`,
      uniqueName: app.federationName,
      // The page compilation runs after the federated one, into the same folder.
      clean: variant !== 'page',
    },
    resolve: {
      extensions: ['.ts', '.tsx', '.js', '.jsx', '.json'],
      extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
      alias: options.alias ?? {},
    },
    module: {
      parser: {
        javascript: {
          // `new CrossOriginWorker(new URL('./x.worker.ts', import.meta.url))` compiles x.worker.ts as a worker
          // entry, and the class starts it through a same-origin blob when the app was loaded cross-origin.
          worker: ['CrossOriginWorker from cross-origin-worker', '...'],
        },
      },
      rules: [
        {
          test: /\.[jt]sx?$/,
          exclude: /node_modules/,
          loader: 'builtin:swc-loader',
          options: {
            jsc: {
              parser: { syntax: 'typescript', tsx: true },
              transform: { react: { runtime: 'automatic', development: isDev, refresh: isDev } },
            },
          },
          type: 'javascript/auto',
        },
        {
          // @noble/ed25519 3 (account-crypto) has no exports map and ships index.ts beside index.js; .ts
          // resolves first (and .js maps to .ts), so its TypeScript source is what gets bundled: strip its types.
          test: /[\\/]@noble[\\/]ed25519[\\/]index\.ts$/,
          loader: 'builtin:swc-loader',
          options: { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' } },
          type: 'javascript/auto',
        },
        { test: /\.(png|jpe?g|gif|svg|webp|woff2?)$/, type: 'asset' },
      ],
    },
    optimization: {
      runtimeChunk: false,
      // Worker chunks stay whole: inside a blob-started worker relative chunk loading would miss.
      // An exposed module's chunk stays whole too: it is what the host fetches first, and the modules it shares
      // with the standalone page's entry would be split into a chunk of their own, one more request.
      splitChunks: isDev
        ? false
        : { chunks: (chunk) => !chunk.name?.includes('worker') && !chunk.name?.startsWith('__federation_expose_') },
    },
    performance: { hints: false },
    plugins: [
      new rspack.DefinePlugin({
        __CONTRACTS_VERSION__: JSON.stringify(contractsVersion),
        __APP_NAME__: JSON.stringify(options.app),
        __APP_VERSION__: JSON.stringify(readJson(path.join(options.dir, 'package.json')).version),
        __BUILD_MARKER__: JSON.stringify(process.env.MW_BUILD_MARKER ?? ''),
        __DEV__: JSON.stringify(isDev),
      }),
      federated &&
        new ModuleFederationPlugin({
          name: app.federationName,
          filename: isHost ? undefined : 'remoteEntry.js',
          exposes: options.exposes,
          remotes: {},
          // The host always provides the shared singletons: eager, they ship in its entry chunk rather than
          // as a dozen chunks fetched one round trip after main.js. Remotes keep them lazy and take the host's.
          shared: isHost
            ? Object.fromEntries(Object.entries(SHARED).map(([request, entry]) => [request, { ...entry, eager: true }]))
            : SHARED,
          // The host's singletons are eager and loaded at its start, so they are the ones every app uses either way.
          // "version-first" (the default) also fetches every registered remote's entry to compare versions the
          // first time a shared module is resolved after the remotes are registered (the player's, the
          // account's and the settings' on `/`), and it ties the boot's order to that rule.
          shareStrategy: isHost ? 'loaded-first' : undefined,
          runtimePlugins: options.runtimePlugins ?? [],
          manifest: isHost ? false : { fileName: 'mf-manifest.json' },
          dts: false,
          // The federation runtime for browsers only; remotes load no remotes of their own, so they drop
          // the manifest snapshot code the host needs (discover's remoteEntry.js is on `/`).
          // The host provides its runtime to remotes built to use it (hostRuntime).
          experiments: {
            optimization: { target: 'web', disableSnapshot: !isHost },
            ...(isHost ? { provideExternalRuntime: true } : {}),
            ...(variant === 'federated' ? { externalRuntime: true } : {}),
          },
          dev: isDev ? { disableDynamicRemoteTypeHints: true } : false,
        }),
      page && isHost && !isDev ? new PreloadChunksPlugin(['bootstrap', 'app']) : null,
      page &&
        new rspack.HtmlRspackPlugin({
          // The host has its own page (app shell); the remotes' standalone pages share one template.
          template: isHost ? path.join(options.dir, 'index.html') : path.join(root, 'scripts/remote.index.html'),
          templateParameters: { title: `movie-web · ${app.federationName}` },
          chunks: ['main'],
          minify: !isDev,
        }),
      page && fs.existsSync(path.join(options.dir, 'public'))
        ? new rspack.CopyRspackPlugin({ patterns: [{ from: path.join(options.dir, 'public'), to: outDir }] })
        : null,
      isDev ? new ReactRefreshRspackPlugin() : null,
      // Remotes inside the host must register with the host's refresh runtime, or hot updates apply
      // without re-rendering (module-federation/core#4686).
      isDev
        ? new rspack.NormalModuleReplacementPlugin(/^react-refresh\/runtime$/, path.join(root, 'scripts/dev/react-refresh-runtime.cjs'))
        : null,
      // V8's explicit compile hint: every function of our scripts is compiled while the script streams in,
      // on a background thread, instead of lazily on the main thread at its first call, where it would hold
      // up the first screen. After minification, which would drop the comment; before the source maps are
      // written, which account for the added line.
      isDev
        ? null
        : new rspack.BannerPlugin({
            banner: '//# allFunctionsCalledOnLoad',
            raw: true,
            test: /\.js$/,
            // Except hls.js: a stream uses a small part of it, and a script compiled whole must finish compiling
            // before it runs, which would delay play → first frame.
            exclude: /(^|\/)hls\.[0-9a-f]+\.js$/,
            stage: rspack.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE + 1,
          }),
      isDev ? null : new RelativeSourceMapsPlugin(),
      isDev ? null : new PrecompressPlugin(),
    ].filter(Boolean),
    devServer: {
      port,
      host: 'localhost',
      hot: true,
      headers: CORS_HEADERS,
      historyApiFallback: true,
      client: { overlay: { errors: true, warnings: false }, webSocketURL: `ws://localhost:${port}/ws` },
    },
    lazyCompilation: false,
    experiments: {},
  } satisfies Configuration;
}
