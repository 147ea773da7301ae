/**
 * IMDb data for the details modal (rating, votes and trailer URL; docs/behaviour.md#details-imdb-data): the
 * title page is fetched after a random 69–196 ms delay with a random browser user-agent, through a
 * proxy worker or the extension (one of them is required), and the embedded page JSON is parsed. Pure apart
 * from the injected page fetcher and timer.
 */
import { firstProxyWorker } from 'shared-contracts/proxy-list';

/** A title's IMDb data as its page carries it; null or empty where the page has nothing. */
export interface ImdbData {
  title: string | null;
  original_title: string | null;
  /** IMDb's kind of title, e.g. "Movie", "TV Series". */
  title_type: string | null;
  year: number | null;
  /** Last year of a series that ended. */
  end_year: number | null;
  /** Release day and month (1–12), and the whole date as YYYY-MM-DD when all three are known. */
  day: number | null;
  month: number | null;
  date: string | null;
  /** Minutes. */
  runtime: number | null;
  /** Certificate, e.g. PG-13. */
  age_rating: string | null;
  /** 1–10. */
  imdb_rating: number | null;
  votes: number | null;
  plot: string | null;
  poster_url: string | null;
  trailer_url: string | null;
  /** The title page. */
  url: string | null;
  genre: string[];
  cast: string[];
  directors: string[];
  writers: string[];
  keywords: string[];
  countries: string[];
  languages: string[];
  /** Filming locations. */
  locations: string[];
  /** Series only: how many seasons, how many episodes. */
  season: number | null;
  episode: number | null;
}

export class ImdbError extends Error {
  override name = 'ImdbError';
  constructor(
    readonly code: 'imdb/no-route' | 'imdb/no-data' | 'imdb/http',
    message: string,
  ) {
    super(message);
  }
}

/** Browser user-agents one is picked from per request. */
export const USER_AGENTS: readonly string[] = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:125.0) Gecko/20100101 Firefox/125.0',
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/123.0.0.0 Safari/537.36',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 Edg/124.0.0.0',
];

export const MIN_DELAY_MS = 69;
export const MAX_DELAY_MS = 196;

/** An integer in 69..196 inclusive. */
export const randomDelayMs = (random: () => number = Math.random) =>
  MIN_DELAY_MS + Math.floor(random() * (MAX_DELAY_MS - MIN_DELAY_MS + 1));
export const randomUserAgent = (random: () => number = Math.random) =>
  USER_AGENTS[Math.floor(random() * USER_AGENTS.length)] ?? USER_AGENTS[0]!;

/** The IMDb title page URL: the local catalog serves stand-ins at the same path. */
export const imdbTitleUrl = (base: string, imdbId: string) => `${base.replace(/\/+$/, '')}/title/${encodeURIComponent(imdbId)}/`;

type Raw = Record<string, unknown>;
const obj = (v: unknown): Raw => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Raw) : {});
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

/** Reads the title's data from the page's `__NEXT_DATA__` JSON; throws ImdbError when absent. */
export function parseImdbPage(html: string): ImdbData {
  const match = /<script[^>]*id="__NEXT_DATA__"[^>]*>([\s\S]*?)<\/script>/.exec(html);
  if (!match) throw new ImdbError('imdb/no-data', 'Could not find IMDb data on the page');
  let data: unknown;
  try {
    data = JSON.parse(match[1]!);
  } catch {
    throw new ImdbError('imdb/no-data', 'Could not find IMDb data on the page');
  }
  const props = obj(obj(obj(data).props).pageProps);
  const fold = obj(props.aboveTheFoldData);
  if (Object.keys(fold).length === 0) throw new ImdbError('imdb/no-data', 'Could not find IMDb data on the page');
  const main = obj(props.mainColumnData);
  const ratings = obj(fold.ratingsSummary);
  const edges = obj(fold.primaryVideos).edges;
  const firstVideo = Array.isArray(edges) ? obj(obj(edges[0]).node) : {};
  const urls = firstVideo.playbackURLs;
  const released = obj(fold.releaseDate);
  const [year, month, day] = [num(released.year) ?? num(obj(fold.releaseYear).year), num(released.month), num(released.day)];
  const seconds = num(obj(fold.runtime).seconds);
  const id = str(fold.id) ?? str(props.tconst);
  const episodes = obj(main.episodes);
  const seasons = episodes.seasons;
  return {
    title: str(obj(fold.titleText).text),
    original_title: str(obj(fold.originalTitleText).text),
    title_type: str(obj(fold.titleType).text),
    year,
    end_year: num(obj(fold.releaseYear).endYear),
    day,
    month,
    date: year && month && day ? `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}` : null,
    runtime: seconds === null ? null : Math.round(seconds / 60),
    age_rating: str(obj(fold.certificate).rating),
    imdb_rating: num(ratings.aggregateRating),
    votes: num(ratings.voteCount),
    plot: str(obj(obj(fold.plot).plotText).plainText),
    poster_url: str(obj(fold.primaryImage).url),
    trailer_url: Array.isArray(urls) ? str(obj(urls[0]).url) : null,
    url: id ? `https://www.imdb.com/title/${id}/` : null,
    genre: texts(obj(fold.genres).genres, (g) => g.text),
    cast: texts(obj(main.cast).edges, (e) => obj(obj(obj(e.node).name).nameText).text),
    directors: credits(main.directors),
    writers: credits(main.writers),
    keywords: texts(obj(fold.keywords).edges, (e) => obj(e.node).text),
    countries: texts(obj(main.countriesOfOrigin).countries, (c) => c.text),
    languages: texts(obj(main.spokenLanguages).spokenLanguages, (l) => l.text),
    locations: texts(obj(main.filmingLocations).edges, (e) => obj(e.node).text),
    season: Array.isArray(seasons) ? seasons.length : null,
    episode: num(obj(episodes.totalEpisodes).total),
  };
}

/** The strings `pick` finds in each entry of a list (entries without one are skipped). */
function texts(list: unknown, pick: (entry: Raw) => unknown): string[] {
  return Array.isArray(list) ? list.flatMap((entry) => str(pick(obj(entry))) ?? []) : [];
}

/** The names of a page's credit groups (directors, writers), each once, in order. */
function credits(groups: unknown): string[] {
  const names = Array.isArray(groups) ? groups.flatMap((g) => texts(obj(g).credits, (c) => obj(obj(c.name).nameText).text)) : [];
  return [...new Set(names)];
}

/** How a page reaches us: a proxy worker or the extension. Returns the HTML, throws on HTTP errors. */
export type PageFetcher = (url: string, headers: Record<string, string>, signal?: AbortSignal) => Promise<string>;

export interface ImdbDeps {
  fetchPage: PageFetcher | null;
  random?: () => number;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

const defaultSleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => (clearTimeout(timer), reject(new DOMException('aborted', 'AbortError'))), { once: true });
  });

export async function fetchImdbData(pageUrl: string, deps: ImdbDeps, signal?: AbortSignal): Promise<ImdbData> {
  if (!deps.fetchPage) throw new ImdbError('imdb/no-route', 'IMDb data needs the browser extension or a custom proxy');
  const random = deps.random ?? Math.random;
  await (deps.sleep ?? defaultSleep)(randomDelayMs(random), signal);
  const html = await deps.fetchPage(pageUrl, { 'User-Agent': randomUserAgent(random) }, signal);
  return parseImdbPage(html);
}

/** A PageFetcher through a movie-web proxy worker (`?destination=`, headers a browser cannot set prefixed). */
export function proxyPageFetcher(proxyUrl: string, fetchImpl: typeof fetch = (i, o) => fetch(i, o)): PageFetcher {
  return async (url, headers, signal) => {
    const target = new URL(proxyUrl.endsWith('/') ? proxyUrl : `${proxyUrl}/`);
    target.searchParams.set('destination', url);
    const prefixed: Record<string, string> = {};
    for (const [name, value] of Object.entries(headers)) prefixed[name.toLowerCase() === 'user-agent' ? 'X-User-Agent' : name] = value;
    const response = await fetchImpl(target.toString(), { headers: prefixed, signal });
    if (!response.ok) throw new ImdbError('imdb/http', `IMDb page answered HTTP ${response.status}`);
    return response.text();
  };
}

/** The first proxy worker of the user's list (its `api:` entries are scraping servers), or null. */
export const pickProxy = (entries: readonly string[]): string | null => firstProxyWorker(entries) ?? null;
