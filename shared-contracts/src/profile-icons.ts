/**
 * The account profile's icons (profile {colorA, colorB, icon}, docs/behaviour.md#account-local-account), as 24×24 stroke paths: the one
 * set the register page, settings and the header avatar draw from. An unknown key (another client's
 * icon) draws as the default.
 */
export const PROFILE_ICON_PATHS: Readonly<Record<string, string>> = {
  userGroup: 'M9 11a3 3 0 1 0 0-6 3 3 0 0 0 0 6zm7-1a2.5 2.5 0 1 0 0-5M3 19c0-3 2.7-5 6-5s6 2 6 5M16 14c2.8 0 5 1.8 5 4.5',
  couch: 'M4 11V8a2 2 0 0 1 2-2h12a2 2 0 0 1 2 2v3M3 12a2 2 0 0 1 4 0v2h10v-2a2 2 0 0 1 4 0v5H3zM5 17v2M19 17v2',
  mobile: 'M8 3h8a1 1 0 0 1 1 1v16a1 1 0 0 1-1 1H8a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1zM11 18h2',
  ticket: 'M3 8a2 2 0 0 0 0 4v0a2 2 0 0 0 0 4v2h18v-2a2 2 0 0 1 0-4 2 2 0 0 1 0-4V6H3zM14 6v12',
  handcuffs: 'M7 14a4 4 0 1 0 0.01 0zM17 6a4 4 0 1 0 0.01 0zM9.5 12.5l5-5',
  cat: 'M5 4l3 4h8l3-4v10a7 6 0 0 1-14 0zM9.5 13h.01M14.5 13h.01M11 16h2',
};

export const DEFAULT_PROFILE_ICON = 'userGroup';

/** The path of a profile icon; the default icon's for an unknown key. */
export const profileIconPath = (icon: string): string => PROFILE_ICON_PATHS[icon] ?? PROFILE_ICON_PATHS[DEFAULT_PROFILE_ICON]!;

/** The profile colours offered by the register page and settings (any other #rrggbb stays allowed). */
export const PROFILE_COLORS: ReadonlyArray<{ key: string; value: string }> = [
  { key: 'blue', value: '#2E65CF' },
  { key: 'purple', value: '#8D44D6' },
  { key: 'red', value: '#E04F5F' },
  { key: 'green', value: '#4FA36B' },
  { key: 'gold', value: '#D6A23A' },
  { key: 'teal', value: '#3AAFB9' },
  { key: 'orange', value: '#E07A3A' },
  { key: 'grey', value: '#7A7F8C' },
];
