/** The feature's public surface: what other features import from it (lint keeps them to this file). */
export { ArrowUpIcon, BookmarkIcon, ChevronIcon, CloseIcon, PauseIcon, PlayIcon, VolumeIcon } from './icons';
export { CardSkeleton, MediaCard } from './MediaCard';
export { CardHostProvider } from './card-host';
export { useRovingCards } from './use-roving-cards';
