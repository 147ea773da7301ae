/**
 * Card sections for the host's home page (docs/behaviour.md#home-lists: Bookmarks, Continue Watching, Discover), built
 * from the same media card as Discover. Each renders nothing when it has nothing to show.
 */
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'shared-contracts/router';
import { continueWatching, encodeMediaId, mediaPath, useHostServices, useHostWith, type CatalogApi } from 'shared-contracts';
import styled from 'styled-components';
import { CardHostProvider, MediaCard, useRovingCards } from '../cards';
import { Carousel, prefetchRow } from '../carousel';
import { DetailsModalRoot } from '../details';
import { loadListRow } from '../discover';
import { SectionStyle } from '../layout';
import { EditToggle, EditableItem, RemoveButton, UndoToast, usePendingRemovals } from './list-editing';
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
  > li {
    content-visibility: auto;
    contain-intrinsic-block-size: auto var(--row-height);
  }
`;

/**
 * Edit mode shared by both lists: the toggle, removals with Undo, and focus kept on the list while
 * removing by keyboard (the next card's remove button, or the toggle when none is left).
 */
function useListEditing(commit: (tmdbId: string) => void) {
  const [editing, setEditing] = useState(false);
  const removals = usePendingRemovals(commit);
  const gridRef = useRef<HTMLUListElement>(null);
  const remove = (tmdbId: string, title: string) => {
    const buttons = [...(gridRef.current?.querySelectorAll<HTMLButtonElement>('[data-testid=list-remove]') ?? [])];
    const index = buttons.findIndex((b) => b === document.activeElement);
    removals.remove({ tmdbId, title });
    if (index < 0) return;
    requestAnimationFrame(() => {
      const left = [...(gridRef.current?.querySelectorAll<HTMLButtonElement>('[data-testid=list-remove]') ?? [])];
      (
        left[Math.min(index, left.length - 1)] ?? gridRef.current?.closest('section')?.querySelector<HTMLButtonElement>('[aria-pressed]')
      )?.focus();
    });
  };
  return {
    editing,
    toggle: () => setEditing((e) => !e),
    gridRef,
    remove,
    hidden: removals.hidden,
    last: removals.last,
    undo: removals.undo,
  };
}

export function HomeBookmarks() {
  const { t } = useTranslation('discover');
  const { state, actions } = useHostWith('bookmarks');
  // The grid's ref apart: the rest of `edit` is read while rendering, a ref only after.
  const { gridRef, ...edit } = useListEditing((tmdbId) => actions.removeBookmark(tmdbId));
  const hiddenKey = [...edit.hidden].join();
  const items = useMemo(
    () =>
      Object.entries(state.bookmarks)
        .filter(([tmdbId]) => !edit.hidden.has(tmdbId))
        .sort(([, a], [, b]) => b.updatedAt - a.updatedAt),
    // `hidden` is a new Set each render; its content is what matters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [state.bookmarks, hiddenKey],
  );
  const shown = useProgressiveCount(items.length);
  const roving = useRovingCards();
  const tabStop = roving.tabStop(items.slice(0, shown).map(([tmdbId, item]) => encodeMediaId({ tmdbId, type: item.type })));
  return (
    <SectionStyle>
      {items.length > 0 && (
        <EditToggle editing={edit.editing} onToggle={edit.toggle} label={t('home.editBookmarks')} testId="bookmarks-edit" />
      )}
      {items.length > 0 && (
        <CardHostProvider>
          <Grid data-testid="bookmarks" data-editing={edit.editing || undefined} ref={gridRef} {...roving.listProps}>
            {items.slice(0, shown).map(([tmdbId, item]) => (
              <EditableItem key={tmdbId}>
                <div inert={edit.editing}>
                  <MediaCard
                    card={{ tmdbId, type: item.type, title: item.title, year: item.year, poster: item.poster }}
                    bookmarked
                    tabbable={encodeMediaId({ tmdbId, type: item.type }) === tabStop}
                  />
                </div>
                {edit.editing && <RemoveButton title={item.title} onRemove={() => edit.remove(tmdbId, item.title)} />}
              </EditableItem>
            ))}
          </Grid>
        </CardHostProvider>
      )}
      <UndoToast title={edit.last?.title ?? null} onUndo={edit.undo} />
      <DetailsModalRoot />
    </SectionStyle>
  );
}

export function HomeContinueWatching() {
  const { t } = useTranslation('discover');
  const { state, actions } = useHostWith('progress');
  // The whole title goes: a movie's progress, or every episode of a show (synced as DELETE with `{}`).
  const { gridRef, ...edit } = useListEditing((tmdbId) => actions.removeProgress(tmdbId));
  const hiddenKey = [...edit.hidden].join();
  const entries = useMemo(
    () => continueWatching(state.progress).filter((e) => !edit.hidden.has(e.tmdbId)),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [state.progress, hiddenKey],
  );
  const shown = useProgressiveCount(entries.length);
  const roving = useRovingCards();
  const tabStop = roving.tabStop(entries.slice(0, shown).map(({ tmdbId, item }) => encodeMediaId({ tmdbId, type: item.type })));
  return (
    <SectionStyle>
      {entries.length > 0 && (
        <EditToggle editing={edit.editing} onToggle={edit.toggle} label={t('home.editContinueWatching')} testId="continue-watching-edit" />
      )}
      {entries.length > 0 && (
        <CardHostProvider>
          <Grid data-testid="continue-watching" data-editing={edit.editing || undefined} ref={gridRef} {...roving.listProps}>
            {entries.slice(0, shown).map(({ tmdbId, item, episode, progress }) => {
              const card = { tmdbId, type: item.type, title: item.title, year: item.year, poster: item.poster };
              const season = episode ? item.seasons[episode.seasonId] : undefined;
              return (
                <EditableItem key={tmdbId}>
                  <div inert={edit.editing}>
                    <MediaCard
                      card={card}
                      bookmarked={Boolean(state.bookmarks[tmdbId])}
                      progress={progress}
                      to={mediaPath(card, card.title, episode ? { seasonId: episode.seasonId, episodeId: episode.id } : undefined)}
                      subtitle={episode ? t('card.episodeShort', { season: season?.number ?? '?', episode: episode.number }) : undefined}
                      tabbable={encodeMediaId(card) === tabStop}
                    />
                  </div>
                  {edit.editing && <RemoveButton title={item.title} onRemove={() => edit.remove(tmdbId, item.title)} />}
                </EditableItem>
              );
            })}
          </Grid>
        </CardHostProvider>
      )}
      <UndoToast title={edit.last?.title ?? null} onUndo={edit.undo} />
      <DetailsModalRoot />
    </SectionStyle>
  );
}

const POPULAR_ROW = 'movie-popular';
const loadPopular = (catalog: CatalogApi) => loadListRow(catalog, { kind: 'movie-list', list: 'popular' });

/** Starts the home section's row request before the section renders; the row shares it. */
export function prefetchHomeSection(catalog: CatalogApi): void {
  prefetchRow(POPULAR_ROW, () => loadPopular(catalog));
}

/** Home's Discover section: one row of popular titles and a link to Discover. */
export function HomeSection() {
  const { t } = useTranslation('discover');
  const { catalog } = useHostServices();
  return (
    <SectionStyle data-testid="discover-home-section">
      <Carousel rowKey={POPULAR_ROW} title={t('rows.popular')} load={() => loadPopular(catalog)} eager />
      <Link to="/discover">{t('home.discoverMore')}</Link>
      <DetailsModalRoot />
    </SectionStyle>
  );
}
