/**
 * What every media card needs from the host, as a value that stays the same across store writes.
 *
 * The HostApi object is rebuilt on any host store write (bookmarks, progress, volume…), so a card that
 * read it through `useHost()` re-rendered on every write — 500 cards on home for one synced bookmark
 * (issue: any write to a host store re-renders every media card). Lists read the host instead, hand
 * each card what it shows as plain props (its bookmark flag, its progress), and provide this.
 */
import { createContext, useContext, useLayoutEffect, useMemo, useRef, type ReactNode } from 'react';
import { useLocation } from 'shared-contracts/router';
import { useHostWith, type MediaCard, type MediaMeta } from 'shared-contracts';
import { withBack } from '../../core/back-param';
import { useDetailsModal } from '../details';

export interface CardHost {
  /** docs/behaviour.md#details-content: a plain click opens the details modal instead of the watch page (preference, default off). */
  detailsOnClick: boolean;
  toggleBookmark(meta: MediaMeta): void;
  openDetails(card: MediaCard): void;
  /** Goes to a title's watch page; the player's back control leads back here (`?back=`, this page). */
  openTitle(href: string): void;
}

const CardHostContext = createContext<CardHost | null>(null);

/** Provides the cards' CardHost; changes only when the details-modal preference does. */
export function CardHostProvider({ children }: { children: ReactNode }) {
  const { state, actions, navigate } = useHostWith('preferences');
  const modal = useDetailsModal();
  const location = useLocation();
  // The modal's URL depends on the current location: read the latest at click time, not at render.
  const latest = useRef({ actions, modal, navigate, location });
  useLayoutEffect(() => {
    latest.current = { actions, modal, navigate, location };
  });
  const detailsOnClick = state.preferences.enableDetailsModal;
  const value = useMemo<CardHost>(
    () => ({
      detailsOnClick,
      toggleBookmark: (meta) => void latest.current.actions.toggleBookmark(meta),
      openDetails: (card) => latest.current.modal.open(card),
      openTitle: (href) => {
        const { navigate, location } = latest.current;
        navigate(withBack(href, `${location.pathname}${location.search}`));
      },
    }),
    [detailsOnClick],
  );
  return <CardHostContext.Provider value={value}>{children}</CardHostContext.Provider>;
}

export function useCardHost(): CardHost {
  const host = useContext(CardHostContext);
  if (!host) throw new Error('A media card needs a CardHostProvider around its list');
  return host;
}
