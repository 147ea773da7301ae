import { Suspense, lazy, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'shared-contracts/router';
import { continueWatching, useHostServices, useHostWith } from 'shared-contracts';
import styled from 'styled-components';
import { homeMoment } from '../../core/home-titles';
import { RemoteSlot } from '../remotes';
import { usePageTitle } from '../ui';
import { SearchBox } from './SearchBox';
import { SearchResults } from './SearchResults';

const Hero = styled.section`
  text-align: center;
  padding: 3.5rem 0 1rem;
  h1 {
    font-size: clamp(1.75rem, 5vw, 3.1rem);
    margin: 0 0 1.5rem;
  }
`;

const Section = styled.section`
  /* Positioned: the discover remote puts its lists' Edit button on the heading's line. */
  position: relative;
  max-width: 80rem;
  margin: 2.5rem auto 0;
  h2 {
    font-size: 1.25rem;
    margin: 0 0 1rem;
    padding-inline-end: 7rem;
  }
`;

// The ad slot loads only where the show-ad flag is on (off by default).
const AdSlot = lazy(() => import('./AdSlot'));

/**
 * Home's sections in order (docs/behaviour.md#routes-table: search box, Bookmarks, Continue Watching, Discover): the
 * cards come from the discover remote, the same card as on Discover.
 */
function Sections() {
  const { t } = useTranslation();
  const { state } = useHostWith('progress', 'bookmarks', 'preferences');
  const hasResume = useMemo(() => continueWatching(state.progress).length > 0, [state.progress]);
  const hasBookmarks = Object.keys(state.bookmarks).length > 0;
  return (
    <>
      {hasBookmarks && (
        <Section aria-labelledby="bookmarks">
          <h2 id="bookmarks">{t('home.bookmarks.sectionTitle')}</h2>
          <RemoteSlot remote="discover" page="homeBookmarks" />
        </Section>
      )}
      {hasResume && (
        <Section aria-labelledby="continue-watching">
          <h2 id="continue-watching">{t('home.continueWatching.sectionTitle')}</h2>
          <RemoteSlot remote="discover" page="homeContinueWatching" />
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
  const { config } = useHostServices();
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
      {config.showAd && (
        <Suspense fallback={null}>
          <AdSlot />
        </Suspense>
      )}
      {query ? <SearchResults /> : <Sections />}
    </>
  );
}
