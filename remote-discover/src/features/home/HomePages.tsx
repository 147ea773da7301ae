/**
 * Card sections for the host's home page (spec §2 Home: Bookmarks, Continue Watching, Discover), built
 * from the same media card as Discover. Each renders nothing when it has nothing to show.
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { continueWatching, mediaPath, useHost } from 'shared-contracts';
import styled from 'styled-components';
import { CardHostProvider } from '../cards/card-host';
import { MediaCard } from '../cards/MediaCard';
import { Carousel } from '../carousel/Carousel';
import { DetailsModalRoot } from '../details/DetailsModalRoot';
import { loadListRow } from '../discover/catalog-rows';
import { SectionStyle } from '../layout/PageStyle';
import { useProgressiveCount } from './use-progressive-count';

const Grid = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(var(--card-width), 1fr));
  gap: 1.25rem var(--card-gap);
  /* Hundreds of cards: the browser skips style and layout of those far off screen (a write that moves
     every card, e.g. a new bookmark at the top, then costs a screenful of layout, not the whole list). */
  > li { content-visibility: auto; contain-intrinsic-block-size: auto var(--row-height); }
`;

export function HomeBookmarks() {
  const { state } = useHost();
  const items = useMemo(() => Object.entries(state.bookmarks).sort(([, a], [, b]) => b.updatedAt - a.updatedAt), [state.bookmarks]);
  const shown = useProgressiveCount(items.length);
  return (
    <SectionStyle>
      {items.length > 0 && (
        <CardHostProvider>
          <Grid data-testid="bookmarks">
            {items.slice(0, shown).map(([tmdbId, item]) => (
              <li key={tmdbId}>
                <MediaCard card={{ tmdbId, type: item.type, title: item.title, year: item.year, poster: item.poster }} bookmarked />
              </li>
            ))}
          </Grid>
        </CardHostProvider>
      )}
      <DetailsModalRoot />
    </SectionStyle>
  );
}

export function HomeContinueWatching() {
  const { t } = useTranslation('discover');
  const { state } = useHost();
  const entries = useMemo(() => continueWatching(state.progress), [state.progress]);
  const shown = useProgressiveCount(entries.length);
  return (
    <SectionStyle>
      {entries.length > 0 && (
        <CardHostProvider>
          <Grid data-testid="continue-watching">
            {entries.slice(0, shown).map(({ tmdbId, item, episode, progress }) => {
              const card = { tmdbId, type: item.type, title: item.title, year: item.year, poster: item.poster };
              const season = episode ? item.seasons[episode.seasonId] : undefined;
              return (
                <li key={tmdbId}>
                  <MediaCard
                    card={card}
                    bookmarked={Boolean(state.bookmarks[tmdbId])}
                    progress={progress}
                    to={mediaPath(card, card.title, episode ? { seasonId: episode.seasonId, episodeId: episode.id } : undefined)}
                    subtitle={episode ? t('card.episodeShort', { season: season?.number ?? '?', episode: episode.number }) : undefined}
                  />
                </li>
              );
            })}
          </Grid>
        </CardHostProvider>
      )}
      <DetailsModalRoot />
    </SectionStyle>
  );
}

/** Home's Discover section: one row of popular titles and a link to Discover. */
export function HomeSection() {
  const { t } = useTranslation('discover');
  const { catalog } = useHost();
  return (
    <SectionStyle data-testid="discover-home-section">
      <Carousel rowKey="movie-popular" title={t('rows.popular')} load={() => loadListRow(catalog, { kind: 'movie-list', list: 'popular' })} eager />
      <Link to="/discover">{t('home.discoverMore')}</Link>
      <DetailsModalRoot />
    </SectionStyle>
  );
}
