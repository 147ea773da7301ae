/** The feature's public surface: what other features import from it (lint keeps them to this file). */
export { CardSkeleton, MediaCard } from './MediaCard';
export { CardHostProvider } from './card-host';
export { useRovingCards } from './use-roving-cards';
