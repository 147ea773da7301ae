import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { mediaPath, type MediaCard, useHostServices } from 'shared-contracts';
import styled from 'styled-components';
import { Button } from '../ui';
import { Grid, GridCard } from './MediaGrid';

type State = { status: 'loading' } | { status: 'done'; results: MediaCard[] } | { status: 'error'; message: string };

const Section = styled.section`
  margin-top: 2.5rem;
  h2 {
    font-size: 1.2rem;
  }
  .empty {
    text-align: center;
    color: ${(p) => p.theme.colors.textDim};
    padding: 3rem 1rem;
  }
`;

export function SearchResults({ query }: { query: string }) {
  const { t } = useTranslation();
  const { catalog } = useHostServices();
  const [state, setState] = useState<State>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    // eslint-disable-next-line react-hooks/set-state-in-effect -- a new request starts from its loading state (the answer comes later)
    setState({ status: 'loading' });
    catalog.search(query, { signal: controller.signal }).then(
      (results) => !controller.signal.aborted && setState({ status: 'done', results }),
      (error: Error) => {
        if (controller.signal.aborted) return;
        console.error('[search] failed', error);
        setState({ status: 'error', message: error.message });
      },
    );
    return () => controller.abort();
  }, [catalog, query, attempt]);

  return (
    <Section aria-labelledby="search-results" aria-busy={state.status === 'loading'}>
      <h2 id="search-results">{t('home.search.resultsTitle')}</h2>
      {state.status === 'loading' && (
        <p className="empty" role="status">
          {t('home.search.loading')}
        </p>
      )}
      {state.status === 'error' && (
        <div className="empty" role="alert">
          <p>{t('home.search.failed')}</p>
          <Button type="button" onClick={() => setAttempt((n) => n + 1)}>
            {t('home.search.retry')}
          </Button>
        </div>
      )}
      {state.status === 'done' && state.results.length === 0 && <p className="empty">{t('home.search.noResults')}</p>}
      {state.status === 'done' && state.results.length > 0 && (
        <>
          <p role="status">{t('home.search.resultsCount', { count: state.results.length })}</p>
          <Grid data-testid="search-results">
            {state.results.map((card) => (
              // The player's back control returns to these results (and Back restores the scroll).
              <GridCard
                key={`${card.type}-${card.tmdbId}`}
                card={card}
                to={`${mediaPath(card, card.title)}?back=${encodeURIComponent(`/browse/${encodeURIComponent(query)}`)}`}
              />
            ))}
          </Grid>
        </>
      )}
    </Section>
  );
}
