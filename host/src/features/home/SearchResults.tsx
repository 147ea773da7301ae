import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { RemoteSlot } from '../remotes';

const Section = styled.section`
  margin-top: 2.5rem;
  h2 {
    font-size: 1.2rem;
  }
`;

/**
 * The results of the search in the URL: the discover remote shows them as its media cards, so a result
 * offers what a card offers anywhere else (bookmark, more-options menu, details).
 */
export function SearchResults() {
  const { t } = useTranslation();
  return (
    <Section aria-labelledby="search-results">
      <h2 id="search-results">{t('home.search.resultsTitle')}</h2>
      <RemoteSlot remote="discover" page="searchResults" />
    </Section>
  );
}
