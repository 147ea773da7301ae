/** The nine colour themes of Settings > Appearance (docs/behaviour.md#settings-sections). */
export const THEME_NAMES = ['default', 'blue', 'gray', 'red', 'teal', 'classic', 'green', 'mocha', 'pink'] as const;
export type ThemeName = (typeof THEME_NAMES)[number];

export const isThemeName = (value: string): value is ThemeName => (THEME_NAMES as readonly string[]).includes(value);

/** The colour set every app styles with (styled-components theme). */
export interface ThemeColors {
  background: string;
  surface: string;
  surfaceRaised: string;
  text: string;
  textDim: string;
  primary: string;
  primaryText: string;
  danger: string;
  warning: string;
  border: string;
  focus: string;
}

export interface AppTheme {
  name: ThemeName;
  colors: ThemeColors;
}
