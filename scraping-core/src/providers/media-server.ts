/**
 * The user's own media server (Jellyfin/Emby API): finds the item by its TMDB (else IMDb) provider id
 * and plays it through the server's HLS endpoint. Server URL and API key come from the settings.
 */
import { knownSource } from 'shared-contracts/sources';
import { notFound } from '../errors';
import { getJson } from '../fetchers/common';
import type { Caption, Fetcher, ProviderSettings, SourceProvider } from '../types';

interface MediaStream {
  Index: number;
  Type: string;
  Language?: string;
  IsTextSubtitleStream?: boolean;
}

interface JellyfinItem {
  Id: string;
  MediaSources?: Array<{ Id: string; MediaStreams?: MediaStream[] }>;
  Name: string;
  Type: string;
  ProductionYear?: number;
  IndexNumber?: number;
  ParentIndexNumber?: number;
  ProviderIds?: Record<string, string>;
}

interface ItemsAnswer {
  Items: JellyfinItem[];
  TotalRecordCount?: number;
}

type Server = NonNullable<ProviderSettings['mediaServer']>;

const root = (server: Server) => server.url.replace(/\/+$/, '');
const auth = (server: Server) => ({ 'X-Emby-Token': server.apiKey, Authorization: `MediaBrowser Token="${server.apiKey}"` });

function providerId(item: JellyfinItem, name: 'Tmdb' | 'Imdb'): string | undefined {
  const ids = item.ProviderIds ?? {};
  const key = Object.keys(ids).find((k) => k.toLowerCase() === name.toLowerCase());
  return key ? ids[key] : undefined;
}

/** Items of a type whose provider id matches (the filter is checked here too: some servers ignore it). */
async function findByProviderId(
  fetcher: Fetcher,
  server: Server,
  type: 'Movie' | 'Series',
  provider: 'Tmdb' | 'Imdb',
  id: string,
): Promise<JellyfinItem | undefined> {
  const path = server.userId ? `/Users/${encodeURIComponent(server.userId)}/Items` : '/Items';
  const answer = await getJson<ItemsAnswer>(fetcher, {
    url: `${root(server)}${path}`,
    query: {
      Recursive: 'true',
      IncludeItemTypes: type,
      AnyProviderIdEquals: `${provider.toLowerCase()}.${id}`,
      Fields: 'ProviderIds,MediaSources',
    },
    headers: auth(server),
  });
  return answer.Items.find((item) => providerId(item, provider) === id);
}

/** ISO 639-2 codes Jellyfin reports, as the ISO 639-1 codes captions use. */
const LANGUAGES: Record<string, string> = {
  eng: 'en',
  spa: 'es',
  fre: 'fr',
  fra: 'fr',
  ger: 'de',
  deu: 'de',
  ita: 'it',
  por: 'pt',
  jpn: 'ja',
  kor: 'ko',
  chi: 'zh',
  zho: 'zh',
  rus: 'ru',
  dut: 'nl',
  nld: 'nl',
};

/** The item's text subtitle streams as captions (served by the server as WebVTT). */
function captionsOf(server: Server, item: JellyfinItem): Caption[] {
  const source = item.MediaSources?.[0];
  if (!source) return [];
  return (source.MediaStreams ?? [])
    .filter((s) => s.Type === 'Subtitle' && s.IsTextSubtitleStream)
    .map((s) => {
      const code = (s.Language ?? 'und').toLowerCase();
      const url = new URL(
        `${root(server)}/Videos/${encodeURIComponent(item.Id)}/${encodeURIComponent(source.Id)}/Subtitles/${s.Index}/0/Stream.vtt`,
      );
      url.searchParams.set('api_key', server.apiKey);
      return {
        id: `media-server-${item.Id}-${s.Index}`,
        language: LANGUAGES[code] ?? code,
        type: 'vtt' as const,
        url: url.toString(),
        needsProxy: false,
      };
    });
}

export const mediaServerSource: SourceProvider = {
  kind: 'source',
  ...knownSource('media-server'),
  mediaTypes: ['movie', 'show'],
  isConfigured: (settings) => Boolean(settings.mediaServer?.url && settings.mediaServer.apiKey),
  async scrape({ media, settings, fetcher, progress }) {
    const server = settings.mediaServer as Server;
    const type = media.type === 'movie' ? 'Movie' : 'Series';
    let item = await findByProviderId(fetcher, server, type, 'Tmdb', media.tmdbId);
    if (!item && media.imdbId) item = await findByProviderId(fetcher, server, type, 'Imdb', media.imdbId);
    if (!item) throw notFound('not on the media server');
    progress(40);
    if (media.type === 'show') {
      const episodes = await getJson<ItemsAnswer>(fetcher, {
        url: `${root(server)}/Shows/${encodeURIComponent(item.Id)}/Episodes`,
        query: {
          season: String(media.season.number),
          Fields: 'ProviderIds,MediaSources',
          ...(server.userId ? { userId: server.userId } : {}),
        },
        headers: auth(server),
      });
      item = episodes.Items.find(
        (e) => e.IndexNumber === media.episode.number && (e.ParentIndexNumber ?? media.season.number) === media.season.number,
      );
      if (!item) throw notFound('episode not on the media server');
      progress(70);
    }
    // The player cannot send headers with every segment request: the key goes in the query, as Jellyfin's own web client does.
    const playlist = new URL(`${root(server)}/Videos/${encodeURIComponent(item.Id)}/master.m3u8`);
    playlist.searchParams.set('api_key', server.apiKey);
    playlist.searchParams.set('MediaSourceId', item.Id);
    playlist.searchParams.set('VideoCodec', 'h264');
    playlist.searchParams.set('AudioCodec', 'aac');
    return {
      stream: [
        {
          id: `media-server-${item.Id}`,
          type: 'hls',
          playlist: playlist.toString(),
          flags: ['cors-allowed'],
          captions: captionsOf(server, item),
        },
      ],
      embeds: [],
    };
  },
};
