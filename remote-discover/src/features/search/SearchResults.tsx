/**
 * Search results (`/browse/:query`): the catalog's matches as the same media cards as Discover's and
 * home's (bookmark toggle, more-options menu, details modal), one tab stop for the whole grid. No match
 * says what to try and where to browse instead; a failed search offers to try again.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'shared-contracts/router';
import { encodeMediaId, useHostServices, useHostWith, type MediaCard as Card } from 'shared-contracts';
import styled from 'styled-components';
import { CardHostProvider, MediaCard, useRovingCards } from '../cards';
import { DetailsModalRoot } from '../details';
import { SectionStyle } from '../layout';

type State = { status: 'loading' } | { status: 'done'; results: Card[] } | { status: 'error'; offline: boolean };

const Grid = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(9.5rem, 1fr));
  gap: 1.25rem 1rem;
  @media (max-width: 480px) {
    grid-template-columns: repeat(auto-fill, minmax(7.5rem, 1fr));
  }
  > li {
    min-width: 0;
  }
`;

const Message = styled.div`
  text-align: center;
  padding: 3rem 1rem;
  color: ${(p) => p.theme.colors.textDim};
  .lead {
    color: ${(p) => p.theme.colors.text};
    font-size: 1.15rem;
    font-weight: 600;
    margin: 0 0 0.5rem;
  }
  p {
    margin: 0 0 1.25rem;
  }
  .ways {
    display: flex;
    flex-wrap: wrap;
    justify-content: center;
    gap: 0.75rem;
  }
  .ways a,
  button {
    display: inline-flex;
    align-items: center;
    padding: 0.6rem 1.1rem;
    border-radius: 8px;
    border: 1px solid ${(p) => p.theme.colors.border};
    background: ${(p) => p.theme.colors.surfaceRaised};
    color: ${(p) => p.theme.colors.text};
    font: inherit;
    font-weight: 600;
    text-decoration: none;
    cursor: pointer;
  }
  .ways a.primary {
    background: ${(p) => p.theme.colors.primary};
    border-color: transparent;
    color: ${(p) => p.theme.colors.primaryText};
  }
`;

function Results({ results }: { results: Card[] }) {
  const { state } = useHostWith('bookmarks');
  const roving = useRovingCards();
  const tabStop = roving.tabStop(results.map((card) => encodeMediaId(card)));
  return (
    <CardHostProvider>
      <Grid data-testid="search-results" {...roving.listProps}>
        {results.map((card) => (
          <li key={`${card.type}-${card.tmdbId}`}>
            <MediaCard card={card} bookmarked={Boolean(state.bookmarks[card.tmdbId])} tabbable={encodeMediaId(card) === tabStop} />
          </li>
        ))}
      </Grid>
    </CardHostProvider>
  );
}

export default function SearchResults() {
  const { t } = useTranslation('discover');
  const { catalog } = useHostServices();
  const query = useParams().query ?? '';
  const [state, setState] = useState<State>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    // eslint-disable-next-line react-hooks/set-state-in-effect -- a new request starts from its loading state (the answer comes later)
    setState({ status: 'loading' });
    catalog.search(query, { signal: controller.signal }).then(
      (results) => !controller.signal.aborted && setState({ status: 'done', results }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.error('[search] failed', error); // the page says so and offers to try again
        setState({ status: 'error', offline: !navigator.onLine });
      },
    );
    return () => controller.abort();
  }, [catalog, query, attempt]);

  // A search that failed offline runs again by itself once the connection is back.
  const waitingForNetwork = state.status === 'error' && state.offline;
  useEffect(() => {
    if (!waitingForNetwork) return;
    const retry = () => setAttempt((n) => n + 1);
    window.addEventListener('online', retry);
    return () => window.removeEventListener('online', retry);
  }, [waitingForNetwork]);

  return (
    <SectionStyle aria-busy={state.status === 'loading'} data-testid="search-page">
      {state.status === 'loading' && (
        <Message role="status">
          <p>{t('search.loading')}</p>
        </Message>
      )}
      {state.status === 'error' && (
        <Message role="alert">
          <p>{state.offline ? t('search.offline') : t('search.failed')}</p>
          <button type="button" onClick={() => setAttempt((n) => n + 1)}>
            {t('search.retry')}
          </button>
        </Message>
      )}
      {state.status === 'done' && state.results.length === 0 && (
        <Message data-testid="search-empty">
          <p className="lead" role="status">
            {t('search.noResults')}
          </p>
          <p>{t('search.noResultsHint')}</p>
          <div className="ways">
            <Link className="primary" to="/discover">
              {t('search.browseDiscover')}
            </Link>
            <Link to="/discover?tab=editorpicks">{t('search.browseEditorPicks')}</Link>
          </div>
        </Message>
      )}
      {state.status === 'done' && state.results.length > 0 && (
        <>
          <p role="status">{t('search.resultsCount', { count: state.results.length })}</p>
          <Results results={state.results} />
        </>
      )}
      <DetailsModalRoot />
    </SectionStyle>
  );
}
