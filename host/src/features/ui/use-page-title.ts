import { useEffect } from 'react';
import { setDocumentTitle } from '../host-api';

/** Sets the document title while the page is shown (spec: titles for every page). */
export function usePageTitle(title: string | null): void {
  useEffect(() => {
    setDocumentTitle(title || null);
  }, [title]);
}
