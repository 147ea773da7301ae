/** Inline icons (decorative: the controls carry the labels). */
const base = { width: 20, height: 20, viewBox: '0 0 24 24', 'aria-hidden': true, focusable: false } as const;

export const BookmarkIcon = ({ filled }: { filled: boolean }) => (
  <svg {...base} fill={filled ? 'currentColor' : 'none'} stroke="currentColor" strokeWidth={2}>
    <path d="M6 3h12v18l-6-4-6 4z" strokeLinejoin="round" />
  </svg>
);

export const MoreIcon = () => (
  <svg {...base} fill="currentColor">
    <circle cx="5" cy="12" r="2" />
    <circle cx="12" cy="12" r="2" />
    <circle cx="19" cy="12" r="2" />
  </svg>
);

export const ChevronIcon = ({ direction }: { direction: 'start' | 'end' }) => (
  <svg {...base} fill="none" stroke="currentColor" strokeWidth={2.5} className={`chevron-${direction}`}>
    <path d={direction === 'start' ? 'M15 5l-7 7 7 7' : 'M9 5l7 7-7 7'} strokeLinecap="round" strokeLinejoin="round" />
  </svg>
);

export const PlayIcon = () => (
  <svg {...base} fill="currentColor">
    <path d="M7 4l13 8-13 8z" />
  </svg>
);

export const PauseIcon = () => (
  <svg {...base} fill="currentColor">
    <path d="M6 4h4v16H6zM14 4h4v16h-4z" />
  </svg>
);

export const VolumeIcon = ({ muted }: { muted: boolean }) => (
  <svg {...base} fill="none" stroke="currentColor" strokeWidth={2}>
    <path d="M4 9h4l5-4v14l-5-4H4z" fill="currentColor" />
    {muted ? <path d="M17 9l5 6M22 9l-5 6" /> : <path d="M17 8a5 5 0 010 8M19.5 5.5a9 9 0 010 13" />}
  </svg>
);

export const CloseIcon = () => (
  <svg {...base} fill="none" stroke="currentColor" strokeWidth={2.5}>
    <path d="M6 6l12 12M18 6L6 18" strokeLinecap="round" />
  </svg>
);

export const ArrowUpIcon = () => (
  <svg {...base} fill="none" stroke="currentColor" strokeWidth={2.5}>
    <path d="M12 19V5M5 12l7-7 7 7" strokeLinecap="round" strokeLinejoin="round" />
  </svg>
);
