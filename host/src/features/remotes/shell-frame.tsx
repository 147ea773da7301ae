/**
 * The first frame index.html drew for a remote's page (Discover's head, tabs, pills and first row), kept
 * on screen as that page's waiting screen while its code arrives, so the app's first render takes it over
 * instead of swapping it for "Loading…" and back (docs/behaviour.md#routes-site-frame).
 */
import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { VisuallyHidden } from '../ui';

/**
 * The page the shell drew for `page` ("remote/page") while it is still in the document, else `fallback`.
 * React's first commit clears the root; the frame is moved into this element in that same commit, before
 * the browser paints. Once this unmounts the frame goes with it, so later loads show `fallback`.
 */
export function ShellFrame({ page, label, fallback }: { page: string; label: string; fallback: ReactNode }) {
  const [frame] = useState(() =>
    Array.from(document.querySelectorAll<HTMLElement>('#root [data-shell-page]')).find((el) => el.dataset.shellPage === page),
  );
  const box = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    if (frame) box.current?.prepend(frame);
  }, [frame]);
  if (!frame) return fallback;
  return (
    <div ref={box} data-testid="shell-frame" style={{ display: 'contents' }}>
      <VisuallyHidden role="status" aria-live="polite">
        {label}
      </VisuallyHidden>
    </div>
  );
}
