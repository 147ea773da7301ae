/** Profile icons as inline SVG (emoji glyphs are missing on systems without an emoji font); the set is shared-contracts'. */
import { PROFILE_ICON_PATHS, profileIconPath } from 'shared-contracts';

export const PROFILE_ICON_KEYS = Object.keys(PROFILE_ICON_PATHS);

export function ProfileIcon({ icon, size = 24 }: { icon: string; size?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden
    >
      <path d={profileIconPath(icon)} />
    </svg>
  );
}
