/**
 * Season picker and episode carousel of the details modal (docs/behaviour.md#details-seasons-and-episodes):
 * the row scrolls 544 px per arrow; unaired episodes are dimmed with their air date or Unreleased; progress
 * shows as a bar
 * and a ring, the ring full above 90% and named "n % watched".
 */
import { startTransition, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'shared-contracts/router';
import { isAired, mediaPath, type MediaDetails, type SeasonDetails, useHostWith } from 'shared-contracts';
import styled from 'styled-components';
import { EPISODE_SCROLL_PX } from '../../core/constants';
import { lastWatchedEpisode } from 'shared-contracts';
import { barPercent, ringPercent } from '../../core/format';
import { ChevronIcon } from '../icons';

const Box = styled.section`
  margin-top: 1.5rem;
  .ep-head {
    display: flex;
    align-items: center;
    gap: 0.75rem;
    margin-bottom: 0.75rem;
    flex-wrap: wrap;
  }
  h3 {
    margin: 0;
    font-size: 1.15rem;
  }
  select {
    font: inherit;
    padding: 0.4rem 0.6rem;
    border-radius: 8px;
    border: 1px solid ${(p) => p.theme.colors.border};
    background: ${(p) => p.theme.colors.surfaceRaised};
    color: ${(p) => p.theme.colors.text};
  }
  .row {
    position: relative;
  }
  ul {
    list-style: none;
    margin: 0;
    padding: 0 0 0.5rem;
    display: grid;
    grid-auto-flow: column;
    grid-auto-columns: 15rem;
    gap: 0.75rem;
    overflow-x: auto;
    scrollbar-width: thin;
  }
  @media (prefers-reduced-motion: no-preference) {
    ul {
      scroll-behavior: smooth;
    }
  }
  .ep {
    display: block;
    color: inherit;
    text-decoration: none;
    border-radius: 10px;
  }
  .ep[aria-disabled='true'] {
    opacity: 0.45;
    cursor: default;
  }
  .still {
    position: relative;
    aspect-ratio: 16 / 9;
    border-radius: 10px;
    overflow: hidden;
    background: ${(p) => p.theme.colors.surfaceRaised};
  }
  .still img {
    width: 100%;
    height: 100%;
    object-fit: cover;
    display: block;
  }
  .bar {
    position: absolute;
    inset-inline: 0;
    bottom: 0;
    height: 4px;
    background: rgb(0 0 0 / 55%);
  }
  .bar span {
    display: block;
    height: 100%;
    background: ${(p) => p.theme.colors.primary};
  }
  .ring {
    position: absolute;
    top: 0.4rem;
    inset-inline-end: 0.4rem;
    width: 1.75rem;
    height: 1.75rem;
    color: ${(p) => p.theme.colors.primary};
  }
  .num {
    font-size: 0.8rem;
    color: ${(p) => p.theme.colors.textDim};
    margin: 0.4rem 0 0;
  }
  .name {
    font-weight: 600;
    font-size: 0.95rem;
    margin: 0;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  .air {
    font-size: 0.8rem;
    color: ${(p) => p.theme.colors.textDim};
    margin: 0;
  }
  .arrows {
    display: flex;
    gap: 0.4rem;
    margin-inline-start: auto;
  }
  .arrows button {
    display: grid;
    place-items: center;
    width: 2.25rem;
    height: 2.25rem;
    border-radius: 999px;
    cursor: pointer;
    border: 1px solid ${(p) => p.theme.colors.border};
    background: ${(p) => p.theme.colors.surfaceRaised};
    color: ${(p) => p.theme.colors.text};
  }
  [dir='rtl'] & .arrows svg {
    transform: scaleX(-1);
  }
  .status {
    color: ${(p) => p.theme.colors.textDim};
  }
`;

/**
 * How much of an episode was watched: a pie that fills clockwise over a full track, a tick once the
 * episode counts as watched. Not a thin open arc, which reads as a loading spinner.
 */
function Ring({ percent, label }: { percent: number; label: string }) {
  const r = 5;
  const c = 2 * Math.PI * r;
  return (
    <svg className="ring" viewBox="0 0 24 24" role="img" aria-label={label} data-percent={percent}>
      <circle cx="12" cy="12" r="11" fill="rgb(0 0 0 / 70%)" />
      <circle cx="12" cy="12" r="8.5" fill="rgb(255 255 255 / 25%)" />
      {percent >= 100 ? (
        <>
          <circle cx="12" cy="12" r="8.5" fill="currentColor" />
          <path d="m8 12.2 2.7 2.7L16.2 9.4" fill="none" stroke="#fff" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
        </>
      ) : (
        // A circle of radius r stroked 2r wide draws a pie slice of the dash's length.
        <circle
          cx="12"
          cy="12"
          r={r}
          fill="none"
          stroke="currentColor"
          strokeWidth={2 * r}
          strokeDasharray={`${(percent / 100) * c} ${c}`}
          transform="rotate(-90 12 12)"
        />
      )}
    </svg>
  );
}

type SeasonLoad = { status: 'loading' } | { status: 'ready'; season: SeasonDetails } | { status: 'failed' };

export function Episodes({ show }: { show: MediaDetails }) {
  const { t, i18n } = useTranslation('discover');
  const { catalog, state } = useHostWith('progress');
  const seasons = show.seasons ?? [];
  const progress = state.progress[show.tmdbId];
  const initial = useMemo(() => {
    const last = lastWatchedEpisode(progress);
    const watchedSeason = last ? progress?.seasons[last.seasonId]?.number : undefined;
    return watchedSeason ?? (seasons.find((s) => s.number > 0) ?? seasons[0])?.number ?? 1;
    // Only the first render picks the season; later progress does not move the picker.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const [number, setNumber] = useState(initial);
  const [load, setLoad] = useState<SeasonLoad>({ status: 'loading' });
  const list = useRef<HTMLUListElement>(null);

  useEffect(() => {
    const controller = new AbortController();
    // eslint-disable-next-line react-hooks/set-state-in-effect -- a new request starts from its loading state (the answer comes later)
    setLoad({ status: 'loading' });
    catalog.season(show.tmdbId, number, { signal: controller.signal }).then(
      // A transition: a season's episode list renders in slices, not in one long task.
      (season) => startTransition(() => setLoad({ status: 'ready', season })),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.error('[discover] season failed to load', error);
        setLoad({ status: 'failed' });
      },
    );
    return () => controller.abort();
  }, [catalog, show.tmdbId, number]);

  const scroll = (direction: 1 | -1) => {
    const el = list.current;
    if (!el) return;
    const rtl = getComputedStyle(el).direction === 'rtl';
    el.scrollBy({ left: direction * (rtl ? -1 : 1) * EPISODE_SCROLL_PX });
  };
  const dateFormat = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeZone: 'UTC' });

  return (
    <Box aria-labelledby="details-episodes-title" data-testid="details-episodes">
      <div className="ep-head">
        <h3 id="details-episodes-title">{t('details.episodes')}</h3>
        <select
          value={number}
          onChange={(e) => setNumber(Number(e.target.value))}
          data-testid="season-picker"
          aria-label={t('details.season')}
        >
          {seasons.map((s) => (
            <option key={s.id} value={s.number}>
              {s.title}
            </option>
          ))}
        </select>
        <div className="arrows">
          <button type="button" aria-label={t('details.previousEpisodes')} onClick={() => scroll(-1)}>
            <ChevronIcon direction="start" />
          </button>
          <button type="button" aria-label={t('details.nextEpisodes')} onClick={() => scroll(1)}>
            <ChevronIcon direction="end" />
          </button>
        </div>
      </div>
      {load.status === 'loading' && (
        <p className="status" role="status">
          {t('details.loadingEpisodes')}
        </p>
      )}
      {load.status === 'failed' && <p className="status">{t('details.episodesFailed')}</p>}
      {load.status === 'ready' && load.season.episodes.length === 0 && <p className="status">{t('details.noEpisodes')}</p>}
      {load.status === 'ready' && load.season.episodes.length > 0 && (
        <ul ref={list} aria-label={load.season.title}>
          {load.season.episodes.map((ep) => {
            const aired = isAired(ep.airDate);
            const watched = progress?.episodes[ep.id]?.progress;
            const bar = watched ? barPercent(watched.watched, watched.duration) : 0;
            const ring = watched ? ringPercent(watched.watched, watched.duration) : 0;
            const content = (
              <>
                <div className="still">
                  {ep.still ? <img src={ep.still} alt="" loading="lazy" width={300} height={169} /> : null}
                  {watched && <Ring percent={ring} label={t('details.watchedPercent', { percent: ring })} />}
                  {/* The ring says how much was watched; the bar under the still only draws it again. */}
                  {bar > 0 && (
                    <span className="bar" aria-hidden="true">
                      <span style={{ width: `${bar}%` }} />
                    </span>
                  )}
                </div>
                <p className="num">{t('details.episodeNumber', { number: ep.number })}</p>
                <p className="name" dir="auto">
                  {ep.title}
                </p>
                {!aired && (
                  <p className="air">
                    {ep.airDate ? dateFormat.format(new Date(`${ep.airDate.slice(0, 10)}T00:00:00Z`)) : t('card.unreleased')}
                  </p>
                )}
              </>
            );
            return (
              <li key={ep.id} data-testid="episode" data-aired={aired} data-progress={ring}>
                {aired ? (
                  <Link className="ep" to={mediaPath(show, show.title, { seasonId: load.season.id, episodeId: ep.id })}>
                    {content}
                  </Link>
                ) : (
                  <div className="ep" aria-disabled="true">
                    {content}
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </Box>
  );
}
