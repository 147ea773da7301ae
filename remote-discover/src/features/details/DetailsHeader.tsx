/** The details modal's header: title, the facts line (type, year, certification, runtime), Play or Resume, bookmark. */
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'shared-contracts/router';
import { lastWatchedEpisode, mediaPath, type HostApi, type MediaDetails, type MediaRef } from 'shared-contracts';
import { withBack } from '../../core/back-param';
import { barPercent, releaseYear } from '../../core/format';
import { BookmarkIcon, PlayIcon } from '../icons';

export function DetailsHeader({
  mediaRef,
  details,
  titleId,
  runtimeText,
  host,
}: {
  mediaRef: MediaRef;
  details: MediaDetails;
  titleId: string;
  runtimeText: string | null;
  host: Pick<HostApi, 'state' | 'actions' | 'navigate'>;
}) {
  const { t } = useTranslation('discover');
  const location = useLocation();
  const { state, actions, navigate } = host;
  const progress = state.progress[mediaRef.tmdbId];
  const bookmarked = Boolean(state.bookmarks[mediaRef.tmdbId]);
  const lastEpisode = mediaRef.type === 'show' ? lastWatchedEpisode(progress) : undefined;
  const resume =
    mediaRef.type === 'movie'
      ? Boolean(
          progress?.progress && barPercent(progress.progress.watched, progress.progress.duration) < 100 && progress.progress.watched > 0,
        )
      : Boolean(lastEpisode);
  const playTo = lastEpisode
    ? mediaPath(details, details.title, { seasonId: lastEpisode.seasonId, episodeId: lastEpisode.id })
    : mediaPath(details, details.title);
  const year = releaseYear(details);
  return (
    <>
      <h2 id={titleId} dir="auto">
        {details.title}
      </h2>
      <p className="sub" data-testid="details-facts">
        {/* Each fact in its own direction: "PG" and the runtime's digits do not run together. */}
        {[t(`card.types.${details.type}`), year === 'unreleased' ? t('card.unreleased') : year, details.rating, runtimeText]
          .filter(Boolean)
          .map((fact, i) => (
            <Fragment key={i}>
              {i > 0 && ' · '}
              <bdi>{fact}</bdi>
            </Fragment>
          ))}
      </p>
      <div className="actions">
        <Link
          className="play"
          to={playTo}
          data-testid="details-play"
          onClick={(event) => {
            if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
            // The player's back control returns to this modal (the link itself stays clean to copy).
            event.preventDefault();
            navigate(withBack(playTo, `${location.pathname}${location.search}`));
          }}
        >
          <PlayIcon />
          {resume ? t('details.resume') : t('details.play')}
        </Link>
        <button
          type="button"
          className="bookmark"
          aria-pressed={bookmarked}
          data-testid="details-bookmark"
          onClick={() =>
            actions.toggleBookmark({
              tmdbId: details.tmdbId,
              type: details.type,
              title: details.title,
              year: details.year,
              poster: details.poster,
            })
          }
        >
          <BookmarkIcon filled={bookmarked} />
          {bookmarked ? t('details.bookmarked') : t('details.bookmark')}
        </button>
      </div>
    </>
  );
}
