/**
 * The local media library (services/ `media`, docs/services.md "Index API"): one index lookup per title lists
 * the library's sources; each is registered here as its own source scraper with its own rank, so
 * ordering, fallbacks and embeds are real. The `local-player` embed reads the stream from an embed page.
 */
import { isQualityKey } from 'shared-contracts/quality';
import { LIBRARY_SOURCES } from 'shared-contracts/sources';
import { ScrapeFailure, notFound } from '../errors';
import { getJson } from '../fetchers/common';
import type { EmbedProvider, Fetcher, ScrapeMedia, SourceContext, SourceOutput, SourceProvider, Stream } from '../types';

interface IndexStreamJson {
  type: 'hls' | 'file';
  playlist?: string;
  qualities?: Record<string, { type: 'mp4'; url: string }>;
  flags?: string[];
  captions?: Array<{ id: string; language: string; type: 'srt' | 'vtt'; url: string; needsProxy: boolean }>;
  headers?: Record<string, string>;
}

interface IndexEntryJson {
  available: boolean;
  sources: Array<
    | { id: string; kind: 'stream'; stream: IndexStreamJson }
    | { id: string; kind: 'embeds'; embeds: Array<{ embedId: string; url: string }> }
  >;
}

/** The library's JSON stream as an engine Stream (unknown quality keys and non-mp4 files skipped, docs/behaviour.md#scraping-streams). */
export function toStream(json: IndexStreamJson, id: string): Stream {
  const common = {
    id,
    flags: (json.flags ?? []).filter((f): f is 'cors-allowed' | 'ip-locked' => f === 'cors-allowed' || f === 'ip-locked'),
    captions: (json.captions ?? []).map((c) => ({
      id: c.id,
      language: c.language,
      type: c.type,
      url: c.url,
      needsProxy: Boolean(c.needsProxy),
    })),
    ...(json.headers ? { headers: json.headers } : {}),
  };
  if (json.type === 'hls') {
    if (!json.playlist) throw new ScrapeFailure('scrape/failed', 'hls stream without playlist');
    return { ...common, type: 'hls', playlist: json.playlist };
  }
  const qualities: Extract<Stream, { type: 'file' }>['qualities'] = {};
  for (const [key, value] of Object.entries(json.qualities ?? {})) {
    if (!isQualityKey(key) || value.type !== 'mp4') {
      console.warn(`[scraping] skipped quality ${key} (${value.type})`);
      continue;
    }
    qualities[key] = { type: 'mp4', url: value.url };
  }
  return { ...common, type: 'file', qualities };
}

function indexUrl(base: string, media: ScrapeMedia): string {
  const root = base.replace(/\/+$/, '');
  return media.type === 'movie'
    ? `${root}/index/movie/${encodeURIComponent(media.tmdbId)}`
    : `${root}/index/tv/${encodeURIComponent(media.tmdbId)}/${media.season.number}/${media.episode.number}`;
}

/** One lookup per run and title, shared by the library's sources. */
function lookup(context: SourceContext): Promise<IndexEntryJson> {
  const url = indexUrl(context.settings.localLibraryUrl ?? '', context.media);
  let entry = context.cache.get(url) as Promise<IndexEntryJson> | undefined;
  if (!entry) {
    entry = getJson<IndexEntryJson>(context.fetcher, { url });
    context.cache.set(url, entry);
    // A rejected lookup is shared too; keep it from being reported as unhandled before a source awaits it.
    entry.catch(() => undefined);
  }
  return entry;
}

function librarySource(id: string, name: string, rank: number): SourceProvider {
  return {
    kind: 'source',
    id,
    name,
    rank,
    mediaTypes: ['movie', 'show'],
    isConfigured: (settings) => Boolean(settings.localLibraryUrl),
    async scrape(context): Promise<SourceOutput> {
      const entry = await lookup(context);
      context.progress(50);
      if (!entry.available) throw notFound('the library has no stream for this title');
      const source = entry.sources.find((s) => s.id === id);
      if (!source) throw notFound(`the library has no ${id} source for this title`);
      if (source.kind === 'embeds') return { embeds: source.embeds.map((e) => ({ embedId: e.embedId, url: e.url })) };
      return { stream: [toStream(source.stream, id)], embeds: [] };
    },
  };
}

/**
 * The library's sources, best first (ids, names and ranks: shared-contracts' `LIBRARY_SOURCES`):
 * mirrors and a backup of the HLS and MP4 copies, embed hosts and the library's own embed player, and
 * low-quality copies. A title is on some of them; the others answer not found from the same lookup.
 */
export const localLibrarySources: SourceProvider[] = LIBRARY_SOURCES.map((s) => librarySource(s.id, s.name, s.rank));

async function readEmbedPage(fetcher: Fetcher, url: string): Promise<IndexStreamJson> {
  const page = await fetcher({ url });
  if (page.status === 404) throw notFound('embed page not found');
  if (page.status < 200 || page.status >= 300) throw new ScrapeFailure('scrape/failed', `embed page: HTTP ${page.status}`);
  const match = /<script id="__EMBED_DATA__" type="application\/json">([\s\S]*?)<\/script>/.exec(page.body);
  if (!match?.[1]) throw new ScrapeFailure('scrape/no-stream', 'embed page has no stream data');
  try {
    return JSON.parse(match[1]) as IndexStreamJson;
  } catch {
    throw new ScrapeFailure('scrape/failed', 'embed page data is not JSON');
  }
}

export const localPlayerEmbed: EmbedProvider = {
  kind: 'embed',
  id: 'local-player',
  name: 'Local player',
  rank: 100,
  async scrape(context) {
    const json = await readEmbedPage(context.fetcher, context.url);
    context.progress(50);
    return { stream: [toStream(json, 'local-player')] };
  },
};
