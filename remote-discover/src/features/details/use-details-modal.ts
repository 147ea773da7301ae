/** Opening and closing the details modal through the URL (`?m=details-tmdb-…`). */
import { useCallback } from 'react';
import { useLocation } from 'shared-contracts/router';
import { type MediaRef, useHostServices } from 'shared-contracts';
import { detailsModalValue, withModal } from '../../core/modal-param';

export function useDetailsModal() {
  const { navigate } = useHostServices();
  const location = useLocation();
  const open = useCallback(
    (ref: MediaRef) => navigate(`${location.pathname}${withModal(location.search, detailsModalValue(ref))}${location.hash}`),
    [navigate, location],
  );
  const close = useCallback(
    () => navigate(`${location.pathname}${withModal(location.search, null)}${location.hash}`, { replace: true }),
    [navigate, location],
  );
  return { open, close };
}
