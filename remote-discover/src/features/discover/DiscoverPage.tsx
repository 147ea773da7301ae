/**
 * The Discover page (docs/behaviour.md#discover-tabs-and-rows): random movie, tabs (movies, tvshows, editorpicks), provider pills that
 * load a provider row (region US), category/genre pills that scroll to their row, lazily loaded
 * carousels, a scroll-to-top button after 300 px, and the details modal (`?m=`).
 */
import { startTransition, useCallback, useEffect, useMemo, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'shared-contracts/router';
import { type CatalogList, type Genre, type MediaType, useHostServices } from 'shared-contracts';
import styled from 'styled-components';
import {
  MOVIE_GENRE_LIMIT,
  MOVIE_PROVIDERS,
  PROVIDER_REGION,
  SCROLL_TOP_AFTER_PX,
  TV_GENRE_LIMIT,
  TV_PROVIDERS,
} from '../../core/constants';
import { TABS, parseTab, withTab, type Tab } from '../../core/tab-param';
import { ArrowUpIcon } from '../icons';
import { Carousel } from '../carousel';
import { DetailsModalRoot } from '../details';
import { PageStyle } from '../layout';
import { loadEditorPicks, loadListRow } from './catalog-rows';
import { EAGER_ROWS, FIXED_ROWS } from './first-rows';
import { RandomMovie } from './RandomMovie';

const Page = styled(PageStyle)`
  padding-top: 1.5rem;
  .head {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 1rem;
    justify-content: space-between;
    padding-inline: var(--page-pad);
    margin-bottom: 1rem;
  }
  h1 {
    margin: 0;
    font-size: clamp(1.5rem, 3vw, 2rem);
  }
  [role='tablist'] {
    display: flex;
    gap: 0.5rem;
    padding-inline: var(--page-pad);
    margin-bottom: 1rem;
    overflow-x: auto;
  }
  [role='tab'] {
    border: 0;
    background: none;
    color: ${(p) => p.theme.colors.textDim};
    font: inherit;
    font-size: 1.05rem;
    font-weight: 700;
    padding: 0.4rem 0.8rem;
    border-radius: 8px;
    cursor: pointer;
    white-space: nowrap;
  }
  [role='tab'][aria-selected='true'] {
    color: ${(p) => p.theme.colors.text};
    background: ${(p) => p.theme.colors.surfaceRaised};
  }
  .pills {
    display: flex;
    gap: 0.5rem;
    overflow-x: auto;
    padding: 0.25rem var(--page-pad) 0.5rem;
    scrollbar-width: thin;
  }
  .pills-label {
    font-size: 0.8rem;
    text-transform: uppercase;
    letter-spacing: 0.06em;
    color: ${(p) => p.theme.colors.textDim};
    padding-inline: var(--page-pad);
    margin: 0.5rem 0 0.1rem;
  }
  .pill {
    flex: none;
    border: 1px solid ${(p) => p.theme.colors.border};
    background: ${(p) => p.theme.colors.surface};
    color: ${(p) => p.theme.colors.text};
    border-radius: 999px;
    padding: 0.35rem 0.9rem;
    font: inherit;
    font-size: 0.9rem;
    cursor: pointer;
    white-space: nowrap;
  }
  .pill:hover {
    background: ${(p) => p.theme.colors.surfaceRaised};
  }
  .pill[aria-pressed='true'] {
    background: ${(p) => p.theme.colors.primary};
    color: ${(p) => p.theme.colors.primaryText};
    border-color: transparent;
  }
  .rows {
    margin-top: 1.25rem;
  }
`;

const ToTop = styled.button`
  position: fixed;
  bottom: 1.5rem;
  inset-inline-end: 1.5rem;
  z-index: 5;
  display: grid;
  place-items: center;
  width: 3rem;
  height: 3rem;
  border-radius: 999px;
  border: 1px solid ${(p) => p.theme.colors.border};
  background: ${(p) => p.theme.colors.primary};
  color: ${(p) => p.theme.colors.primaryText};
  cursor: pointer;
  box-shadow: 0 6px 20px rgb(0 0 0 / 40%);
`;

function useScrolledPast(px: number): boolean {
  const [past, setPast] = useState(false);
  useEffect(() => {
    let frame = 0;
    const check = () => {
      frame = 0;
      setPast(window.scrollY > px);
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(check);
    };
    check();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      cancelAnimationFrame(frame);
    };
  }, [px]);
  return past;
}

/** Genres of a type (a failure is logged only and the list stays empty). */
function useGenres(type: MediaType, limit: number): Genre[] {
  const { catalog } = useHostServices();
  const [genres, setGenres] = useState<Genre[]>([]);
  useEffect(() => {
    let live = true;
    catalog.genres(type).then(
      // A transition: the genre rows (a dozen carousels with their skeletons, ~1,000 elements) render in
      // slices rather than in one long task.
      (list) => live && startTransition(() => setGenres(list.slice(0, limit))),
      (error: unknown) => {
        console.error(`[discover] ${type} genres failed to load`, error);
        if (live) setGenres([]);
      },
    );
    return () => {
      live = false;
    };
  }, [catalog, type, limit]);
  return genres;
}

interface RowDef {
  key: string;
  title: string;
  list: CatalogList;
}

const scrollToRow = (id: string) => {
  const el = document.getElementById(id);
  if (!el) return;
  el.scrollIntoView({ behavior: window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth', block: 'start' });
  el.querySelector<HTMLElement>('h2')?.focus({ preventScroll: true });
};

function MediaTab({ type }: { type: MediaType }) {
  const { t } = useTranslation('discover');
  const { catalog } = useHostServices();
  const genres = useGenres(type, type === 'movie' ? MOVIE_GENRE_LIMIT : TV_GENRE_LIMIT);
  const providers = type === 'movie' ? MOVIE_PROVIDERS : TV_PROVIDERS;
  const [provider, setProvider] = useState<number | null>(null);
  const rows = useMemo((): RowDef[] => {
    const fixed = FIXED_ROWS[type].map((row): RowDef => ({ key: row.key, title: t(row.titleKey), list: row.list }));
    return [
      ...fixed,
      ...genres.map((g): RowDef => ({ key: `${type}-genre-${g.id}`, title: g.name, list: { kind: 'discover', type, genre: g.id } })),
    ];
  }, [type, genres, t]);
  const chosen = providers.find((p) => p.id === provider);
  const load = useCallback((list: CatalogList) => () => loadListRow(catalog, list), [catalog]);

  return (
    <div role="tabpanel" id={`panel-${type}`} aria-labelledby={`tab-${type === 'movie' ? 'movies' : 'tvshows'}`}>
      <p className="pills-label" id={`providers-${type}`}>
        {t('providers.label')}
      </p>
      <div className="pills" role="group" aria-labelledby={`providers-${type}`} data-testid="provider-pills">
        {providers.map((p) => (
          <button
            key={p.id}
            type="button"
            className="pill"
            dir="auto"
            aria-pressed={provider === p.id}
            onClick={() => setProvider((cur) => (cur === p.id ? null : p.id))}
          >
            {p.name}
          </button>
        ))}
      </div>
      <p className="pills-label" id={`categories-${type}`}>
        {t('categories.label')}
      </p>
      <div className="pills" role="group" aria-labelledby={`categories-${type}`} data-testid="genre-pills">
        {rows.map((row) => (
          <button key={row.key} type="button" className="pill" onClick={() => scrollToRow(`row-${row.key}`)}>
            {row.title}
          </button>
        ))}
      </div>
      <div className="rows">
        {chosen && (
          <Carousel
            key={`${type}-provider-${chosen.id}`}
            rowKey={`${type}-provider-${chosen.id}`}
            anchorId={`row-${type}-provider`}
            title={t('rows.provider', { provider: chosen.name })}
            load={load({ kind: 'discover', type, provider: chosen.id, region: PROVIDER_REGION })}
            eager
          />
        )}
        {rows.map((row, index) => (
          // The first rows are in view at load: no need to wait for the observer.
          <Carousel
            key={row.key}
            rowKey={row.key}
            anchorId={`row-${row.key}`}
            title={row.title}
            load={load(row.list)}
            eager={index < EAGER_ROWS && !chosen}
          />
        ))}
      </div>
    </div>
  );
}

function EditorPicksTab() {
  const { t } = useTranslation('discover');
  const { catalog } = useHostServices();
  return (
    <div role="tabpanel" id="panel-editorpicks" aria-labelledby="tab-editorpicks" className="rows">
      <Carousel
        grid
        rowKey="editor-movies"
        anchorId="row-editor-movies"
        title={t('rows.editorMovies')}
        load={() => loadEditorPicks(catalog, 'movie')}
      />
      <Carousel
        grid
        rowKey="editor-shows"
        anchorId="row-editor-shows"
        title={t('rows.editorShows')}
        load={() => loadEditorPicks(catalog, 'show')}
      />
    </div>
  );
}

export default function DiscoverPage() {
  const { t } = useTranslation('discover');
  const { actions, navigate } = useHostServices();
  const location = useLocation();
  // The tab lives in the URL (replacing the entry: switching tabs is not a step Back undoes).
  const tab = parseTab(location.search);
  const setTab = (next: Tab) => navigate(`${location.pathname}${withTab(location.search, next)}${location.hash}`, { replace: true });
  const showToTop = useScrolledPast(SCROLL_TOP_AFTER_PX);

  useEffect(() => {
    actions.setDocumentTitle(t('pageTitle'));
    return () => actions.setDocumentTitle(null);
  }, [actions, t]);

  const onTabKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = TABS.indexOf(tab);
    const rtl = getComputedStyle(event.currentTarget).direction === 'rtl';
    const step = event.key === 'ArrowRight' ? (rtl ? -1 : 1) : event.key === 'ArrowLeft' ? (rtl ? 1 : -1) : 0;
    let next: Tab | undefined;
    if (step) next = TABS[(index + step + TABS.length) % TABS.length];
    else if (event.key === 'Home') next = TABS[0];
    else if (event.key === 'End') next = TABS[TABS.length - 1];
    if (!next) return;
    event.preventDefault();
    setTab(next);
    document.getElementById(`tab-${next}`)?.focus();
  };

  return (
    <Page data-testid="discover-page">
      <div className="head">
        <h1>{t('title')}</h1>
        <RandomMovie />
      </div>
      <div role="tablist" aria-label={t('tabs.label')} onKeyDown={onTabKey}>
        {TABS.map((id) => (
          <button
            key={id}
            id={`tab-${id}`}
            type="button"
            role="tab"
            aria-selected={tab === id}
            aria-controls={`panel-${id === 'movies' ? 'movie' : id === 'tvshows' ? 'show' : id}`}
            tabIndex={tab === id ? 0 : -1}
            onClick={() => setTab(id)}
          >
            {t(`tabs.${id}`)}
          </button>
        ))}
      </div>
      {tab === 'movies' && <MediaTab key="movie" type="movie" />}
      {tab === 'tvshows' && <MediaTab key="show" type="show" />}
      {tab === 'editorpicks' && <EditorPicksTab />}
      {__BUILD_MARKER__ && <p data-testid="build-marker">Build {__BUILD_MARKER__}</p>}
      {showToTop && (
        <ToTop
          type="button"
          aria-label={t('scrollToTop')}
          data-testid="scroll-to-top"
          onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
        >
          <ArrowUpIcon />
        </ToTop>
      )}
      <DetailsModalRoot />
    </Page>
  );
}
