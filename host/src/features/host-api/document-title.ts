/** Page titles: "<page> | movie-web", or just the product name. */
export const SITE_NAME = 'movie-web';

export function setDocumentTitle(title: string | null): void {
  document.title = title ? `${title} | ${SITE_NAME}` : SITE_NAME;
}
