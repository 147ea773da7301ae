/** The inline app shell in index.html must say what the home page will say. */
import fs from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LANGUAGES, THEMES, THEME_NAMES, parseRuntimeConfig, pickLanguage, type CatalogList } from 'shared-contracts';
import en from '../locales/en.json';
import { createCatalog, catalogEndpoint } from 'host-core/catalog';
import { homeMoment } from './home-titles';
import { firstRemotePage } from './routes';

const html = fs.readFileSync(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../index.html'), 'utf8');
// One script starts the page: its first requests, then the shell.
const script = /<script id="page-start">([\s\S]*?)<\/script>/.exec(html)![1]!;

interface Shell {
  moment: (d: Date) => string;
  titles: Record<string, Record<string, string>>;
  loading: Record<string, string>;
  back: Record<string, string>;
  pickLanguage: (preferred: string[]) => string;
  themes: Record<string, string[]>;
  discover: Record<string, string[]>;
}

function runShell(): Shell {
  const window: Record<string, unknown> = {};
  vm.runInNewContext(script, {
    window,
    location: { pathname: '/nope', hash: '' },
    localStorage: { getItem: () => null },
    navigator: { language: 'en' },
    document: {},
  });
  return {
    moment: window.__mwShellMoment as Shell['moment'],
    titles: window.__mwShellTitles as Shell['titles'],
    loading: window.__mwShellLoading as Shell['loading'],
    back: window.__mwShellBack as Shell['back'],
    pickLanguage: window.__mwPickLanguage as Shell['pickLanguage'],
    themes: window.__mwShellThemes as Shell['themes'],
    discover: window.__mwShellDiscover as Shell['discover'],
  };
}

/** The page as the script leaves it: the root element's document language and direction, and what it shows. */
function runPage(options: { pathname?: string; search?: string; stored?: string; languages?: string[] }) {
  const html = { lang: 'en', dir: 'ltr' };
  const boot = { textContent: 'Loading…' };
  const span = { textContent: '' };
  const root = { innerHTML: '<p id="boot">Loading…</p>', querySelector: (s: string) => (s === 'span' ? span : { textContent: '' }) };
  vm.runInNewContext(script, {
    window: {},
    URL,
    URLSearchParams,
    setTimeout: () => 0,
    location: { pathname: options.pathname ?? '/', search: options.search ?? '', hash: '' },
    localStorage: {
      getItem: (key: string) => (key === '__MW::locale' && options.stored ? JSON.stringify({ state: { language: options.stored } }) : null),
    },
    sessionStorage: { getItem: () => null },
    navigator: { languages: options.languages ?? ['en-US'], language: options.languages?.[0] ?? 'en-US' },
    document: { documentElement: html, getElementById: (id: string) => (id === 'boot' ? boot : root) },
    fetch: () => new Promise(() => {}),
  });
  return { html, boot: boot.textContent, root: root.innerHTML, watchLabel: span.textContent };
}

describe('app shell', () => {
  const shell = runShell();
  it('starts the first requests before it draws the shell', () => {
    const order: string[] = [];
    const root = {
      set innerHTML(_: string) {
        order.push('shell');
      },
      querySelector: () => ({ textContent: '' }),
    };
    vm.runInNewContext(script, {
      window: {},
      setTimeout: () => 0,
      location: { pathname: '/', search: '', hash: '' },
      localStorage: { getItem: () => null },
      sessionStorage: { getItem: () => null },
      navigator: { language: 'en' },
      document: { getElementById: () => root },
      fetch: (url: string) => {
        order.push(url);
        return new Promise(() => {});
      },
    });
    expect(order).toEqual(['/config.json', '/remotes.json', 'shell']);
  });
  it("uses the home's titles in every language", () => {
    const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../locales');
    const texts = Object.fromEntries(
      LANGUAGES.map((l) => [
        l,
        (JSON.parse(fs.readFileSync(path.join(dir, `${l}.json`), 'utf8')) as { home: { titles: Record<string, string> } }).home.titles,
      ]),
    );
    expect(shell.titles).toEqual(texts);
    expect(shell.titles.en).toEqual(en.home.titles);
  });
  it("says Discover's words as remote-discover does, in every language", () => {
    const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../remote-discover/src/locales');
    const texts = Object.fromEntries(
      LANGUAGES.map((l) => {
        const d = JSON.parse(fs.readFileSync(path.join(dir, `${l}.json`), 'utf8')) as {
          title: string;
          random: { button: string };
          tabs: Record<'movies' | 'tvshows' | 'editorpicks', string>;
          providers: { label: string };
          categories: { label: string };
          rows: Record<'nowPlaying' | 'topRated' | 'popular', string>;
        };
        return [
          l,
          [
            d.title,
            d.random.button,
            d.tabs.movies,
            d.tabs.tvshows,
            d.tabs.editorpicks,
            d.providers.label,
            d.categories.label,
            d.rows.nowPlaying,
            d.rows.topRated,
            d.rows.popular,
          ],
        ];
      }),
    );
    expect(shell.discover).toEqual(texts);
  });
  it("knows every theme's colours the frame draws with", () => {
    const keys = ['background', 'surface', 'surfaceRaised', 'border', 'text', 'textDim'] as const;
    expect(shell.themes).toEqual(Object.fromEntries(THEME_NAMES.map((name) => [name, keys.map((key) => THEMES[name].colors[key])])));
  });
  it('says "Loading…" as every language the apps ship says it', () => {
    const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../locales');
    const texts = Object.fromEntries(
      LANGUAGES.map((l) => [
        l,
        (JSON.parse(fs.readFileSync(path.join(dir, `${l}.json`), 'utf8')) as { global: { loading: string } }).global.loading,
      ]),
    );
    expect(shell.loading).toEqual(texts);
    expect(Object.keys(shell.loading)).toEqual([...LANGUAGES]); // the same order: a base-language match picks the same one
  });
  it('says "Back" on a watch page as every language the host ships says it', () => {
    const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../locales');
    const texts = Object.fromEntries(
      LANGUAGES.map((l) => [
        l,
        (JSON.parse(fs.readFileSync(path.join(dir, `${l}.json`), 'utf8')) as { navigation: { back: string } }).navigation.back,
      ]),
    );
    expect(shell.back).toEqual(texts);
  });
  it.each([[['fr-CA', 'en']], [['pt', 'es']], [['PT-br']], [['xx', 'he-IL']], [['zh-Hant-TW']], [['xx']], [[]]])(
    'picks the same language as the app for %j',
    (preferred) => expect(shell.pickLanguage(preferred)).toBe(pickLanguage(preferred)),
  );
  it('reads right to left and says "Loading…" in Arabic from the first frame when Arabic is chosen', () => {
    const page = runPage({ stored: 'ar', languages: ['en-US'] });
    expect(page.html).toEqual({ lang: 'ar', dir: 'rtl' });
    expect(page.boot).toBe('جارٍ التحميل…');
    expect(page.root).toContain('shell-hero'); // the home's heading, in Arabic (app-shell.dom.test.ts)
  });
  it("follows the browser's languages on a first visit, and falls back to them when the stored one is unknown", () => {
    expect(runPage({ languages: ['he-IL', 'en'] }).html).toEqual({ lang: 'he', dir: 'rtl' });
    expect(runPage({ stored: 'xx', languages: ['de-AT'] }).boot).toBe('Wird geladen…');
    const english = runPage({ languages: ['en-GB'] });
    expect(english.html).toEqual({ lang: 'en', dir: 'ltr' });
    expect(english.root).toContain('shell-hero');
  });
  it("draws Discover's movies and TV tabs, and nothing it cannot draw as the page will", () => {
    const frame = 'data-shell-page="discover/discover"';
    expect(runPage({ pathname: '/discover' }).root).toContain(frame);
    expect(runPage({ pathname: '/discover/', search: '?tab=movies' }).root).toContain(frame);
    expect(runPage({ pathname: '/discover', search: '?tab=tvshows' }).root).toContain(frame);
    expect(runPage({ pathname: '/discover', search: '?tab=editorpicks' }).root).not.toContain(frame);
    expect(runPage({ pathname: '/discover', stored: 'ar' }).root).toContain(frame);
    expect(runPage({ pathname: '/discovery' }).root).not.toContain(frame);
  });
  it("labels a watch page's wait in the page's language", () => {
    const page = runPage({ pathname: '/media/tmdb-movie-653', stored: 'fr' });
    expect(page.root).toContain('shell-player');
    expect(page.watchLabel).toBe('Chargement…');
    // Its ?language= goes first, as the app applies it; elsewhere, and unknown, it is ignored.
    expect(runPage({ pathname: '/media/tmdb-movie-653', search: '?language=ar', stored: 'fr' }).html).toEqual({ lang: 'ar', dir: 'rtl' });
    expect(runPage({ pathname: '/media/tmdb-movie-653', search: '?language=xx', stored: 'fr' }).html.lang).toBe('fr');
    expect(runPage({ pathname: '/about', search: '?language=ar', stored: 'fr' }).html.lang).toBe('fr');
  });
  it.each([
    '2026-03-10T06:00:00',
    '2026-03-10T12:30:00',
    '2026-03-10T19:00:00',
    '2026-03-10T02:00:00',
    '2026-10-31T10:00:00',
    '2026-12-24T10:00:00',
    '2027-01-01T10:00:00',
  ])('picks the same moment as the app at %s', (iso) => expect(shell.moment(new Date(iso))).toBe(homeMoment(new Date(iso))));
});

interface Page {
  pathname: string;
  search?: string;
  preferences?: unknown;
  onboarding?: unknown;
  overrides?: string;
  /** The page's language, as the shell's second part sets it. */
  lang?: string;
}

/** Runs the page's early-requests script; resolves with the URLs it requested once its promises settle. */
async function runEarly(
  page: Page,
  remotesJson: unknown = remotes,
  manifestJson: unknown = manifest,
  configJson: unknown = null,
): Promise<{ requested: string[]; inits: Record<string, RequestInit | undefined>; early: Record<string, unknown>; preloaded: string[] }> {
  const requested: string[] = [];
  const inits: Record<string, RequestInit | undefined> = {};
  const preloaded: string[] = [];
  const window: Record<string, unknown> = {};
  const stored: Record<string, unknown> = { '__MW::preferences': page.preferences, '__MW::onboarding': page.onboarding };
  vm.runInNewContext(script, {
    window,
    URL,
    URLSearchParams,
    document: {
      documentElement: { lang: page.lang ?? 'en' },
      createElement: () => ({}),
      head: {
        appendChild: (link: { rel: string; as: string; href: string }) => preloaded.push(`${link.rel} ${link.as} ${link.href}`),
      },
    },
    setTimeout: () => 0,
    location: { pathname: page.pathname, search: page.search ?? '', hash: '' },
    localStorage: { getItem: (key: string) => (stored[key] ? JSON.stringify(stored[key]) : null) },
    sessionStorage: { getItem: (key: string) => (key === '__MW::remote-overrides' ? (page.overrides ?? null) : null) },
    fetch: (url: string, init?: RequestInit) => {
      requested.push(url);
      inits[url] = init;
      const body =
        url === '/remotes.json' ? remotesJson : url === '/config.json' ? configJson : url.endsWith('mf-manifest.json') ? manifestJson : {};
      return Promise.resolve(new Response(JSON.stringify(body)));
    },
  });
  await new Promise((resolve) => setTimeout(resolve, 10));
  return { requested, inits, early: window.__mwEarly as Record<string, unknown>, preloaded };
}

/** The parts of a remote's mf-manifest.json the page reads (as remote-discover's build writes it). */
const manifest = {
  metaData: { name: 'discover', publicPath: 'auto', remoteEntry: { name: 'remoteEntry.js', path: '', type: 'global' } },
  shared: [],
  exposes: [
    {
      name: 'app',
      assets: {
        js: {
          sync: ['__federation_expose_app.4f61e2c4.js'],
          async: ['110.0396cf04.js', 'page-discover.9a1c2e07.js', 'page-discoverx.1.js'],
        },
        css: { sync: [], async: [] },
      },
    },
  ],
};

const remotes = {
  discover: 'http://localhost:3001/mf-manifest.json',
  player: 'http://localhost:3002/mf-manifest.json',
  account: 'http://localhost:3003/mf-manifest.json',
  settings: 'http://localhost:3004/mf-manifest.json',
};

describe('early requests', () => {
  const firstPage = (() => {
    const window: Record<string, unknown> = {};
    vm.runInNewContext(script, { window, setTimeout: () => 0 });
    return window.__mwFirstPage as (pathname: string, enableDiscover: boolean) => { remote: string; page: string } | null;
  })();

  it.each([
    '/',
    '/discover',
    '/discover/',
    '/settings',
    '/login',
    '/register',
    '/media/tmdb-movie-550-fight-club',
    '/media/tmdb-tv-1399-got/season-1/episode-2',
    '/embed/tmdb-movie-550',
    '/media/tmdb-tv-1399-got/season-1',
    '/bookmarks',
    '/onboarding',
    '/nope/deeper',
  ])('picks the same first remote page as the app for %s', (pathname) => {
    for (const enableDiscover of [true, false]) {
      expect(firstPage(pathname, enableDiscover)).toEqual(firstRemotePage(pathname, enableDiscover));
    }
  });

  it("requests the configuration and the first page's manifest, and keeps them for the app", async () => {
    const { requested, early } = await runEarly({ pathname: '/' });
    expect(requested).toEqual(['/config.json', '/remotes.json', remotes.discover]);
    expect(Object.keys(early)).toEqual(requested);
    expect((await runEarly({ pathname: '/media/tmdb-movie-550-fight-club' })).requested).toContain(remotes.player);
  });

  it("preloads the remote's entry and app module as the federation runtime will ask for them", async () => {
    expect((await runEarly({ pathname: '/' })).preloaded).toEqual([
      'preload script http://localhost:3001/remoteEntry.js',
      'preload script http://localhost:3001/__federation_expose_app.4f61e2c4.js',
    ]);
    const elsewhere = { ...manifest, metaData: { ...manifest.metaData, publicPath: 'https://cdn.example/discover/' } };
    expect((await runEarly({ pathname: '/' }, remotes, elsewhere)).preloaded).toEqual([
      'preload script https://cdn.example/discover/remoteEntry.js',
      'preload script https://cdn.example/discover/__federation_expose_app.4f61e2c4.js',
    ]);
    for (const bad of [null, {}, { metaData: { remoteEntry: { name: 'x.js', type: 'esm' }, publicPath: 'auto' } }, '<html>']) {
      expect((await runEarly({ pathname: '/' }, remotes, bad)).preloaded).toEqual([]);
    }
  });

  it("preloads the first page's own chunk, the one named after it", async () => {
    expect((await runEarly({ pathname: '/discover' })).preloaded).toEqual([
      'preload script http://localhost:3001/remoteEntry.js',
      'preload script http://localhost:3001/__federation_expose_app.4f61e2c4.js',
      'preload script http://localhost:3001/page-discover.9a1c2e07.js',
    ]);
  });

  it('requests no manifest where the first page is not a remote, or may come from elsewhere', async () => {
    for (const page of [
      { pathname: '/bookmarks' },
      { pathname: '/', preferences: { state: { enableDiscover: false }, version: 0 } },
      { pathname: '/', search: '?remote.discover=http://localhost:4001/mf-manifest.json' },
      { pathname: '/discover', overrides: '{"discover":"http://localhost:4001/mf-manifest.json"}' },
    ]) {
      expect((await runEarly(page)).requested).toEqual(['/config.json', '/remotes.json']);
    }
  });

  it('requests no manifest when remotes.json names no usable URL for it', async () => {
    for (const bad of [{ discover: 'javascript:alert(1)' }, { discover: 'not a url' }, [], 'x']) {
      expect((await runEarly({ pathname: '/' }, bad)).requested).toEqual(['/config.json', '/remotes.json']);
    }
  });
});

describe("early requests of the first page's first catalog row", () => {
  /** What the app's catalog client asks for pages 1 and 2 of `path` under `config`, in `language`. */
  async function catalogRequests(config: Record<string, unknown>, list: CatalogList, language = 'en') {
    const asked: { url: string; headers: unknown }[] = [];
    const parsed = parseRuntimeConfig(config);
    if (!parsed.ok) throw new Error(parsed.error);
    const runtime = parsed.value;
    const catalog = createCatalog({
      endpoint: () => catalogEndpoint(runtime, { proxyTmdb: false, proxyUrls: [] }),
      language: () => language,
      fetch: async (url, init) => {
        asked.push({ url: url as string, headers: init?.headers });
        return new Response('{"results":[]}');
      },
    });
    for (const page of [1, 2]) await catalog.list(list, page);
    catalog.dispose();
    return asked;
  }
  /** The catalog requests the page made, with their headers. */
  const shellRequests = ({ requested, inits }: Awaited<ReturnType<typeof runEarly>>) =>
    requested.filter((url) => url.includes('/3/')).map((url) => ({ url, headers: inits[url]?.headers }));

  const local = { localCatalogUrl: 'http://localhost:4100/' };
  const tmdb = { tmdbReadToken: 'a-read-token', tmdbApiUrl: 'https://api.example' };
  const defaults = [{}, { tmdbReadToken: 'a-read-token' }];
  const key = { tmdbReadToken: '0123456789abcdef0123456789abcdef', tmdbApiUrl: 'https://api.example' };

  it.each<[string, string, CatalogList]>([
    ['/', '', { kind: 'movie-list', list: 'popular' }],
    ['/discover', '', { kind: 'movie-list', list: 'now_playing' }],
    ['/discover/', '?tab=movies', { kind: 'movie-list', list: 'now_playing' }],
    ['/discover', '?tab=nope', { kind: 'movie-list', list: 'now_playing' }],
    ['/discover', '?tab=tvshows', { kind: 'tv-list', list: 'top_rated' }],
  ])('asks for %s%s the row the app asks for first, as its catalog client asks', async (pathname, search, row) => {
    for (const config of [local, tmdb, key, ...defaults]) {
      for (const lang of ['en', 'fr']) {
        const page = await runEarly({ pathname, search, lang }, remotes, manifest, config);
        expect(shellRequests(page)).toEqual(await catalogRequests(config, row, lang));
        for (const request of shellRequests(page)) expect(Object.keys(page.early)).toContain(request.url);
      }
    }
  });

  it('asks for none where the first screen is not such a row, or the app asks through a proxy or shows something else', async () => {
    for (const page of [
      { pathname: '/discover', search: '?tab=editorpicks' },
      { pathname: '/settings' },
      { pathname: '/', preferences: { state: { enableDiscover: false } } },
      { pathname: '/discover', preferences: { state: { proxyTmdb: true } } },
      { pathname: '/discover', overrides: '{"discover":"http://localhost:4001/mf-manifest.json"}' },
    ]) {
      expect(shellRequests(await runEarly(page, remotes, manifest, local))).toEqual([]);
    }
    expect(shellRequests(await runEarly({ pathname: '/discover' }, remotes, manifest, { ...local, routerMode: 'hash' }))).toEqual([]);
    expect(shellRequests(await runEarly({ pathname: '/discover' }, remotes, manifest, { ...local, hasOnboarding: true }))).toEqual([]);
    const onboarded = { pathname: '/discover', onboarding: { state: { completed: true } } };
    expect(shellRequests(await runEarly(onboarded, remotes, manifest, { ...local, hasOnboarding: true }))).toHaveLength(2);
    expect(shellRequests(await runEarly({ pathname: '/discover' }, remotes, manifest, null))).toEqual([]);
  });
});
