/**
 * The details modal (spec §2 Details modal): trailer with mute and play controls, Play or Resume,
 * bookmark toggle, genres, overview, director, first 5 cast names, runtime, language, release date,
 * certification, rating bar with vote count, links to the movie database and IMDb; shows add a season
 * picker and an episode carousel. Hidden when there is no data and nothing is loading. Max 900x1200 px.
 */
import { Fragment, startTransition, useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'shared-contracts/router';
import { mediaPath, type MediaDetails, type MediaRef, useHostWith } from 'shared-contracts';
import styled from 'styled-components';
import { CAST_NAMES } from '../../core/constants';
import { lastWatchedEpisode } from 'shared-contracts';
import { barPercent, formatVotes, ratingColor, releaseYear, runtimeKey, splitRuntime } from '../../core/format';
import { withBack } from '../../core/back-param';
import { imdbTitleUrl } from '../../core/imdb';
import { EMBED_ORIGINS, embedUrl, handshake, isReadyMessage, parseTrailer, type Trailer } from '../../core/trailer';
import { BookmarkIcon, CloseIcon, PauseIcon, PlayIcon, VolumeIcon } from '../icons';
import { Episodes } from './Episodes';
import { useDetailsModal } from './use-details-modal';
import { useDialog } from './use-dialog';
import { useImdb, useImdbBase } from './use-imdb';

const RATING_COLORS = { green: '#3ecf6e', yellow: '#f5d042', orange: '#f59842', red: '#f0524f' } as const;

const Backdrop = styled.div`
  position: fixed;
  inset: 0;
  z-index: 50;
  background: rgb(0 0 0 / 70%);
  display: grid;
  place-items: center;
  padding: 1rem;
  @media (max-width: 599.98px) {
    padding: 0;
  }
`;

const Dialog = styled.div`
  position: relative;
  width: 100%;
  max-width: 900px;
  max-height: min(1200px, calc(100vh - 2rem));
  overflow-y: auto;
  overscroll-behavior: contain;
  border-radius: 16px;
  background: ${(p) => p.theme.colors.surface};
  color: ${(p) => p.theme.colors.text};
  box-shadow: 0 20px 60px rgb(0 0 0 / 60%);
  outline: none;
  @media (max-width: 599.98px) {
    max-height: 100vh;
    height: 100%;
    border-radius: 0;
  }
  .hero {
    position: relative;
    aspect-ratio: 16 / 9;
    background: ${(p) => p.theme.colors.surfaceRaised};
    overflow: hidden;
  }
  .hero video,
  .hero img {
    width: 100%;
    height: 100%;
    object-fit: cover;
    display: block;
  }
  .hero::after {
    content: '';
    position: absolute;
    inset: 0;
    background: linear-gradient(to top, ${(p) => p.theme.colors.surface} 0%, transparent 45%);
    pointer-events: none;
  }
  .close {
    position: absolute;
    top: 0.75rem;
    inset-inline-end: 0.75rem;
    z-index: 2;
  }
  /* Titles and overviews come in their own language: ordered by their own text, aligned with the page. */
  h2,
  .overview {
    unicode-bidi: plaintext;
  }
  .hero iframe {
    position: absolute;
    inset: 0;
    width: 100%;
    height: 100%;
    border: 0;
    z-index: 1;
  }
  .hero:has(iframe)::after {
    display: none;
  }
  .trailer-start,
  .trailer-note {
    position: absolute;
    inset: 0;
    z-index: 2;
    display: flex;
    flex-direction: column;
    align-items: center;
    justify-content: center;
    gap: 0.6rem;
    padding: 1rem;
    text-align: center;
    color: #fff;
    background: rgb(0 0 0 / 45%);
    border: 0;
    font: inherit;
    cursor: pointer;
  }
  .trailer-note {
    cursor: default;
  }
  .trailer-start .round {
    width: 3.5rem;
    height: 3.5rem;
  }
  .trailer-start small,
  .trailer-note small {
    opacity: 0.85;
  }
  .trailer-note a {
    color: #fff;
    text-decoration: underline;
  }
  .media-controls {
    position: absolute;
    top: 0.75rem;
    inset-inline-start: 0.75rem;
    z-index: 2;
    display: flex;
    gap: 0.5rem;
  }
  .round {
    display: grid;
    place-items: center;
    width: 2.5rem;
    height: 2.5rem;
    border-radius: 999px;
    border: 0;
    cursor: pointer;
    background: rgb(0 0 0 / 65%);
    color: #fff;
  }
  .round:hover {
    background: rgb(0 0 0 / 85%);
  }
  .body {
    padding: 0 1.5rem 1.5rem;
    margin-top: -2.5rem;
    position: relative;
    z-index: 1;
  }
  h2 {
    margin: 0 0 0.25rem;
    font-size: clamp(1.4rem, 3vw, 2rem);
    line-height: 1.2;
  }
  .sub {
    color: ${(p) => p.theme.colors.textDim};
    font-size: 0.9rem;
    margin: 0 0 1rem;
  }
  .actions {
    display: flex;
    flex-wrap: wrap;
    gap: 0.75rem;
    align-items: center;
    margin-bottom: 1rem;
  }
  .play {
    display: inline-flex;
    align-items: center;
    gap: 0.5rem;
    padding: 0.6rem 1.4rem;
    border-radius: 999px;
    font-weight: 700;
    text-decoration: none;
    background: ${(p) => p.theme.colors.primary};
    color: ${(p) => p.theme.colors.primaryText};
  }
  .bookmark {
    display: inline-flex;
    align-items: center;
    gap: 0.4rem;
    padding: 0.55rem 1rem;
    border-radius: 999px;
    cursor: pointer;
    font: inherit;
    border: 1px solid ${(p) => p.theme.colors.border};
    background: ${(p) => p.theme.colors.surfaceRaised};
    color: ${(p) => p.theme.colors.text};
  }
  .bookmark[aria-pressed='true'] {
    color: ${(p) => p.theme.colors.primary};
  }
  .genres {
    display: flex;
    flex-wrap: wrap;
    gap: 0.4rem;
    list-style: none;
    padding: 0;
    margin: 0 0 1rem;
  }
  .genres li {
    padding: 0.2rem 0.7rem;
    border-radius: 999px;
    background: ${(p) => p.theme.colors.surfaceRaised};
    font-size: 0.85rem;
  }
  .overview {
    margin: 0 0 1.25rem;
    line-height: 1.6;
  }
  .rating {
    display: flex;
    align-items: center;
    gap: 0.75rem;
    margin: 0 0 1.25rem;
  }
  .rating .track {
    flex: 0 1 14rem;
    height: 8px;
    border-radius: 999px;
    background: ${(p) => p.theme.colors.surfaceRaised};
    overflow: hidden;
  }
  .rating .fill {
    height: 100%;
    border-radius: 999px;
  }
  .rating .score {
    font-weight: 700;
    white-space: nowrap;
  }
  .rating .votes {
    color: ${(p) => p.theme.colors.textDim};
    font-size: 0.9rem;
    white-space: nowrap;
  }
  dl {
    display: grid;
    grid-template-columns: max-content 1fr;
    gap: 0.35rem 1rem;
    margin: 0 0 1.25rem;
  }
  dt {
    color: ${(p) => p.theme.colors.textDim};
  }
  dd {
    margin: 0;
  }
  .links {
    display: flex;
    gap: 1rem;
    flex-wrap: wrap;
  }
  .links a {
    color: ${(p) => p.theme.colors.primary};
  }
  .loading {
    padding: 3rem 1.5rem;
    text-align: center;
    color: ${(p) => p.theme.colors.textDim};
  }
`;

type Load = { status: 'loading' } | { status: 'ready'; details: MediaDetails } | { status: 'failed' };

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

// A page's first Intl formatter loads the browser's locale data: ~40 ms at 4× CPU. Done in a task of its own
// while the details are requested, rather than inside the render that shows them (issue 19: one 65 ms task).
// Two tasks: each formatter's first use has its own share of the cost.
const pageLanguage = () => (typeof document === 'undefined' ? 'en' : document.documentElement.lang || 'en');
setTimeout(() => {
  formatDate('2000-01-01', pageLanguage());
  setTimeout(() => languageName('en', pageLanguage()), 0);
}, 0);

/** A trailer that plays in our own <video>: a direct video file. */
const isDirectVideo = (url: string | undefined | null): url is string => parseTrailer(url)?.kind === 'direct';

/** How long an embedded trailer may take to say it is ready before the modal says it could not load. */
const EMBED_READY_MS = 10_000;
const SITE_NAMES = { youtube: 'YouTube', vimeo: 'Vimeo' } as const;

/**
 * A YouTube or Vimeo trailer behind a click: nothing of the site loads until the person asks, then the
 * privacy-enhanced embed; if its player does not say it is ready in time, a message and a link to
 * watch it on the site instead.
 */
function EmbeddedTrailer({
  trailer,
  poster,
  title,
}: {
  trailer: Extract<Trailer, { kind: 'youtube' | 'vimeo' }>;
  poster?: string;
  title: string;
}) {
  const { t } = useTranslation('discover');
  const [state, setState] = useState<'idle' | 'loading' | 'ready' | 'failed'>('idle');
  const frame = useRef<HTMLIFrameElement>(null);
  const site = SITE_NAMES[trailer.kind];
  useEffect(() => {
    if (state !== 'loading') return;
    const onMessage = (event: MessageEvent) => {
      if (event.source === frame.current?.contentWindow && isReadyMessage(trailer.kind, event.origin, event.data)) setState('ready');
    };
    window.addEventListener('message', onMessage);
    // The players answer only once the page has said it listens; knock until one does.
    const knock = setInterval(() => frame.current?.contentWindow?.postMessage(handshake(trailer.kind), EMBED_ORIGINS[trailer.kind]), 250);
    const giveUp = setTimeout(() => setState((current) => (current === 'loading' ? 'failed' : current)), EMBED_READY_MS);
    return () => {
      window.removeEventListener('message', onMessage);
      clearInterval(knock);
      clearTimeout(giveUp);
    };
  }, [state, trailer]);
  if (state === 'idle')
    return (
      <>
        {poster && <img src={poster} alt="" />}
        <button type="button" className="trailer-start" data-testid="trailer-start" onClick={() => setState('loading')}>
          <span className="round" aria-hidden="true">
            <PlayIcon />
          </span>
          <span>{t('details.playTrailer')}</span>
          <small>{t('details.trailerFrom', { site })}</small>
        </button>
      </>
    );
  if (state === 'failed')
    return (
      <>
        {poster && <img src={poster} alt="" />}
        <div className="trailer-note" role="status" data-testid="trailer-failed">
          <span>{t('details.trailerFailed')}</span>
          <a href={trailer.watchUrl} target="_blank" rel="noopener noreferrer">
            {t('details.watchTrailerOn', { site })}
          </a>
        </div>
      </>
    );
  return (
    <>
      <iframe
        ref={frame}
        src={embedUrl(trailer, window.location.origin)}
        title={t('details.trailer', { title })}
        allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
        referrerPolicy="strict-origin-when-cross-origin"
        data-testid="details-trailer-embed"
        data-state={state}
      />
      {state === 'loading' && (
        <div className="trailer-note" role="status" style={{ pointerEvents: 'none' }}>
          <small>{t('details.trailerLoading')}</small>
        </div>
      )}
    </>
  );
}

function Trailer({ src, poster, title }: { src: string; poster?: string; title: string }) {
  const { t } = useTranslation('discover');
  const video = useRef<HTMLVideoElement>(null);
  const reduced = typeof window !== 'undefined' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  const [playing, setPlaying] = useState(false);
  const [muted, setMuted] = useState(true);
  return (
    <>
      <video
        ref={video}
        src={src}
        poster={poster}
        muted={muted}
        autoPlay={!reduced}
        playsInline
        loop
        preload="metadata"
        aria-label={t('details.trailer', { title })}
        data-testid="details-trailer"
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
      />
      <div className="media-controls">
        <button
          type="button"
          className="round"
          aria-label={playing ? t('details.pauseTrailer') : t('details.playTrailer')}
          onClick={() => (video.current?.paused ? void video.current.play().catch(() => undefined) : video.current?.pause())}
        >
          {playing ? <PauseIcon /> : <PlayIcon />}
        </button>
        <button
          type="button"
          className="round"
          aria-pressed={muted}
          aria-label={muted ? t('details.unmute') : t('details.mute')}
          onClick={() => setMuted((m) => !m)}
        >
          <VolumeIcon muted={muted} />
        </button>
      </div>
    </>
  );
}

export default function DetailsModal({ mediaRef }: { mediaRef: MediaRef }) {
  const { t, i18n } = useTranslation('discover');
  const { catalog, state, actions, navigate } = useHostWith('progress', 'bookmarks');
  const { close } = useDetailsModal();
  const location = useLocation();
  const dialog = useRef<HTMLDivElement>(null);
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const imdbBase = useImdbBase();
  const details = load.status === 'ready' ? load.details : null;
  const imdb = useImdb(details?.imdbId);
  useDialog(dialog, close);

  useEffect(() => {
    const controller = new AbortController();
    catalog.details(mediaRef, { signal: controller.signal }).then(
      // A transition: the details render in slices while the loading line stays on screen, not in one task
      // of ~65 ms at 4× CPU (issue 19).
      (d) => startTransition(() => setLoad({ status: 'ready', details: d })),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.error('[discover] details failed to load', error); // spec §8: logged; the modal hides itself
        setLoad({ status: 'failed' });
      },
    );
    return () => controller.abort();
  }, [catalog, mediaRef]);

  // Spec §2: shown without data and not loading, the modal hides itself.
  if (load.status === 'failed') return null;

  const titleId = 'details-modal-title';
  const progress = state.progress[mediaRef.tmdbId];
  const bookmarked = Boolean(state.bookmarks[mediaRef.tmdbId]);

  let body = (
    <p className="loading" role="status">
      {t('details.loading')}
    </p>
  );
  let hero = <div className="hero" />;
  if (details) {
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
    const rating = imdb?.imdb_rating ?? details.voteAverage;
    const votes = imdb?.votes ?? details.voteCount;
    const trailer = isDirectVideo(imdb?.trailer_url) ? imdb.trailer_url : isDirectVideo(details.trailerUrl) ? details.trailerUrl : null;
    const embedded = trailer ? null : (parseTrailer(details.trailerUrl) ?? parseTrailer(imdb?.trailer_url));
    const year = releaseYear(details);
    const runtime = details.runtime ? splitRuntime(details.runtime) : null;
    const runtimeText = runtime ? t(`details.${runtimeKey(runtime)}`, { hours: runtime.hours, minutes: runtime.minutes }) : null;
    const released = formatDate(details.releaseDate, i18n.language);
    const tmdbUrl = `https://www.themoviedb.org/${details.type === 'movie' ? 'movie' : 'tv'}/${details.tmdbId}`;
    hero = (
      <div className="hero">
        {trailer ? (
          <Trailer src={trailer} poster={details.backdrop} title={details.title} />
        ) : embedded && embedded.kind !== 'direct' ? (
          <EmbeddedTrailer trailer={embedded} poster={details.backdrop} title={details.title} />
        ) : details.backdrop ? (
          <img src={details.backdrop} alt="" />
        ) : null}
      </div>
    );
    body = (
      <div className="body">
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
        {details.type === 'show' && details.seasons && details.seasons.length > 0 && <Episodes show={details} />}
      </div>
    );
  }

  // Portalled to the body: no page styles or stacking contexts of the slot it was opened from apply.
  return createPortal(
    <Backdrop
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) close();
      }}
    >
      <Dialog
        ref={dialog}
        role="dialog"
        aria-modal="true"
        aria-labelledby={details ? titleId : undefined}
        aria-label={details ? undefined : t('details.loading')}
        aria-busy={!details}
        tabIndex={-1}
        data-testid="details-modal"
      >
        {hero}
        <button type="button" className="round close" aria-label={t('details.close')} onClick={close}>
          <CloseIcon />
        </button>
        {body}
      </Dialog>
    </Backdrop>,
    document.body,
  );
}
