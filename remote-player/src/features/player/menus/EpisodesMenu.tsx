/** Router `episodes`: the seasons, then the chosen season's episodes as a strip; unaired ones are disabled. */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type SeasonDetails, useHostServices } from 'shared-contracts';
import styled from 'styled-components';
import { useSnapshot } from 'valtio/react';
import { Icon } from '../icons';
import { usePlayer } from '../player.store';
import { Body, Card, Choice, Head, Wide, onMenuKeyDown, useMenu } from './parts';

const EpisodeStrip = styled.div`
  display: flex;
  gap: 0.75rem;
  overflow-x: auto;
  padding: 0.75rem;
  flex: 1;
  button {
    flex: 0 0 12rem;
    display: flex;
    flex-direction: column;
    gap: 0.25rem;
    padding: 0.5rem;
    border-radius: 0.5rem;
    border: 2px solid transparent;
    background: ${(p) => p.theme.colors.surfaceRaised};
    color: inherit;
    font: inherit;
    text-align: left;
    cursor: pointer;
  }
  button[aria-current='true'] {
    border-color: ${(p) => p.theme.colors.primary};
  }
  button:disabled {
    opacity: 0.45;
    cursor: default;
  }
  img {
    width: 100%;
    aspect-ratio: 16 / 9;
    object-fit: cover;
    border-radius: 0.35rem;
    background: #222;
  }
  .title {
    font-weight: 600;
    font-size: 0.9rem;
  }
  .overview {
    font-size: 0.8rem;
    color: ${(p) => p.theme.colors.textDim};
    display: -webkit-box;
    -webkit-line-clamp: 3;
    -webkit-box-orient: vertical;
    overflow: hidden;
  }
`;

/** Router `episodes`: season list (343x431), then the full-width episode strip (360 high). */
export function EpisodesMenu() {
  const { t } = useTranslation('player');
  const { ui, hooks } = usePlayer();
  const view = useSnapshot(ui);
  const host = useHostServices();
  const [seasons, setSeasons] = useState<Array<{ id: string; number: number; title: string }> | null | 'error'>(null);
  const [season, setSeason] = useState<SeasonDetails | null | 'error'>(null);
  const [chosen, setChosen] = useState<number | null>(view.meta?.episode?.seasonNumber ?? null);
  const tmdbId = view.meta?.media.tmdbId ?? '';
  const { go, close } = useMenu();
  const card = useRef<HTMLDivElement>(null);
  // Opening the menu, or another page of it, puts the focus on its first item (the keys then stay inside).
  useEffect(() => {
    card.current?.querySelector<HTMLElement>('button:not([disabled]), a, input')?.focus();
  }, [view.menu.route]);
  useEffect(() => {
    const controller = new AbortController();
    host.catalog.details({ type: 'show', tmdbId }, { signal: controller.signal }).then(
      (d) => setSeasons((d.seasons ?? []).map((s) => ({ id: s.id, number: s.number, title: s.title }))),
      () => setSeasons('error'),
    );
    return () => controller.abort();
  }, [host.catalog, tmdbId]);
  useEffect(() => {
    if (chosen === null || view.menu.route !== '/episodes') return;
    const controller = new AbortController();
    // eslint-disable-next-line react-hooks/set-state-in-effect -- a new request starts from its loading state (the answer comes later)
    setSeason(null);
    host.catalog.season(tmdbId, chosen, { signal: controller.signal }).then(setSeason, () => setSeason('error'));
    return () => controller.abort();
  }, [host.catalog, tmdbId, chosen, view.menu.route]);

  if (view.menu.route === '/episodes') {
    const today = new Date().toISOString().slice(0, 10);
    return (
      <Wide
        ref={card}
        $w={0}
        $h={360}
        role="dialog"
        aria-label={t('episodes.title')}
        data-testid="episodes-menu"
        data-route="/episodes"
        data-router="episodes"
        onKeyDown={onMenuKeyDown}
      >
        <Head>
          <button type="button" aria-label={t('menus.back')} onClick={() => go('/')}>
            <Icon name="arrowLeft" />
          </button>
          <h2>{season && season !== 'error' ? season.title : t('episodes.title')}</h2>
          <button type="button" aria-label={t('menus.close')} onClick={close}>
            ✕
          </button>
        </Head>
        {season === null && <p style={{ padding: '1rem' }}>{t('episodes.loadingList')}</p>}
        {season === 'error' && (
          <p style={{ padding: '1rem' }} role="alert">
            {t('episodes.loadingError')}
          </p>
        )}
        {season && season !== 'error' && season.episodes.length === 0 && <p style={{ padding: '1rem' }}>{t('episodes.emptyState')}</p>}
        {season && season !== 'error' && (
          <EpisodeStrip>
            {season.episodes.map((ep) => {
              const aired = !!ep.airDate && ep.airDate <= today;
              return (
                <button
                  key={ep.id}
                  type="button"
                  disabled={!aired}
                  aria-current={view.meta?.episode?.episode.id === ep.id}
                  onClick={() => {
                    close();
                    hooks.current.goToEpisode?.(season.id, ep.id);
                  }}
                >
                  {ep.still ? <img src={ep.still} alt="" loading="lazy" /> : <img alt="" />}
                  <span className="title">
                    E{ep.number} · {ep.title}
                  </span>
                  <span className="overview">{aired ? ep.overview : (ep.airDate ?? t('episodes.unreleased'))}</span>
                </button>
              );
            })}
          </EpisodeStrip>
        )}
      </Wide>
    );
  }
  return (
    <Card
      ref={card}
      $w={343}
      $h={431}
      role="dialog"
      aria-label={t('episodes.seasons')}
      data-testid="episodes-menu"
      data-route="/"
      data-router="episodes"
      onKeyDown={onMenuKeyDown}
    >
      <Head>
        <h2>{t('episodes.seasons')}</h2>
        <button type="button" aria-label={t('menus.close')} onClick={close}>
          ✕
        </button>
      </Head>
      <Body>
        {seasons === null && <p>{t('episodes.loadingList')}</p>}
        {seasons === 'error' && <p role="alert">{t('episodes.loadingError')}</p>}
        {Array.isArray(seasons) &&
          seasons.map((s) => (
            <Choice
              key={s.id}
              label={s.title}
              selected={view.meta?.episode?.seasonNumber === s.number}
              chevron
              onClick={() => {
                setChosen(s.number);
                go('/episodes');
              }}
            />
          ))}
      </Body>
    </Card>
  );
}
