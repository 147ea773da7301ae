/** A title that could not load while offline: it loads by itself once the connection is back. */
import { useEffect, useRef } from 'react';

/** Runs `retry` on the browser's `online` event while `waiting` is true. */
export function useRetryWhenOnline(waiting: boolean, retry: () => void): void {
  const latest = useRef(retry);
  useEffect(() => {
    latest.current = retry;
  });
  useEffect(() => {
    if (!waiting) return;
    const again = () => latest.current();
    window.addEventListener('online', again);
    return () => window.removeEventListener('online', again);
  }, [waiting]);
}
