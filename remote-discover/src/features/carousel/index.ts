/** The feature's public surface: what other features import from it (lint keeps them to this file). */
export { loadedItems, prefetchRow } from './use-row';
export { Carousel, cardsInView } from './Carousel';
