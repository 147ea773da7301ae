/**
 * A themed confirmation (the site uses no native alert, confirm or prompt): a modal <dialog>
 * (the rest of the page inert; Tab wraps between its buttons, so focus stays inside), labelled by its title and described by its
 * message, focus on the safe choice first, Escape or Cancel answers no, and focus returns to what
 * opened it. The destructive choice looks distinct.
 *
 *   const { confirm, dialog } = useConfirm();
 *   if (await confirm({ title, message, confirmLabel, destructive: true })) …
 *   return <>{…}{dialog}</>;
 */
import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Button } from './controls';

export interface ConfirmOptions {
  title: string;
  message: string;
  confirmLabel: string;
  /** Marks the confirming button as dangerous (red). */
  destructive?: boolean;
}

const Dialog = styled.dialog`
  max-width: min(28rem, calc(100vw - 2rem));
  padding: 1.5rem;
  border: 1px solid ${(p) => p.theme.colors.border};
  border-radius: 12px;
  background: ${(p) => p.theme.colors.surface};
  color: ${(p) => p.theme.colors.text};
  box-shadow: 0 20px 60px rgb(0 0 0 / 50%);
  &::backdrop {
    background: rgb(0 0 0 / 60%);
  }
  h2 {
    margin: 0 0 0.75rem;
    font-size: 1.2rem;
  }
  p {
    margin: 0 0 1.5rem;
    line-height: 1.5;
    color: ${(p) => p.theme.colors.textDim};
  }
  .actions {
    display: flex;
    flex-wrap: wrap;
    gap: 0.75rem;
    justify-content: flex-end;
  }
  .actions button {
    min-height: 44px;
  }
  /* Dark text: the themes' danger red is light (white on it fails contrast, 2.8:1). */
  .destructive {
    background: ${(p) => p.theme.colors.danger};
    color: #1b0707;
    border-color: transparent;
  }
  button:focus-visible {
    outline: 3px solid ${(p) => p.theme.colors.primary};
    outline-offset: 2px;
  }
`;

interface Pending extends ConfirmOptions {
  resolve: (answer: boolean) => void;
  opener: Element | null;
}

export function useConfirm(): { confirm: (options: ConfirmOptions) => Promise<boolean>; dialog: ReactNode } {
  const { t } = useTranslation('settings');
  const [pending, setPending] = useState<Pending | null>(null);
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const messageId = useId();

  const confirm = useCallback(
    (options: ConfirmOptions) => new Promise<boolean>((resolve) => setPending({ ...options, resolve, opener: document.activeElement })),
    [],
  );

  const answer = useCallback(
    (value: boolean) => {
      if (!pending) return;
      ref.current?.close();
      pending.resolve(value);
      if (pending.opener instanceof HTMLElement && pending.opener.isConnected) pending.opener.focus();
      setPending(null);
    },
    [pending],
  );

  useEffect(() => {
    const dialog = ref.current;
    if (pending && dialog && !dialog.open) dialog.showModal();
  }, [pending]);

  const dialog = pending ? (
    <Dialog
      ref={ref}
      role="alertdialog"
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={messageId}
      data-testid="confirm-dialog"
      onKeyDown={(event) => {
        // The page behind is inert, but Tab past the last button would leave for the browser's own UI: wrap.
        if (event.key !== 'Tab') return;
        const buttons = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('button:not(:disabled)')];
        const first = buttons[0];
        const last = buttons[buttons.length - 1];
        if (!event.shiftKey && document.activeElement === last) {
          event.preventDefault();
          first?.focus();
        } else if (event.shiftKey && document.activeElement === first) {
          event.preventDefault();
          last?.focus();
        }
      }}
      onCancel={(event) => {
        event.preventDefault(); // Escape: answered as Cancel, through our own close
        answer(false);
      }}
    >
      <h2 id={titleId}>{pending.title}</h2>
      <p id={messageId}>{pending.message}</p>
      <div className="actions">
        <Button type="button" autoFocus onClick={() => answer(false)}>
          {t('dialog.cancel')}
        </Button>
        <Button
          type="button"
          className={pending.destructive ? 'destructive' : undefined}
          $variant={pending.destructive ? undefined : 'primary'}
          onClick={() => answer(true)}
        >
          {pending.confirmLabel}
        </Button>
      </div>
    </Dialog>
  ) : null;

  return { confirm, dialog };
}
