/** Fakes for the engine's unit tests: scripted providers and an in-memory fetcher. */
import type { EngineDeps, ProviderRegistry } from './engine';
import { notFound, ScrapeFailure } from './errors';
import type {
  EmbedProvider,
  FetchRequest,
  FetchResponse,
  Fetcher,
  ScrapeEvent,
  ScrapeMedia,
  SourceOutput,
  SourceProvider,
  Stream,
} from './types';

export const movie: ScrapeMedia = { type: 'movie', title: 'Nosferatu', releaseYear: 1922, tmdbId: '653', imdbId: 'tt0013442' };
export const episode: ScrapeMedia = {
  type: 'show',
  title: 'A Show',
  releaseYear: 2020,
  tmdbId: '910001',
  season: { number: 1, tmdbId: '600001' },
  episode: { number: 1, tmdbId: '5000051' },
};

export const hlsStream = (playlist = 'http://cdn.test/ok/master.m3u8'): Stream => ({
  id: 'x',
  type: 'hls',
  playlist,
  flags: ['cors-allowed'],
  captions: [],
});

export type Behaviour = 'notfound' | 'fail' | 'hang' | SourceOutput | ((signal: AbortSignal) => Promise<SourceOutput>);

export function fakeSource(
  id: string,
  rank: number,
  behaviour: Behaviour,
  extra: Partial<SourceProvider> = {},
): SourceProvider & { calls: number } {
  const provider = {
    kind: 'source' as const,
    id,
    name: `Source ${id}`,
    rank,
    mediaTypes: ['movie', 'show'] as Array<'movie' | 'show'>,
    calls: 0,
    async scrape({ signal }: { signal: AbortSignal }): Promise<SourceOutput> {
      provider.calls += 1;
      if (behaviour === 'notfound') throw notFound('nothing here');
      if (behaviour === 'fail') throw new Error('boom');
      if (behaviour === 'hang') return new Promise<never>(() => undefined);
      if (typeof behaviour === 'function') return behaviour(signal);
      return behaviour;
    },
    ...extra,
  };
  return provider;
}

export function fakeEmbed(
  id: string,
  rank: number,
  byUrl: Record<string, Stream | 'notfound' | 'fail'>,
): EmbedProvider & { urls: string[] } {
  const provider = {
    kind: 'embed' as const,
    id,
    name: `Embed ${id}`,
    rank,
    urls: [] as string[],
    async scrape({ url }: { url: string }) {
      provider.urls.push(url);
      const what = byUrl[url] ?? 'notfound';
      if (what === 'notfound') throw notFound();
      if (what === 'fail') throw new ScrapeFailure('scrape/failed', 'embed broke');
      return { stream: [what] };
    },
  };
  return provider;
}

/** A fetcher answering from a table of URL → response (status 404 otherwise); records requests. */
export function tableFetcher(
  table: Record<string, Partial<FetchResponse> | ((r: FetchRequest) => Partial<FetchResponse>)>,
): Fetcher & { requests: FetchRequest[] } {
  const requests: FetchRequest[] = [];
  const fetcher = async (request: FetchRequest): Promise<FetchResponse> => {
    requests.push(request);
    const entry = table[request.url];
    const answer = typeof entry === 'function' ? entry(request) : entry;
    return { status: 404, headers: {}, finalUrl: request.url, body: '', ...answer };
  };
  return Object.assign(fetcher, { requests });
}

const ts = new Uint8Array(376).fill(0);
ts[0] = 0x47;
ts[188] = 0x47;
/** A healthy HLS stream at http://cdn.test/ok/. */
export const okHls: Record<string, Partial<FetchResponse>> = {
  'http://cdn.test/ok/master.m3u8': { status: 200, body: '#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=1,RESOLUTION=640x360\nv360/index.m3u8\n' },
  'http://cdn.test/ok/v360/index.m3u8': { status: 200, body: '#EXTM3U\n#EXTINF:4,\nseg0.ts\n#EXT-X-ENDLIST\n' },
  'http://cdn.test/ok/v360/seg0.ts': { status: 206, bytes: ts },
};

export function deps(
  registry: ProviderRegistry,
  fetcher: Fetcher = tableFetcher(okHls),
  extra: Partial<EngineDeps> = {},
): EngineDeps & { events: ScrapeEvent[] } {
  const events: ScrapeEvent[] = [];
  return { registry, fetcher, proxiedFetcher: null, extension: null, target: 'browser', onEvent: (e) => events.push(e), events, ...extra };
}
