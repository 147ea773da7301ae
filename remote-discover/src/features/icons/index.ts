/** The inline icons every feature draws with (a feature of their own, so no two features import each other for them). */
export { ArrowUpIcon, BookmarkIcon, ChevronIcon, CloseIcon, MoreIcon, PauseIcon, PlayIcon, VolumeIcon } from './icons';
