/** The scraping progress (docs/behaviour.md#scraping-progress): each source and its embeds as they are tried, and a tip. */
import { memo, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { useSnapshot } from 'valtio/react';
import type { SourceState } from 'scraping-core/types';
import { Icon } from './icons';
import { usePlayer } from './player.store';
import { Screen, VisuallyHidden, WaitingTop, appear } from './Screens';
import { turnstileStatus } from './turnstile';

export const TIP_COUNT = 21;
/** The scraping view eases in over the waiting screen (same backdrop) instead of replacing it at once. */
const Easing = styled(Screen)`
  /* Back and the title stay where they were on the waiting screen. */
  > *:not([data-testid='waiting-top']) {
    animation: ${appear} 200ms ease-out;
  }
  @media (prefers-reduced-motion: reduce) {
    > *:not([data-testid='waiting-top']) {
      animation: none;
    }
  }
`;

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  width: min(26rem, 100%);
  display: flex;
  flex-direction: column;
  gap: 0.35rem;
  text-align: left;
  ul {
    list-style: none;
    padding: 0 0 0 1.25rem;
    margin: 0.35rem 0 0;
    display: flex;
    flex-direction: column;
    gap: 0.35rem;
  }
`;

// One class for every status (attribute selectors): a status change does not generate a new class.
const Item = styled.div`
  display: flex;
  align-items: center;
  gap: 0.6rem;
  padding: 0.55rem 0.8rem;
  border-radius: 0.5rem;
  background: rgba(255, 255, 255, 0.06);
  color: #fff;
  &[data-status='pending'] {
    background: rgba(255, 255, 255, 0.14);
  }
  &[data-status='waiting'],
  &[data-status='notfound'] {
    color: rgba(255, 255, 255, 0.55);
  }
  .name {
    flex: 1;
  }
  .pct {
    font-variant-numeric: tabular-nums;
    font-size: 0.85rem;
  }
  .err {
    color: ${(p) => p.theme.colors.danger};
    display: inline-flex;
  }
  .ok {
    color: #4ade80;
    display: inline-flex;
  }
`;

const Tip = styled.p`
  font-size: 0.9rem;
  font-style: italic;
`;

type StatusLabels = Record<SourceState['status'], string>;

/** What a row shows; a run's event changes one or two rows, the others keep their render. */
const sameRow = (a: SourceState, b: SourceState) =>
  a.id === b.id &&
  a.name === b.name &&
  a.status === b.status &&
  Math.round(a.percentage) === Math.round(b.percentage) &&
  a.error?.message === b.error?.message &&
  a.reason === b.reason;

const SourceRow = memo(
  function SourceRow({ state, labels }: { state: SourceState; labels: StatusLabels }) {
    return (
      <Item data-testid="scrape-item" data-source={state.id} data-status={state.status}>
        <span className="name">{state.name}</span>
        {state.status === 'pending' && <span className="pct">{Math.round(state.percentage)}%</span>}
        {state.status === 'failure' && (
          <span className="err" title={state.error?.message ?? state.reason ?? ''}>
            <Icon name="error" size={18} />
          </span>
        )}
        {state.status === 'success' && (
          <span className="ok">
            <Icon name="check" size={18} />
          </span>
        )}
        <VisuallyHidden>{labels[state.status]}</VisuallyHidden>
      </Item>
    );
  },
  (a, b) => a.labels === b.labels && sameRow(a.state, b.state),
);

export function ScrapingView() {
  const { t } = useTranslation('player');
  const { ui } = usePlayer();
  const view = useSnapshot(ui);
  const [tip] = useState(() => Math.floor(Math.random() * TIP_COUNT) + 1);
  const labels = useMemo<StatusLabels>(
    () => ({
      waiting: t('scraping.items.waiting'),
      pending: t('scraping.items.pending'),
      success: t('scraping.items.success'),
      failure: t('scraping.items.failure'),
      notfound: t('scraping.items.notFound'),
    }),
    [t],
  );
  const { verifying } = useSnapshot(turnstileStatus);
  const { order, sources } = view.progress;
  return (
    <Easing data-testid="scraping-view" aria-busy="true">
      <WaitingTop title={view.meta?.media.title ?? null} />
      <h2>{t('scraping.title')}</h2>
      {verifying && (
        <Item role="status" data-testid="turnstile-verifying" data-status="pending">
          <span className="name">{t('turnstile.verifyingHumanity')}</span>
        </Item>
      )}
      <List aria-label={t('scraping.sources')}>
        {order.map((id) => {
          const source = sources[id];
          if (!source) return null;
          return (
            <li key={id}>
              <SourceRow state={source as SourceState} labels={labels} />
              {source.children.length > 0 && (
                <ul>
                  {source.children.map((childId) => {
                    const child = sources[childId];
                    return child ? (
                      <li key={childId}>
                        <SourceRow state={child as SourceState} labels={labels} />
                      </li>
                    ) : null;
                  })}
                </ul>
              )}
            </li>
          );
        })}
      </List>
      <Tip data-testid="scrape-tip">{t(`tips.t${tip}`)}</Tip>
    </Easing>
  );
}
