/**
 * True once the element comes within `marginPx` of the viewport (the lazy-load margin,
 * docs/behaviour.md#discover-carousels). Stays true.
 */
import { useEffect, useState, type RefObject } from 'react';

export function useNearViewport(ref: RefObject<Element | null>, marginPx: number): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (near || !el) return;
    if (typeof IntersectionObserver === 'undefined') {
      // eslint-disable-next-line react-hooks/set-state-in-effect -- no IntersectionObserver: everything counts as near
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { rootMargin: `${marginPx}px 0px` },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref, marginPx, near]);
  return near;
}
