import { useEffect } from 'react';

const SITE_NAME = 'CHAPS';

/** Sets the tab title; every page calls this once with its own words. */
export function useDocumentTitle(title: string | null): void {
  useEffect(() => {
    document.title = title ? `${title} | ${SITE_NAME}` : `${SITE_NAME} – PSA screening events`;
  }, [title]);
}
