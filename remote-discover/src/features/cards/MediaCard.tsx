/**
 * The media card (docs/behaviour.md#discover-cards): poster (w342), title, type, year or Unreleased,
 * bookmark toggle, optional progress bar, and the more-options menu (also on right-click) with More
 * Info, Copy Link, Close and a copyable id. Used by Discover's carousels, home's sections and search.
 */
import { memo, useCallback, useEffect, useId, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'shared-contracts/router';
import { encodeMediaId, mediaPath, type MediaCard as Card } from 'shared-contracts';
import styled from 'styled-components';
import { COPY_FEEDBACK_MS, OVERLAY_CLOSE_MS } from '../../core/constants';
import { barPercent, releaseYear } from '../../core/format';
import { useCardHost } from './card-host';
import { BookmarkIcon, MoreIcon } from '../icons';

export const CardBox = styled.article`
  position: relative;
  width: 100%;
  .poster {
    position: relative;
    display: block;
    aspect-ratio: 2 / 3;
    border-radius: 10px;
    overflow: hidden;
    background: ${(p) => p.theme.colors.surfaceRaised};
  }
  .poster img {
    width: 100%;
    height: 100%;
    object-fit: cover;
    display: block;
  }
  .noposter {
    display: grid;
    place-items: center;
    height: 100%;
    padding: 0.5rem;
    text-align: center;
    color: ${(p) => p.theme.colors.textDim};
    font-size: 0.85rem;
  }
  > a {
    display: block;
    color: ${(p) => p.theme.colors.text};
    text-decoration: none;
    border-radius: 10px;
  }
  > a:hover h3 {
    color: ${(p) => p.theme.colors.primary};
  }
  /* Inside the card's box: a row's items skip painting off screen (content-visibility), which clips
     whatever is drawn outside them, the focus ring included. */
  > a:focus-visible {
    outline: 3px solid ${(p) => p.theme.colors.focus};
    outline-offset: -3px;
  }
  > a:focus-visible h3 {
    color: ${(p) => p.theme.colors.primary};
  }
  h3 {
    font-size: 0.95rem;
    margin: 0.5rem 0 0.1rem;
    line-height: 1.3;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
    /* The title runs in its own direction (cut at its end) but lines up with the page. */
    text-align: match-parent;
  }
  .meta {
    font-size: 0.8rem;
    color: ${(p) => p.theme.colors.textDim};
    white-space: nowrap;
  }
  .bar {
    position: absolute;
    inset-inline: 0;
    bottom: 0;
    height: 5px;
    background: rgb(0 0 0 / 55%);
  }
  .bar span {
    display: block;
    height: 100%;
    background: ${(p) => p.theme.colors.primary};
  }
  .actions {
    position: absolute;
    top: 0.4rem;
    inset-inline-end: 0.4rem;
    display: flex;
    gap: 0.3rem;
  }
  .actions button {
    display: grid;
    place-items: center;
    width: 2rem;
    height: 2rem;
    border-radius: 999px;
    border: 0;
    cursor: pointer;
    background: rgb(0 0 0 / 65%);
    color: #fff;
  }
  .actions button[aria-pressed='true'] {
    color: ${(p) => p.theme.colors.primary};
  }
  .actions button:hover {
    background: rgb(0 0 0 / 85%);
  }
  .actions button:focus-visible {
    outline-offset: -2px;
  }
`;

const Overlay = styled.div`
  position: absolute;
  inset: 0;
  aspect-ratio: 2 / 3;
  bottom: auto;
  border-radius: 10px;
  background: rgb(10 8 18 / 92%);
  display: flex;
  flex-direction: column;
  justify-content: center;
  gap: 0.45rem;
  padding: 0.6rem;
  z-index: 2;
  button {
    border: 0;
    border-radius: 8px;
    padding: 0.5rem;
    cursor: pointer;
    font: inherit;
    font-size: 0.85rem;
    font-weight: 600;
    background: ${(p) => p.theme.colors.surfaceRaised};
    color: ${(p) => p.theme.colors.text};
  }
  button:hover,
  button:focus-visible {
    background: ${(p) => p.theme.colors.border};
  }
  button:focus-visible {
    outline-offset: -2px;
  }
  button.primary {
    background: ${(p) => p.theme.colors.primary};
    color: ${(p) => p.theme.colors.primaryText};
  }
  .id {
    font-size: 0.75rem;
    color: ${(p) => p.theme.colors.textDim};
    text-align: center;
    margin-top: 0.2rem;
  }
  .id button {
    font-family: ui-monospace, monospace;
    font-weight: 400;
    font-size: 0.72rem;
    padding: 0.25rem 0.4rem;
    width: 100%;
    word-break: break-all;
  }
`;

/** Element Timing name of posters (the bench measures when the first row's posters paint). */
const POSTER_TIMING: Record<string, string> = { elementtiming: 'poster' };

/**
 * Plain values only, compared by value (see `sameProps`): the list reads the host and passes what the
 * card shows, so a write to an unrelated host store item re-renders no card.
 */
export interface MediaCardProps {
  card: Card;
  /** The title is in the user's bookmarks (filled bookmark button). */
  bookmarked: boolean;
  /** Seconds watched of the title (or of the episode to resume); draws a bar, full above 98%. */
  progress?: { watched: number; duration: number };
  /** Where the card leads; the title's watch page by default. */
  to?: string;
  /** Replaces the "type · year" line (e.g. "S1 E3" on Continue Watching). */
  subtitle?: string;
  /** In view at load: the poster loads at once, at high priority. */
  priority?: boolean;
  /**
   * The card's controls are in the tab order (default). A list of cards makes only one card tabbable
   * and moves between them with the arrow keys (useRovingCards).
   */
  tabbable?: boolean;
}

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // No clipboard permission (insecure origin, denied): fall back to a selection copy.
    const area = document.createElement('textarea');
    area.value = text;
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.append(area);
    area.select();
    const done = document.execCommand('copy');
    area.remove();
    return done;
  }
}

type MenuFocus = 'first' | 'last' | null;

/** The menu's items, in order. */
const itemsOf = (menu: HTMLElement) => [...menu.querySelectorAll<HTMLElement>('[role=menuitem]')];

function MediaCardInner({ card, bookmarked, progress, to, subtitle, priority, tabbable = true }: MediaCardProps) {
  const { t } = useTranslation('discover');
  const host = useCardHost();
  const [overlay, setOverlay] = useState(false);
  const [copied, setCopied] = useState<'link' | 'id' | null>(null);
  const leaveTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const copyTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const moreButton = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const focusOnOpen = useRef<MenuFocus>(null);
  const menuId = useId();
  const tabIndex = tabbable ? undefined : -1;
  const href = to ?? mediaPath(card, card.title);
  const id = encodeMediaId(card);
  const year = releaseYear(card);
  const yearText = year === 'unreleased' ? t('card.unreleased') : year === null ? '' : String(year);
  const percent = progress ? barPercent(progress.watched, progress.duration) : undefined;

  useEffect(
    () => () => {
      clearTimeout(leaveTimer.current);
      clearTimeout(copyTimer.current);
    },
    [],
  );
  useEffect(() => {
    const items = overlay && menu.current ? itemsOf(menu.current) : [];
    if (focusOnOpen.current === 'first') items[0]?.focus();
    if (focusOnOpen.current === 'last') items.at(-1)?.focus();
    focusOnOpen.current = null;
  }, [overlay]);

  const openOverlay = (focus: MenuFocus) => {
    clearTimeout(leaveTimer.current);
    focusOnOpen.current = focus;
    setOverlay(true);
  };
  const closeOverlay = useCallback((restoreFocus: boolean) => {
    clearTimeout(leaveTimer.current);
    // Focus in the menu goes back to its button rather than to the page's start with the menu.
    const focusInside = menu.current?.contains(document.activeElement) ?? false;
    setOverlay(false);
    if (restoreFocus || focusInside) moreButton.current?.focus({ preventScroll: !restoreFocus });
  }, []);

  /** A menu's keys: arrows, Home and End move among the items; Escape closes it back to its button. */
  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const items = itemsOf(event.currentTarget);
    const index = items.indexOf(document.activeElement as HTMLElement);
    let next = -1;
    if (event.key === 'ArrowDown') next = (index + 1) % items.length;
    else if (event.key === 'ArrowUp') next = (index - 1 + items.length) % items.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = items.length - 1;
    else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      closeOverlay(true);
      return;
    }
    if (next < 0) return;
    event.preventDefault();
    items[next]?.focus();
  };

  const copy = async (what: 'link' | 'id') => {
    const text = what === 'link' ? new URL(href, window.location.href).toString() : id;
    if (!(await copyText(text))) return;
    setCopied(what);
    clearTimeout(copyTimer.current);
    copyTimer.current = setTimeout(() => setCopied(null), COPY_FEEDBACK_MS);
  };

  const onCardClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
    event.preventDefault();
    if (host.detailsOnClick && !to) host.openDetails(card);
    // The link itself stays clean (copy, new tab); a plain click remembers where it came from.
    else host.openTitle(href);
  };

  return (
    <CardBox
      data-testid="media-card"
      data-media-id={id}
      onContextMenu={(event) => {
        event.preventDefault();
        openOverlay('first');
      }}
      onMouseLeave={() => {
        if (!overlay) return;
        clearTimeout(leaveTimer.current);
        leaveTimer.current = setTimeout(() => closeOverlay(false), OVERLAY_CLOSE_MS);
      }}
      onMouseEnter={() => clearTimeout(leaveTimer.current)}
    >
      <Link to={href} onClick={onCardClick} draggable={false} tabIndex={tabIndex}>
        <span className="poster">
          {card.poster ? (
            <img
              src={card.poster}
              alt=""
              loading={priority ? 'eager' : 'lazy'}
              fetchPriority={priority ? 'high' : 'auto'}
              decoding="async"
              width={342}
              height={513}
              draggable={false}
              {...POSTER_TIMING}
            />
          ) : (
            <span className="noposter" dir="auto">
              {card.title}
            </span>
          )}
          {percent !== undefined && (
            <span
              className="bar"
              role="progressbar"
              aria-label={t('card.progress')}
              aria-valuenow={percent}
              aria-valuemin={0}
              aria-valuemax={100}
            >
              <span style={{ width: `${percent}%` }} />
            </span>
          )}
        </span>
        <h3 dir="auto">{card.title}</h3>
        <span className="meta">{subtitle ?? [t(`card.types.${card.type}`), yearText].filter(Boolean).join(' · ')}</span>
      </Link>
      <div className="actions">
        <button
          type="button"
          aria-pressed={bookmarked}
          aria-label={t('card.bookmark', { title: card.title })}
          title={bookmarked ? t('card.removeBookmark') : t('card.addBookmark')}
          data-testid="card-bookmark"
          tabIndex={tabIndex}
          onClick={() =>
            host.toggleBookmark({ tmdbId: card.tmdbId, type: card.type, title: card.title, year: card.year, poster: card.poster })
          }
        >
          <BookmarkIcon filled={bookmarked} />
        </button>
        <button
          type="button"
          ref={moreButton}
          aria-label={t('card.more', { title: card.title })}
          aria-haspopup="menu"
          aria-expanded={overlay}
          aria-controls={overlay ? menuId : undefined}
          data-testid="card-more"
          tabIndex={tabIndex}
          onClick={() => (overlay ? closeOverlay(false) : openOverlay('first'))}
          onKeyDown={(event) => {
            if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
            event.preventDefault();
            openOverlay(event.key === 'ArrowDown' ? 'first' : 'last');
          }}
        >
          <MoreIcon />
        </button>
      </div>
      {overlay && (
        <Overlay
          ref={menu}
          id={menuId}
          role="menu"
          aria-label={t('card.optionsFor', { title: card.title })}
          data-testid="card-overlay"
          onKeyDown={onMenuKeyDown}
          onBlur={(event) => {
            // Closes when focus leaves it (Tab, a click elsewhere), as a menu does.
            const to = event.relatedTarget as Node | null;
            if (to && (event.currentTarget.contains(to) || to === moreButton.current)) return;
            closeOverlay(false);
          }}
        >
          <button
            type="button"
            role="menuitem"
            tabIndex={-1}
            className="primary"
            onClick={() => {
              // Focus back on the more-button first: the modal returns focus there when it closes.
              closeOverlay(true);
              host.openDetails(card);
            }}
          >
            {t('card.moreInfo')}
          </button>
          <button type="button" role="menuitem" tabIndex={-1} onClick={() => void copy('link')} aria-live="polite">
            {copied === 'link' ? t('card.copied') : t('card.copyLink')}
          </button>
          <button type="button" role="menuitem" tabIndex={-1} onClick={() => closeOverlay(true)}>
            {t('card.close')}
          </button>
          <div className="id" role="none">
            <button
              type="button"
              role="menuitem"
              tabIndex={-1}
              onClick={() => void copy('id')}
              aria-label={t('card.copyId', { id })}
              title={t('card.copyIdHint')}
            >
              {copied === 'id' ? t('card.copied') : id}
            </button>
          </div>
        </Overlay>
      )}
    </CardBox>
  );
}

const sameCard = (a: Card, b: Card) =>
  a === b ||
  (a.tmdbId === b.tmdbId &&
    a.type === b.type &&
    a.title === b.title &&
    a.year === b.year &&
    a.poster === b.poster &&
    a.releaseDate === b.releaseDate);

/** Lists rebuild card objects from store snapshots on every write; equal values must not re-render. */
function sameProps(a: MediaCardProps, b: MediaCardProps): boolean {
  return (
    sameCard(a.card, b.card) &&
    a.bookmarked === b.bookmarked &&
    a.progress?.watched === b.progress?.watched &&
    a.progress?.duration === b.progress?.duration &&
    a.to === b.to &&
    a.subtitle === b.subtitle &&
    a.priority === b.priority &&
    a.tabbable === b.tabbable
  );
}

export const MediaCard = memo(MediaCardInner, sameProps);

/** A card-sized placeholder while a row loads (same box, so nothing shifts when posters arrive). */
export function CardSkeleton() {
  return (
    <CardBox aria-hidden="true" data-testid="card-skeleton">
      <span className="poster" />
      <h3>&nbsp;</h3>
      <span className="meta">&nbsp;</span>
    </CardBox>
  );
}
