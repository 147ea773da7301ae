import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { mediaPath, useHost } from 'shared-contracts';
import styled from 'styled-components';
import { continueWatching } from '../../core/continue-watching';
import { homeMoment } from '../../core/home-titles';
import { RemoteSlot } from '../remotes/RemoteSlot';
import { usePageTitle } from '../ui/use-page-title';
import { Grid, GridCard } from './MediaGrid';
import { SearchBox } from './SearchBox';
import { SearchResults } from './SearchResults';

const Hero = styled.section`
  text-align: center;
  padding: 3.5rem 0 1rem;
  h1 { font-size: clamp(1.5rem, 4vw, 2.4rem); margin: 0 0 1.5rem; }
`;

const Section = styled.section`
  max-width: 80rem;
  margin: 2.5rem auto 0;
  h2 { font-size: 1.2rem; margin: 0 0 1rem; }
`;

function Sections() {
  const { t } = useTranslation();
  const { state } = useHost();
  const resume = useMemo(() => continueWatching(state.progress), [state.progress]);
  const bookmarks = useMemo(
    () => Object.entries(state.bookmarks).sort(([, a], [, b]) => b.updatedAt - a.updatedAt),
    [state.bookmarks],
  );
  return (
    <>
      {resume.length > 0 && (
        <Section aria-labelledby="continue-watching">
          <h2 id="continue-watching">{t('home.continueWatching.sectionTitle')}</h2>
          <Grid data-testid="continue-watching">
            {resume.map((entry) => {
              const card = { tmdbId: entry.tmdbId, type: entry.item.type, title: entry.item.title, year: entry.item.year, poster: entry.item.poster };
              const season = entry.episode ? entry.item.seasons[entry.episode.seasonId] : undefined;
              return (
                <GridCard
                  key={entry.tmdbId}
                  card={card}
                  progress={entry.fraction}
                  to={mediaPath(card, card.title, entry.episode ? { seasonId: entry.episode.seasonId, episodeId: entry.episode.id } : undefined)}
                  subtitle={entry.episode ? t('media.episodeShort', { season: season?.number ?? '?', episode: entry.episode.number }) : undefined}
                />
              );
            })}
          </Grid>
        </Section>
      )}
      {bookmarks.length > 0 && (
        <Section aria-labelledby="bookmarks">
          <h2 id="bookmarks">{t('home.bookmarks.sectionTitle')}</h2>
          <Grid data-testid="bookmarks">
            {bookmarks.map(([tmdbId, item]) => (
              <GridCard key={tmdbId} card={{ tmdbId, type: item.type, title: item.title, year: item.year, poster: item.poster }} />
            ))}
          </Grid>
        </Section>
      )}
      {state.preferences.enableDiscover && (
        <Section aria-labelledby="discover-section">
          <h2 id="discover-section">{t('home.discover.sectionTitle')}</h2>
          <RemoteSlot remote="discover" page="homeSection" />
        </Section>
      )}
    </>
  );
}

export function HomePage() {
  const { t } = useTranslation();
  const params = useParams();
  const query = params.query ?? '';
  const moment = homeMoment(new Date());
  usePageTitle(query ? t('pageTitles.search', { query }) : null);
  return (
    <>
      <Hero>
        <h1>{t(`home.titles.${moment}`)}</h1>
        <SearchBox query={query} placeholder={t(`home.placeholders.${moment}`)} />
      </Hero>
      {query ? <SearchResults query={query} /> : <Sections />}
    </>
  );
}
