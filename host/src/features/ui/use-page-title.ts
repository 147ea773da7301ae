import { useEffect } from 'react';
import { setDocumentTitle } from '../host-api';

/** Sets the document title while the page is shown (every page has a title). */
export function usePageTitle(title: string | null): void {
  useEffect(() => {
    setDocumentTitle(title || null);
  }, [title]);
}
