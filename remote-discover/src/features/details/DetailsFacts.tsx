/**
 * The details modal's facts: the rating bar with its vote count, genres, overview, director, the first cast
 * names, runtime, language, release date, certification, and links to the movie database and IMDb.
 */
import { useTranslation } from 'react-i18next';
import type { MediaDetails } from 'shared-contracts';
import { CAST_NAMES } from '../../core/constants';
import { formatVotes, ratingColor } from '../../core/format';
import { imdbTitleUrl, type ImdbData } from '../../core/imdb';

const RATING_COLORS = { green: '#3ecf6e', yellow: '#f5d042', orange: '#f59842', red: '#f0524f' } as const;

function formatDate(date: string | undefined, language: string): string | null {
  if (!date || !/^\d{4}-\d{2}-\d{2}/.test(date)) return null;
  try {
    return new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${date.slice(0, 10)}T00:00:00Z`));
  } catch {
    return date;
  }
}

function languageName(code: string, language: string): string {
  if (!code) return '';
  try {
    return new Intl.DisplayNames([language], { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
}

// A page's first Intl formatter loads the browser's locale data, which is slow. Done in a task of its own
// while the details are requested, rather than inside the render that shows them.
// Two tasks: each formatter's first use has its own share of the cost.
const pageLanguage = () => (typeof document === 'undefined' ? 'en' : document.documentElement.lang || 'en');
setTimeout(() => {
  formatDate('2000-01-01', pageLanguage());
  setTimeout(() => languageName('en', pageLanguage()), 0);
}, 0);

export function DetailsFacts({
  details,
  imdb,
  imdbBase,
  runtimeText,
}: {
  details: MediaDetails;
  imdb: ImdbData | null;
  imdbBase: string;
  runtimeText: string | null;
}) {
  const { t, i18n } = useTranslation('discover');
  const rating = imdb?.imdb_rating ?? details.voteAverage;
  const votes = imdb?.votes ?? details.voteCount;
  const released = formatDate(details.releaseDate, i18n.language);
  const tmdbUrl = `https://www.themoviedb.org/${details.type === 'movie' ? 'movie' : 'tv'}/${details.tmdbId}`;
  return (
    <>
      {votes > 0 && (
        <div className="rating" data-testid="details-rating" data-color={ratingColor(rating)}>
          <span className="score">{t('details.ratingValue', { rating: rating.toFixed(1) })}</span>
          <span className="track" aria-hidden="true">
            <span
              className="fill"
              style={{ display: 'block', width: `${Math.min(100, rating * 10)}%`, background: RATING_COLORS[ratingColor(rating)] }}
            />
          </span>
          <span className="votes">{t('details.votes', { votes: formatVotes(votes) })}</span>
        </div>
      )}
      {details.genres.length > 0 && (
        <ul className="genres" aria-label={t('details.genres')}>
          {details.genres.map((g) => (
            <li key={g.id} dir="auto">
              {g.name}
            </li>
          ))}
        </ul>
      )}
      {details.overview && <p className="overview">{details.overview}</p>}
      <dl>
        {details.directors.length > 0 && (
          <>
            <dt>{t('details.director')}</dt>
            <dd>{details.directors.join(', ')}</dd>
          </>
        )}
        {details.actors.length > 0 && (
          <>
            <dt>{t('details.cast')}</dt>
            <dd>{details.actors.slice(0, CAST_NAMES).join(', ')}</dd>
          </>
        )}
        {runtimeText && (
          <>
            <dt>{t('details.runtime')}</dt>
            <dd>{runtimeText}</dd>
          </>
        )}
        {details.language && (
          <>
            <dt>{t('details.language')}</dt>
            <dd>{languageName(details.language, i18n.language)}</dd>
          </>
        )}
        <dt>{t('details.releaseDate')}</dt>
        <dd>{released ?? t('card.unreleased')}</dd>
        {details.rating && (
          <>
            <dt>{t('details.certification')}</dt>
            <dd>{details.rating}</dd>
          </>
        )}
      </dl>
      <p className="links">
        <a href={tmdbUrl} target="_blank" rel="noreferrer">
          {t('details.tmdbLink')}
        </a>
        {details.imdbId && (
          <a href={imdbTitleUrl(imdbBase, details.imdbId)} target="_blank" rel="noreferrer">
            {t('details.imdbLink')}
          </a>
        )}
      </p>
    </>
  );
}
