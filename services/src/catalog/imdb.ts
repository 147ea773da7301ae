/**
 * An IMDb-style title page (`/title/{imdbId}/`): HTML carrying the page data the way IMDb's Next.js
 * pages do, in `<script id="__NEXT_DATA__" type="application/json">` (props.pageProps.aboveTheFoldData /
 * mainColumnData), plus the JSON-LD block IMDb also embeds.
 */
import { IMDB_PAGE_IDS, MOVIE_GENRES, TV_GENRES, titleByImdbId, type Movie, type Show } from './data';
import { firstAirDate } from './tmdb';

export interface ImdbPageOptions {
  trailerUrl: string;
  imageBase: string;
}

const escapeHtml = (text: string): string =>
  text.replace(/[<>&"]/g, (ch) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[ch] ?? ch);
/** JSON inside a <script>: `<` escaped so no `</script>` can end it early. */
const scriptJson = (value: unknown): string => JSON.stringify(value).replace(/</g, '\\u003c');

/** The IMDb rating of a title on its page (deterministic, derived from the TMDB vote average). */
export function imdbRating(t: Movie | Show): { rating: number; votes: number } {
  const rating = Math.min(9.6, Math.max(1.2, Math.round((t.voteAverage + ((t.id % 7) - 3) / 10) * 10) / 10));
  return { rating, votes: t.voteCount * 13 + (t.id % 997) };
}

/**
 * The page data of a catalog title. Titles outside IMDB_PAGE_IDS have a page as real IMDb titles
 * with too few votes do: no rating and no trailer. An IMDb id the catalog does not know has none.
 */
export function imdbPageData(imdbId: string, options: ImdbPageOptions): Record<string, unknown> | undefined {
  const t = titleByImdbId.get(imdbId);
  if (!t) return undefined;
  const rated = IMDB_PAGE_IDS.includes(imdbId);
  const isMovie = t.kind === 'movie';
  const title = isMovie ? t.title : t.name;
  const date = (isMovie ? t.releaseDate : firstAirDate(t)) ?? '';
  const [y, m, d] = date ? date.split('-').map(Number) : [undefined, undefined, undefined];
  const genres = (isMovie ? MOVIE_GENRES : TV_GENRES).filter((g) => t.genreIds.includes(g.id)).map((g) => g.name);
  const { rating, votes } = imdbRating(t);
  const runtimeMinutes = isMovie ? t.runtime : 45;
  const people = isMovie ? t.directors : t.creators;
  const poster = t.posterPath ? `${options.imageBase}/original${t.posterPath}` : null;
  const lastYear = !isMovie && t.status === 'Ended' ? t.seasons[t.seasons.length - 1]?.episodes.at(-1)?.airDate?.slice(0, 4) : undefined;
  return {
    props: {
      pageProps: {
        tconst: imdbId,
        aboveTheFoldData: {
          id: imdbId,
          titleText: { text: title },
          originalTitleText: { text: isMovie ? t.originalTitle : t.originalName },
          titleType: isMovie
            ? { id: 'movie', text: 'Movie', isSeries: false, isEpisode: false, canHaveEpisodes: false }
            : { id: 'tvSeries', text: 'TV Series', isSeries: true, isEpisode: false, canHaveEpisodes: true },
          releaseYear: { year: y ?? null, endYear: lastYear ? Number(lastYear) : null },
          releaseDate: { day: d ?? null, month: m ?? null, year: y ?? null },
          runtime: {
            seconds: runtimeMinutes * 60,
            displayableProperty: { value: { plainText: `${Math.floor(runtimeMinutes / 60)}h ${runtimeMinutes % 60}m` } },
          },
          certificate: { rating: isMovie ? t.certification : t.rating },
          ratingsSummary: rated ? { aggregateRating: rating, voteCount: votes } : { aggregateRating: null, voteCount: 0 },
          plot: { plotText: { plainText: t.overview } },
          primaryImage: poster ? { url: poster, width: 1000, height: 1500 } : null,
          genres: { genres: genres.map((text) => ({ text, id: text })) },
          keywords: {
            edges: [
              { node: { text: 'local library' } },
              { node: { text: isMovie && t.publicDomain ? 'public domain' : 'invented title' } },
            ],
          },
          primaryVideos: {
            edges: (rated ? [1] : []).map(() => ({
              node: {
                id: `vi${String(t.id).padStart(10, '0')}`,
                name: { value: `${title} – Official Trailer` },
                runtime: { value: 10 },
                playbackURLs: [{ url: options.trailerUrl, videoMimeType: 'MP4', videoDefinition: 'DEF_720p' }],
              },
            })),
          },
        },
        mainColumnData: {
          id: imdbId,
          cast: {
            edges: t.cast.map((c) => ({ node: { name: { nameText: { text: c.person.name } }, characters: [{ name: c.character }] } })),
          },
          directors: [{ credits: people.map((p) => ({ name: { nameText: { text: p.name } } })) }],
          writers: [{ credits: (isMovie ? t.writers : t.creators).map((p) => ({ name: { nameText: { text: p.name } } })) }],
          countriesOfOrigin: { countries: [{ id: 'US', text: 'United States' }] },
          spokenLanguages: {
            spokenLanguages: [{ id: t.originalLanguage, text: t.originalLanguage === 'en' ? 'English' : t.originalLanguage }],
          },
          filmingLocations: { edges: [{ node: { text: 'Backlot Stage 4, Nowhere, USA' } }] },
          episodes: isMovie
            ? null
            : {
                totalEpisodes: { total: t.seasons.reduce((n, s) => n + s.episodes.length, 0) },
                seasons: t.seasons.map((s) => ({ value: String(s.number) })),
              },
        },
      },
    },
    page: '/title/[tconst]',
    query: { tconst: imdbId },
    buildId: 'local-catalog',
    isFallback: false,
    gssp: true,
    scriptLoader: [],
  };
}

export function imdbPageHtml(imdbId: string, options: ImdbPageOptions): string | undefined {
  const data = imdbPageData(imdbId, options);
  if (!data) return undefined;
  const t = titleByImdbId.get(imdbId) as Movie | Show;
  const title = t.kind === 'movie' ? t.title : t.name;
  const { rating, votes } = imdbRating(t);
  const rated = IMDB_PAGE_IDS.includes(imdbId);
  const ld = {
    '@context': 'https://schema.org',
    '@type': t.kind === 'movie' ? 'Movie' : 'TVSeries',
    url: `/title/${imdbId}/`,
    name: title,
    description: t.overview,
    ...(rated
      ? {
          aggregateRating: { '@type': 'AggregateRating', ratingCount: votes, bestRating: 10, worstRating: 1, ratingValue: rating },
          trailer: { '@type': 'VideoObject', name: `${title} – Official Trailer`, embedUrl: options.trailerUrl, url: options.trailerUrl },
        }
      : {}),
  };
  return `<!DOCTYPE html>
<html lang="en-US"><head><meta charset="utf-8"><title>${escapeHtml(title)} - IMDb (local)</title>
<script type="application/ld+json">${scriptJson(ld)}</script>
</head><body>
<h1 data-testid="hero__pageTitle"><span class="hero__primary-text">${escapeHtml(title)}</span></h1>
${rated ? `<div data-testid="hero-rating-bar__aggregate-rating__score"><span>${rating}</span>/10</div>` : ''}
<p>Local stand-in for an IMDb title page.</p>
<script id="__NEXT_DATA__" type="application/json">${scriptJson(data)}</script>
</body></html>`;
}
