/**
 * Renders the details modal when the URL asks for it (`?m=details-…`). Several of this remote's pages
 * can be on screen at once (home's sections): only the first mounted root renders, so there is one modal.
 */
import { Suspense, lazy, useEffect, useState, useSyncExternalStore } from 'react';
import { useLocation } from 'shared-contracts/router';
import { MODAL_PARAM, parseDetailsModal } from '../../core/modal-param';

const DetailsModal = lazy(() => import(/* webpackChunkName: "details-modal" */ './DetailsModal'));

let owners: symbol[] = [];
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((l) => l());
const subscribe = (listener: () => void) => (listeners.add(listener), () => void listeners.delete(listener));

function useIsOwner(): boolean {
  const [me] = useState(() => Symbol('details-modal-root'));
  useEffect(() => {
    owners = [...owners, me];
    notify();
    return () => {
      owners = owners.filter((o) => o !== me);
      notify();
    };
  }, [me]);
  return useSyncExternalStore(
    subscribe,
    () => owners[0] === me,
    () => false,
  );
}

export function DetailsModalRoot() {
  const location = useLocation();
  const owner = useIsOwner();
  const ref = parseDetailsModal(new URLSearchParams(location.search).get(MODAL_PARAM));
  if (!owner || !ref) return null;
  return (
    <Suspense fallback={null}>
      <DetailsModal key={`${ref.type}-${ref.tmdbId}`} mediaRef={ref} />
    </Suspense>
  );
}
