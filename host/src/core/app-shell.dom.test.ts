// @vitest-environment jsdom
/** What index.html's script draws on a watch page before any of the app's scripts, in a DOM. */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { keyOf, serialize } from 'host-core/persist';
import { progressDefinition } from 'host-core/local-stores/definitions';
import { createCatalog, catalogEndpoint } from 'host-core/catalog';
import { parseRuntimeConfig } from 'shared-contracts';
import { takeFirstRowOrder } from './early-requests';
import { homeMoment } from './home-titles';
import ar from '../locales/ar.json';

const html = fs.readFileSync(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../index.html'), 'utf8');
const script = /<script id="page-start">([\s\S]*?)<\/script>/.exec(html)![1]!;

// The page's early requests go nowhere here.
beforeEach(() => vi.stubGlobal('fetch', () => new Promise(() => {})));
afterEach(() => vi.unstubAllGlobals());

/** The page as the browser has it once index.html's script has run, before any of the app's scripts: its path, storage, #root. */
function firstFrame(url: string, stored: Record<string, string> = {}) {
  localStorage.clear();
  for (const [key, value] of Object.entries(stored)) localStorage.setItem(key, value);
  window.history.replaceState(null, '', url);
  document.documentElement.lang = 'en';
  document.documentElement.dir = 'ltr';
  document.body.innerHTML = '<div id="root"><p id="boot">Loading…</p></div>';
  // What an earlier page's script left on the window.
  for (const key of ['__mwShellRow', '__mwShellRowOrder', '__mwShellRowTaken', '__mwShellRowComing', '__mwFirstFrame'])
    delete (window as unknown as Record<string, unknown>)[key];
  document.getElementById('shell-theme')?.remove();
  // The page's script as the browser runs it: in the global scope (an indirect eval).
  (0, eval)(script);
  return window;
}

/** The declarations of one rule of index.html's stylesheet, by its exact selector. */
function rule(selector: string): string | null {
  const style = /<style>([\s\S]*?)<\/style>/.exec(html)![1]!.replace(/\/\*[\s\S]*?\*\//g, '');
  for (const match of style.matchAll(/([^{}]+)\{([^{}]*)\}/g)) {
    if (match[1]!.split(',').some((s) => s.trim() === selector)) return match[2]!;
  }
  return null;
}

const nextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

describe("a watch page's first frame", () => {
  const progress = (title: string) => ({
    [keyOf(progressDefinition.name)]: serialize(progressDefinition, {
      items: {
        '653': {
          type: 'movie',
          title,
          year: 1922,
          updatedAt: 1,
          progress: { watched: 30, duration: 5000 },
          seasons: {},
          episodes: {},
        },
      },
      updateQueue: [],
    }),
  });

  it('shows Back, where ?back= leads on this site, and the loading words for screen readers', () => {
    const window = firstFrame('/media/tmdb-movie-653-nosferatu?back=%2Fdiscover');
    const waiting = window.document.querySelector('#root > .shell-player')!;
    const back = waiting.querySelector('.shell-player-top a')!;
    expect(back.textContent).toBe('Back');
    expect(back.getAttribute('href')).toBe('/discover');
    expect(waiting.querySelector('[role=status]')!.textContent).toBe('Loading…');
    expect(waiting.querySelector('h1')).toBeNull(); // this device does not know the title
    expect(
      firstFrame('/media/tmdb-movie-653?back=%2F%2Fevil.example').document.querySelector('.shell-player-top a')!.getAttribute('href'),
    ).toBe('/');
  });

  it('paints a flat backdrop first: the gradient glow waits on its own layer for the frame after', async () => {
    // A gradient the size of the viewport is rasterised pixel by pixel; the first frame does not wait for it.
    expect(rule('.shell-player')).toMatch(/background:\s*#000;/);
    expect(rule('.shell-player')).not.toMatch(/gradient/);
    expect(rule('.shell-player::after')).toMatch(/radial-gradient\(circle at 50% 30%, #1b1d2c, #000 70%\)/);
    expect(rule('.shell-player[data-first-frame]::after')).toMatch(/opacity:\s*0;/);
    const window = firstFrame('/media/tmdb-movie-653-nosferatu');
    const waiting = window.document.querySelector('.shell-player')!;
    expect(waiting.hasAttribute('data-first-frame')).toBe(true);
    await nextFrame();
    expect(waiting.hasAttribute('data-first-frame')).toBe(false);
  });

  it('names the title this device knows as text, and nothing from the address', () => {
    const hostile = '<img src=x onerror="window.__owned=1">';
    const known = firstFrame('/media/tmdb-movie-653-nosferatu', progress(hostile));
    expect(known.document.querySelector('.shell-player-top h1')!.textContent).toBe(hostile);
    expect(known.document.querySelector('img')).toBeNull();
    // A slug is lower-case words anyone can write into a link: it is not the title, and never markup.
    const slug = firstFrame(`/media/tmdb-movie-653-${encodeURIComponent(hostile)}`);
    expect(slug.document.querySelector('.shell-player-top a')!.textContent).toBe('Back');
    expect(slug.document.querySelector('.shell-player h1')).toBeNull();
    expect(slug.document.querySelector('img')).toBeNull();
    expect((slug as unknown as { __owned?: number }).__owned).toBeUndefined();
  });

  it('reads right to left in Arabic, its Back arrow mirrored', () => {
    const window = firstFrame('/media/tmdb-movie-653-nosferatu?language=ar');
    expect(window.document.documentElement.dir).toBe('rtl');
    expect(window.document.querySelector('.shell-player-top a')!.textContent).toBe('رجوع');
    expect(rule("[dir='rtl'] .shell-player-top svg")).toMatch(/transform:\s*scaleX\(-1\)/);
  });
});

describe("Discover's first frame", () => {
  const film = (id: number, extra: Record<string, unknown> = {}) => ({ id, title: `Film ${id}`, poster_path: `/p${id}.png`, ...extra });
  const pages: Record<string, unknown> = {
    '1': {
      results: [
        film(1),
        film(2),
        { id: '3', title: 'an id that is not a number', poster_path: '/p3.png' },
        film(4, { title: '  ', original_title: '' }),
        film(5, { media_type: 'person' }),
        film(6, { poster_path: null }),
        film(7, { title: '<img src=x onerror=alert(1)>' }),
        null,
        ...Array.from({ length: 14 }, (_, i) => film(100 + i)),
      ],
    },
    '2': {
      results: [film(1), film(2), film(8, { media_type: 'tv', title: undefined, name: 'A show' }), film(9, { poster_path: 'p9.png' })],
    },
  };
  const config = { localCatalogUrl: 'http://catalog.example/' };

  /** /discover's first frame, its early requests answered: the config, then both pages of its first row. */
  async function drawnDiscover() {
    vi.stubGlobal('fetch', async (url: string) => {
      if (url === '/config.json') return new Response(JSON.stringify(config));
      const page = /\/3\/movie\/now_playing\?.*page=(\d)/.exec(url)?.[1];
      return page ? new Response(JSON.stringify(pages[page])) : new Response('{}', { status: 404 });
    });
    const window = firstFrame('/discover');
    await vi.waitFor(() => expect((window as { __mwShellRowOrder?: unknown }).__mwShellRowOrder).toBeDefined());
    return window as typeof window & { __mwShellRowOrder: string[] };
  }

  /** The cards the app makes of the same answers (host-core's catalog), by `type:tmdbId`. */
  async function appCards() {
    const parsed = parseRuntimeConfig(config);
    if (!parsed.ok) throw new Error(parsed.error);
    const runtime = parsed.value;
    const catalog = createCatalog({
      endpoint: () => catalogEndpoint(runtime, { proxyTmdb: false, proxyUrls: [] }),
      language: () => 'en',
      fetch: async (url) => new Response(JSON.stringify(pages[/page=(\d)/.exec(url as string)![1]!])),
    });
    const cards = (await Promise.all([1, 2].map((page) => catalog.list({ kind: 'movie-list', list: 'now_playing' }, page)))).flat();
    catalog.dispose();
    return new Map(cards.map((card) => [`${card.type}:${card.tmdbId}`, card.poster]));
  }

  it('draws the row the app makes of the same answers: its cards shuffled, unique, at most 20, their posters in place', async () => {
    const window = await drawnDiscover();
    const cards = await appCards();
    const order = window.__mwShellRowOrder;
    expect(order).toHaveLength(20);
    expect(new Set(order).size).toBe(20);
    expect(order.filter((key) => !cards.has(key))).toEqual([]);
    const places = [...window.document.querySelectorAll('.shell-discover li .poster')];
    expect(places).toHaveLength(10);
    places.forEach((place, n) => expect(place.querySelector('img')?.src).toBe(cards.get(order[n]!)));
    expect(window.document.querySelector('.shell-discover img')!.getAttribute('fetchpriority')).toBe('high');
    // Titles are the page's to draw: nothing from an answer reaches the frame as markup.
    expect(window.document.querySelector('.shell-discover')!.innerHTML).not.toContain('onerror');
  });

  it("draws the TV tab: its tab chosen, its providers and categories, and its first row's shows", async () => {
    const show = (id: number) => ({ id, name: `Show ${id}`, poster_path: `/s${id}.png` });
    const answer = { results: Array.from({ length: 12 }, (_, i) => show(200 + i)) };
    vi.stubGlobal('fetch', async (url: string) => {
      if (url === '/config.json') return new Response(JSON.stringify(config));
      return /\/3\/tv\/top_rated\?/.test(url) ? new Response(JSON.stringify(answer)) : new Response('{}', { status: 404 });
    });
    const window = firstFrame('/discover?tab=tvshows', { '__MW::locale': JSON.stringify({ version: 1, state: { language: 'ar' } }) });
    const frame = window.document.querySelector('.shell-discover')!;
    expect(frame.querySelector('.tab.selected')!.textContent).toBe('مسلسلات');
    expect([...frame.querySelectorAll('.pills:not(.categories) .pill')].map((pill) => pill.textContent)).toContain('fubuTV');
    expect([...frame.querySelectorAll('.categories .pill')].map((pill) => pill.textContent)).toEqual(['الأعلى تقييمًا', 'الأكثر شعبية']);
    expect(frame.querySelector('h2')!.textContent).toBe('الأعلى تقييمًا');
    await vi.waitFor(() => expect((window as { __mwShellRowOrder?: unknown }).__mwShellRowOrder).toBeDefined());
    // Shows, as host-core's catalog makes the cards of a TV list (its entries carry no media_type).
    const order = (window as { __mwShellRowOrder?: string[] }).__mwShellRowOrder!;
    expect(order.slice().sort()).toEqual(answer.results.map((s) => `show:${s.id}`).sort());
    expect(frame.querySelectorAll('li img')).toHaveLength(10);
  });

  it("says the page's words in its language", () => {
    const window = firstFrame('/discover', { '__MW::locale': JSON.stringify({ version: 1, state: { language: 'ar' } }) });
    const frame = window.document.querySelector('.shell-discover')!;
    expect(window.document.documentElement.dir).toBe('rtl');
    expect(frame.querySelector('h1')!.textContent).toBe('اكتشف');
    expect([...frame.querySelectorAll('.tab')].map((tab) => tab.textContent)).toEqual(['أفلام', 'مسلسلات', 'اختيارات المحرر']);
    expect([...frame.querySelectorAll('.categories .pill')].map((pill) => pill.textContent)).toEqual([
      'يُعرض الآن',
      'الأعلى تقييمًا',
      'الأكثر شعبية',
    ]);
    expect(frame.querySelector('h2')!.textContent).toBe('يُعرض الآن');
    expect(frame.querySelectorAll('.pills-label')[1]!.textContent).toBe('الفئات');
  });

  /** Whether the frame's hold on the app's scripts has ended, after the timers and frames due by now. */
  async function released(window: Window) {
    let done = false;
    void (window as { __mwFirstFrame?: Promise<unknown> }).__mwFirstFrame?.then(() => (done = true));
    await nextFrame();
    await nextFrame();
    return done;
  }

  it("holds the app's scripts back until a poster has loaded, or failed to", async () => {
    const window = await drawnDiscover();
    expect(await released(window)).toBe(false);
    window.document.querySelectorAll('.shell-discover img')[3]!.dispatchEvent(new Event('error'));
    expect(await released(window)).toBe(true);
  });

  it('lets the app start at once when no poster will come', async () => {
    vi.stubGlobal('fetch', async (url: string) =>
      url === '/config.json' ? new Response(JSON.stringify({ ...config, hasOnboarding: true })) : new Response('{}'),
    );
    const window = firstFrame('/discover');
    await vi.waitFor(async () => expect(await released(window)).toBe(true));
    expect(window.document.querySelectorAll('.shell-discover img')).toHaveLength(0);
  });

  it('holds the app back 500 ms at most', async () => {
    vi.useFakeTimers();
    try {
      const window = firstFrame('/discover'); // the answers never come
      let done = false;
      void (window as { __mwFirstFrame?: Promise<unknown> }).__mwFirstFrame!.then(() => (done = true));
      await vi.advanceTimersByTimeAsync(499);
      expect(done).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(done).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it('holds nothing back where no row is drawn', () => {
    for (const url of ['/', '/discover?tab=editorpicks', '/settings']) {
      expect((firstFrame(url) as { __mwFirstFrame?: unknown }).__mwFirstFrame).toBeUndefined();
    }
  });

  it('draws no posters once the app has taken the order', async () => {
    const window = firstFrame('/discover');
    expect(takeFirstRowOrder(window as never)).toBeUndefined();
    (window as unknown as { __mwShellRow: (lists: unknown[], images: string) => void }).__mwShellRow(
      [pages['1'], pages['2']],
      'http://x.example',
    );
    expect(window.document.querySelectorAll('.shell-discover img')).toHaveLength(0);
    expect(takeFirstRowOrder(window as never)).toBeUndefined();
  });
});

describe("the first frame's colours", () => {
  const theme = (name: string) => ({ '__MW::theme': JSON.stringify({ version: 1, state: { theme: name } }) });
  const rootRule = () => document.getElementById('shell-theme')?.textContent ?? null;

  it("are the saved theme's from the first frame, and the home's frame is drawn with them", () => {
    const window = firstFrame('/', theme('blue'));
    expect(rootRule()).toBe(
      ':root{--mw-background:#0b1220;--mw-surface:#121c30;--mw-surface-raised:#1a2740;--mw-border:#22324f;--mw-text:#f2f0fa;--mw-text-dim:#a3b3cc;}',
    );
    expect(window.document.querySelector('#root .shell-hero h1')).not.toBeNull();
    expect(rule('.shell-header')).toContain('background: var(--mw-surface, #1a1726)');
  });

  it("are a watch link's ?theme= on that page, and the default ones for a theme the site does not know", () => {
    firstFrame('/media/tmdb-movie-653?theme=red', theme('blue'));
    expect(rootRule()).toContain('--mw-background:#170b0d;');
    firstFrame('/?theme=red', theme('nope'));
    expect(rootRule()).toBeNull();
  });
});

describe("the home's first frame", () => {
  it("says the home's heading for the moment in the page's language", () => {
    const window = firstFrame('/', { '__MW::locale': JSON.stringify({ version: 1, state: { language: 'ar' } }) });
    expect(window.document.documentElement.dir).toBe('rtl');
    expect(window.document.querySelector('#root .shell-hero h1')!.textContent).toBe(ar.home.titles[homeMoment(new Date())]);
  });
  it('asks for the first row early but leaves its answers to the app: it draws no row, so it parses none', async () => {
    const rows: Response[] = [];
    vi.stubGlobal('fetch', async (url: string) => {
      if (url === '/config.json') return new Response(JSON.stringify({ localCatalogUrl: 'http://catalog.example' }));
      const row = new Response(JSON.stringify({ results: [{ id: 1, title: 'A film' }] }));
      if (url.includes('/3/movie/popular?')) rows.push(row);
      return row;
    });
    // What the page reads of an answer, it reads from a copy.
    const copied: Response[] = [];
    const clone = Object.getOwnPropertyDescriptor(Response.prototype, 'clone')!.value as (this: Response) => Response;
    vi.spyOn(Response.prototype, 'clone').mockImplementation(function (this: Response) {
      copied.push(this);
      return clone.call(this);
    });
    firstFrame('/');
    await vi.waitFor(() => expect(rows).toHaveLength(2));
    await nextFrame();
    await nextFrame();
    vi.restoreAllMocks();
    expect(copied.filter((response) => rows.includes(response))).toEqual([]);
  });
});
