/** The feature's public surface: what other features import from it (lint keeps them to this file). */
export { loadListRow } from './catalog-rows';
export { prefetchDiscoverPage } from './first-rows';
