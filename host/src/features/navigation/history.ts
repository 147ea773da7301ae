/**
 * Where each entry of this tab's history leads (by the router's `idx` in history.state), so that a
 * "back to X" link (the player's back control, `?back=`) can go Back when X is the previous entry:
 * the browser then restores that page as it was (search query, scroll) instead of stacking a copy.
 */
const entries = new Map<number, string>();

/** The router's index of the current entry (react-router keeps it in history.state). */
export function currentIndex(): number | null {
  const idx = (window.history.state as { idx?: unknown } | null)?.idx;
  return typeof idx === 'number' ? idx : null;
}

/** Called on every location change. */
export function recordEntry(path: string): void {
  const idx = currentIndex();
  if (idx === null) return;
  entries.set(idx, path);
  // Entries after this one were replaced by this push (or will be, the next push overwrites them).
  for (const key of entries.keys()) if (key > idx + 1) entries.delete(key);
}

/** True when `to` is exactly the previous entry of this tab's history. */
export function isPreviousEntry(to: string): boolean {
  const idx = currentIndex();
  return idx !== null && idx > 0 && entries.get(idx - 1) === to;
}

/** Wraps the router's navigate: a push to the previous entry becomes Back. */
export function backAwareNavigate(navigate: (to: string | number, options?: { replace?: boolean }) => void) {
  return (to: string, options?: { replace?: boolean }) => {
    if (!options?.replace && isPreviousEntry(to)) navigate(-1);
    else navigate(to, { replace: options?.replace });
  };
}
