/**
 * Card sections for the host's home page (spec §2 Home: Bookmarks, Continue Watching, Discover), built
 * from the same media card as Discover. Each renders nothing when it has nothing to show.
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { mediaPath, useHost } from 'shared-contracts';
import styled from 'styled-components';
import { continueWatching } from 'shared-contracts';
import { MediaCard } from '../cards/MediaCard';
import { Carousel } from '../carousel/Carousel';
import { DetailsModalRoot } from '../details/DetailsModalRoot';
import { loadListRow } from '../discover/catalog-rows';
import { SectionStyle } from '../layout/PageStyle';

const Grid = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(var(--card-width), 1fr));
  gap: 1.25rem var(--card-gap);
`;

export function HomeBookmarks() {
  const { state } = useHost();
  const items = useMemo(() => Object.entries(state.bookmarks).sort(([, a], [, b]) => b.updatedAt - a.updatedAt), [state.bookmarks]);
  return (
    <SectionStyle>
      {items.length > 0 && (
        <Grid data-testid="bookmarks">
          {items.map(([tmdbId, item]) => (
            <li key={tmdbId}>
              <MediaCard card={{ tmdbId, type: item.type, title: item.title, year: item.year, poster: item.poster }} />
            </li>
          ))}
        </Grid>
      )}
      <DetailsModalRoot />
    </SectionStyle>
  );
}

export function HomeContinueWatching() {
  const { t } = useTranslation('discover');
  const { state } = useHost();
  const entries = useMemo(() => continueWatching(state.progress), [state.progress]);
  return (
    <SectionStyle>
      {entries.length > 0 && (
        <Grid data-testid="continue-watching">
          {entries.map(({ tmdbId, item, episode, progress }) => {
            const card = { tmdbId, type: item.type, title: item.title, year: item.year, poster: item.poster };
            const season = episode ? item.seasons[episode.seasonId] : undefined;
            return (
              <li key={tmdbId}>
                <MediaCard
                  card={card}
                  progress={progress}
                  to={mediaPath(card, card.title, episode ? { seasonId: episode.seasonId, episodeId: episode.id } : undefined)}
                  subtitle={episode ? t('card.episodeShort', { season: season?.number ?? '?', episode: episode.number }) : undefined}
                />
              </li>
            );
          })}
        </Grid>
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
