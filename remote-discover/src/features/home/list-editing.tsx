/**
 * Edit mode of home's Bookmarks and Continue Watching (docs/behaviour.md#home-lists): an Edit toggle, a remove button on each
 * card, and an Undo toast. A removal is held back for UNDO_MS before it reaches the host store (and so
 * the sync queue, which sends DELETE for it): Undo simply cancels it, nothing has to be re-created on
 * the server. A newer removal, leaving the page or closing the tab commits the pending ones at once.
 */
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { CloseIcon } from '../icons';

/** How long Undo is offered after a removal, ms. */
export const UNDO_MS = 8000;

interface Pending {
  tmdbId: string;
  title: string;
}

/** Removals waiting for their undo window; `commit` writes one to the host. */
export function usePendingRemovals(commit: (tmdbId: string) => void) {
  const [pending, setPending] = useState<Pending[]>([]);
  const pendingRef = useRef<Pending[]>([]);
  const commitRef = useRef(commit);
  useLayoutEffect(() => {
    commitRef.current = commit;
  });
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const set = (next: Pending[]) => {
    pendingRef.current = next;
    setPending(next);
  };
  const flush = useCallback(() => {
    clearTimeout(timer.current);
    const all = pendingRef.current;
    pendingRef.current = [];
    for (const item of all) commitRef.current(item.tmdbId);
    setPending([]);
  }, []);

  const remove = useCallback(
    (item: Pending) => {
      flush(); // one Undo at a time: the previous removal is final now
      set([item]);
      timer.current = setTimeout(flush, UNDO_MS);
    },
    [flush],
  );
  const undo = useCallback(() => {
    clearTimeout(timer.current);
    set([]);
  }, []);

  useEffect(() => {
    // Leaving the page (route change unmounts us) or the tab: what the person removed stays removed.
    window.addEventListener('pagehide', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, [flush]);

  const hidden = new Set(pending.map((p) => p.tmdbId));
  return { hidden, last: pending.at(-1) ?? null, remove, undo };
}

export const EditBar = styled.div`
  /* Sits on the line of the host's section heading (the host's section is the positioned box). */
  position: absolute;
  top: -0.3rem;
  inset-inline-end: 0;
  button {
    padding: 0.4rem 1rem;
    border-radius: 999px;
    border: 1px solid ${(p) => p.theme.colors.border};
    background: ${(p) => p.theme.colors.surfaceRaised};
    color: ${(p) => p.theme.colors.text};
    font: inherit;
    font-size: 0.9rem;
    font-weight: 600;
    cursor: pointer;
  }
  button[aria-pressed='true'] {
    background: ${(p) => p.theme.colors.primary};
    color: ${(p) => p.theme.colors.primaryText};
    border-color: transparent;
  }
`;

export const EditableItem = styled.li`
  position: relative;
  .remove {
    position: absolute;
    inset-inline: 0;
    top: 0;
    aspect-ratio: 2 / 3;
    display: grid;
    place-content: center;
    justify-items: center;
    gap: 0.4rem;
    border: 2px solid ${(p) => p.theme.colors.danger};
    border-radius: 10px;
    background: rgb(0 0 0 / 62%);
    color: #fff;
    font: inherit;
    font-weight: 700;
    cursor: pointer;
  }
  .remove .icon {
    display: grid;
    place-items: center;
    width: 2.75rem;
    height: 2.75rem;
    border-radius: 999px;
    background: ${(p) => p.theme.colors.danger};
    color: #1a0a0a;
  }
  .remove:hover {
    background: rgb(0 0 0 / 75%);
  }
`;

const Toast = styled.div`
  position: fixed;
  z-index: 40;
  bottom: 1.25rem;
  left: 50%;
  transform: translateX(-50%);
  max-width: calc(100vw - 2rem);
  display: flex;
  align-items: center;
  gap: 1rem;
  padding: 0.7rem 0.8rem 0.7rem 1.1rem;
  border-radius: 12px;
  border: 1px solid ${(p) => p.theme.colors.border};
  background: ${(p) => p.theme.colors.surfaceRaised};
  color: ${(p) => p.theme.colors.text};
  box-shadow: 0 8px 30px rgb(0 0 0 / 45%);
  p {
    margin: 0;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  button {
    flex: none;
    padding: 0.4rem 0.9rem;
    border-radius: 999px;
    border: 0;
    background: ${(p) => p.theme.colors.primary};
    color: ${(p) => p.theme.colors.primaryText};
    font: inherit;
    font-weight: 700;
    cursor: pointer;
  }
`;

/** The Edit / Done toggle; `label` names the list for assistive technology ("Edit bookmarks"). */
export function EditToggle({
  editing,
  onToggle,
  label,
  testId,
}: {
  editing: boolean;
  onToggle: () => void;
  label: string;
  testId: string;
}) {
  const { t } = useTranslation('discover');
  return (
    <EditBar>
      <button type="button" aria-pressed={editing} aria-label={editing ? undefined : label} onClick={onToggle} data-testid={testId}>
        {editing ? t('home.done') : t('home.edit')}
      </button>
    </EditBar>
  );
}

/** The remove button laid over a card's poster in edit mode. */
export function RemoveButton({ title, onRemove }: { title: string; onRemove: () => void }) {
  const { t } = useTranslation('discover');
  return (
    <button type="button" className="remove" aria-label={t('home.remove', { title })} onClick={onRemove} data-testid="list-remove">
      <span className="icon">
        <CloseIcon />
      </span>
      <span>{t('home.removeShort')}</span>
    </button>
  );
}

/** "Removed X — Undo", announced politely; sits above the page until the undo window ends. */
export function UndoToast({ title, onUndo }: { title: string | null; onUndo: () => void }): ReactNode {
  const { t } = useTranslation('discover');
  return (
    <div role="status" aria-live="polite">
      {title !== null && (
        <Toast data-testid="undo-toast">
          <p>{t('home.removed', { title })}</p>
          <button type="button" onClick={onUndo}>
            {t('home.undo')}
          </button>
        </Toast>
      )}
    </div>
  );
}
