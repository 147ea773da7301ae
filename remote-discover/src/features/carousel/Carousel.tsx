/**
 * A titled, horizontally scrolling row of cards (docs/behaviour.md#discover-carousels): loads when within the lazy-load margin,
 * 10 skeletons while loading, at most 20 items; arrows on desktop scroll 2 cards, or 4 when more
 * than 5 fit, mirrored in right-to-left layouts.
 */
import { useEffect, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { encodeMediaId, type MediaCard as Card, useHostState } from 'shared-contracts';
import styled from 'styled-components';
import { arrowDelta, arrowsNeeded, cardsPerScroll } from '../../core/carousel';
import { CAROUSEL_SKELETONS, LAZY_MARGIN_PX } from '../../core/constants';
import { CardHostProvider, CardSkeleton, MediaCard, useRovingCards } from '../cards';
import { ChevronIcon } from '../icons';
import { useCardsShown } from './use-cards-shown';
import { useNearViewport } from './use-near-viewport';
import { useRow } from './use-row';

const Section = styled.section`
  position: relative;
  margin: 0 0 2rem;
  scroll-margin-top: 5rem;
  h2 {
    font-size: 1.25rem;
    margin: 0 0 0.75rem;
    padding-inline: var(--page-pad);
    outline-offset: -2px;
  }
  .empty {
    padding-inline: var(--page-pad);
    color: ${(p) => p.theme.colors.textDim};
    height: var(--row-height);
    margin: 0;
  }
`;

export const Track = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0.25rem var(--page-pad) 0.75rem;
  display: grid;
  grid-auto-flow: column;
  grid-auto-columns: var(--card-width);
  gap: var(--card-gap);
  overflow-x: auto;
  overscroll-behavior-x: contain;
  scroll-snap-type: x proximity;
  scroll-padding-inline: var(--page-pad);
  scrollbar-width: none;
  &::-webkit-scrollbar {
    display: none;
  }
  /* Cards off screen (the rest of a row, the rows below) skip style, layout and paint until they come
     near the viewport: laying out and painting every row at once would be one long task. */
  > li {
    scroll-snap-align: start;
    min-width: 0;
    content-visibility: auto;
    contain-intrinsic-block-size: auto var(--row-height);
  }
  @media (prefers-reduced-motion: no-preference) {
    scroll-behavior: smooth;
  }
  &.grid {
    grid-auto-flow: row;
    grid-template-columns: repeat(auto-fill, minmax(var(--card-width), 1fr));
    overflow: visible;
    scroll-snap-type: none;
  }
`;

const Arrow = styled.button`
  position: absolute;
  top: calc(2.6rem + var(--card-width) * 0.75);
  transform: translateY(-50%);
  z-index: 3;
  display: grid;
  place-items: center;
  width: 2.75rem;
  height: 2.75rem;
  border-radius: 999px;
  border: 1px solid ${(p) => p.theme.colors.border};
  background: ${(p) => p.theme.colors.surface};
  color: ${(p) => p.theme.colors.text};
  cursor: pointer;
  &.start {
    inset-inline-start: 0.5rem;
  }
  &.end {
    inset-inline-end: 0.5rem;
  }
  &:hover {
    background: ${(p) => p.theme.colors.surfaceRaised};
  }
  /* Arrows on desktop only (mobile layout below 1024 px). */
  @media (max-width: 1023px) {
    display: none;
  }
  [dir='rtl'] & svg {
    transform: scaleX(-1);
  }
`;

/** Scrolls a track by 2 or 4 cards, in the reading direction. */
export function scrollTrack(track: HTMLElement | null, direction: 'previous' | 'next') {
  const first = track?.querySelector('li');
  if (!track || !first) return;
  const gap = parseFloat(getComputedStyle(track).columnGap) || 0;
  const cardWidth = first.getBoundingClientRect().width + gap;
  const rtl = getComputedStyle(track).direction === 'rtl';
  const delta = arrowDelta(direction, cardsPerScroll(track.clientWidth, cardWidth), cardWidth, rtl);
  track.scrollBy({ left: delta, behavior: window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth' });
}

/**
 * The arrows a row shows: no "previous" at the start of the row, no "next" at its end. When the focused
 * arrow goes away, focus moves to the other one instead of falling to the page.
 */
function useArrows(
  trackRef: RefObject<HTMLUListElement | null>,
  active: boolean,
  startArrow: RefObject<HTMLButtonElement | null>,
  endArrow: RefObject<HTMLButtonElement | null>,
) {
  const [arrows, setArrows] = useState({ start: false, end: true });
  useEffect(() => {
    const track = trackRef.current;
    if (!active || !track) return;
    let frame = 0;
    const update = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const next = arrowsNeeded(track);
        const focused = document.activeElement;
        if (!next.start && focused === startArrow.current) endArrow.current?.focus();
        if (!next.end && focused === endArrow.current) startArrow.current?.focus();
        setArrows((prev) => (prev.start === next.start && prev.end === next.end ? prev : next));
      });
    };
    update();
    track.addEventListener('scroll', update, { passive: true });
    const observer = new ResizeObserver(update);
    observer.observe(track);
    return () => {
      cancelAnimationFrame(frame);
      track.removeEventListener('scroll', update);
      observer.disconnect();
    };
  }, [trackRef, active, startArrow, endArrow]);
  return arrows;
}

/**
 * How many cards of a scrolling row can be in view at load: the window's width over the narrowest card
 * (8rem), plus one partly shown. Only those posters load at once at high priority; the rest of the row
 * loads lazily as it scrolls into view, so a row's off-screen posters do not crowd the first load's requests.
 */
const NARROWEST_CARD_PX = 8 * 16;
export const cardsInView = () => Math.ceil(window.innerWidth / NARROWEST_CARD_PX) + 1;

const NO_CARDS: Card[] = [];

export interface CarouselProps {
  /** Stable cache key of the row's content. */
  rowKey: string;
  title: string;
  load: () => Promise<Card[]>;
  /** DOM id (genre pills scroll to it). */
  anchorId?: string;
  /** Starts loading at once, posters at high priority (rows at the top of the page, in view at load). */
  eager?: boolean;
  /** Wraps into a grid instead of scrolling (Editor Picks show every title). */
  grid?: boolean;
}

export function Carousel({ rowKey, title, load, anchorId, eager, grid }: CarouselProps) {
  const { t } = useTranslation('discover');
  const sectionRef = useRef<HTMLElement>(null);
  const trackRef = useRef<HTMLUListElement>(null);
  const near = useNearViewport(sectionRef, LAZY_MARGIN_PX);
  const row = useRow(rowKey, eager || near, load);
  // The row re-renders on host writes (cheap: 20 elements); its cards only when their own flag changes.
  const bookmarks = useHostState('bookmarks');
  const headingId = `${anchorId ?? rowKey}-title`;
  const busy = row.status === 'idle' || row.status === 'loading';
  const startArrow = useRef<HTMLButtonElement>(null);
  const endArrow = useRef<HTMLButtonElement>(null);
  const arrows = useArrows(trackRef, !grid && row.status === 'ready', startArrow, endArrow);
  // A grid shows every card at once, and every poster of an eager grid at high priority.
  const inView = grid ? Infinity : cardsInView();
  const eagerCards = eager ? inView : 0;
  const items = row.status === 'ready' ? row.items : NO_CARDS;
  const shown = useCardsShown(items, inView);
  const roving = useRovingCards();
  const tabStop = roving.tabStop(items.slice(0, shown).map((card) => encodeMediaId(card)));
  return (
    <Section
      ref={sectionRef}
      id={anchorId}
      aria-labelledby={headingId}
      aria-busy={busy}
      data-testid="carousel"
      data-row={rowKey}
      data-status={row.status}
      // The host's scroll restoration holds the page to the rows and brings each row back to where it was.
      data-scroll-anchor={rowKey}
    >
      <h2 id={headingId} tabIndex={-1}>
        {title}
      </h2>
      {row.status === 'ready' && row.items.length === 0 ? (
        <p className="empty">{t('carousel.empty')}</p>
      ) : row.status === 'failed' ? (
        <p className="empty" data-testid="carousel-failed">
          {row.offline ? t('carousel.offline') : t('carousel.failed')}
        </p>
      ) : (
        <>
          {!grid && arrows.start && (
            <Arrow
              ref={startArrow}
              type="button"
              className="start"
              data-testid="carousel-previous"
              aria-label={t('carousel.previous', { title })}
              onClick={() => scrollTrack(trackRef.current, 'previous')}
            >
              <ChevronIcon direction="start" />
            </Arrow>
          )}
          <CardHostProvider>
            <Track ref={trackRef} className={grid ? 'grid' : undefined} data-scroll-x={grid ? undefined : rowKey} {...roving.listProps}>
              {row.status === 'ready'
                ? items.slice(0, shown).map((card, index) => (
                    <li key={`${card.type}-${card.tmdbId}`}>
                      <MediaCard
                        card={card}
                        bookmarked={Boolean(bookmarks[card.tmdbId])}
                        priority={index < eagerCards}
                        tabbable={encodeMediaId(card) === tabStop}
                      />
                    </li>
                  ))
                : Array.from({ length: CAROUSEL_SKELETONS }, (_, i) => (
                    <li key={i} aria-hidden="true">
                      <CardSkeleton />
                    </li>
                  ))}
            </Track>
          </CardHostProvider>
          {!grid && arrows.end && (
            <Arrow
              ref={endArrow}
              type="button"
              className="end"
              data-testid="carousel-next"
              aria-label={t('carousel.next', { title })}
              onClick={() => scrollTrack(trackRef.current, 'next')}
            >
              <ChevronIcon direction="end" />
            </Arrow>
          )}
        </>
      )}
    </Section>
  );
}
