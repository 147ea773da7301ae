/** The feature's public surface: what other features import from it (lint keeps them to this file). */
export { setDocumentTitle } from './document-title';
export { APP_VERSION } from './HostProvider';
