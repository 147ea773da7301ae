/**
 * What the stand-in media server holds: the public-domain films, a few invented movies and the first
 * two shows of the catalog, each with a Jellyfin-style item id (32 hex, derived from the TMDB id so it
 * is the same on every start) and a clip of the media library to stream.
 */
import { createHash } from 'node:crypto';
import { MOVIES, SHOWS, type Movie, type Show } from '../catalog/data';

export type Clip = 'meadow' | 'harbor' | 'lantern';

export interface ServerItem {
  Id: string;
  Name: string;
  Type: 'Movie' | 'Series' | 'Episode';
  ProductionYear?: number;
  IndexNumber?: number;
  ParentIndexNumber?: number;
  SeriesId?: string;
  SeriesName?: string;
  ProviderIds: Record<string, string>;
  clip?: Clip;
}

export const itemId = (key: string): string => createHash('md5').update(`jellyfin-${key}`).digest('hex');

const today = () => new Date().toISOString().slice(0, 10);
const released = (m: Movie) => Boolean(m.releaseDate) && m.releaseDate <= today() && !m.adult;

function movieItem(m: Movie): ServerItem {
  return {
    Id: itemId(`movie-${m.id}`),
    Name: m.title,
    Type: 'Movie',
    ProductionYear: Number(m.releaseDate.slice(0, 4)),
    ProviderIds: { Tmdb: String(m.id), Imdb: m.imdbId },
    clip: m.publicDomain ? 'meadow' : 'harbor',
  };
}

function showItems(show: Show): ServerItem[] {
  const series: ServerItem = {
    Id: itemId(`show-${show.id}`),
    Name: show.name,
    Type: 'Series',
    ProviderIds: { Tmdb: String(show.id), Imdb: show.imdbId, Tvdb: String(show.tvdbId) },
  };
  const episodes = show.seasons
    .filter((s) => s.number > 0)
    .flatMap((season) =>
      season.episodes
        .filter((e) => e.airDate !== null && e.airDate <= today())
        .map<ServerItem>((e) => ({
          Id: itemId(`episode-${e.id}`),
          Name: e.name,
          Type: 'Episode',
          IndexNumber: e.number,
          ParentIndexNumber: season.number,
          SeriesId: series.Id,
          SeriesName: show.name,
          ProviderIds: { Tmdb: String(e.id) },
          clip: 'lantern',
        })),
    );
  return [series, ...episodes];
}

/** Public-domain films, every 10th released invented movie, and the first two shows' aired episodes. */
export function buildLibrary(): ServerItem[] {
  const invented = MOVIES.filter((m) => !m.publicDomain && released(m)).filter((_, i) => i % 10 === 0);
  return [...MOVIES.filter((m) => m.publicDomain && released(m)), ...invented].map(movieItem).concat(SHOWS.slice(0, 2).flatMap(showItems));
}
