/**
 * Theme colours as CSS custom properties. Every styled rule interpolates
 * `var(--mw-<colour>)` instead of the colour itself, so its CSS (and class) is the same under every
 * theme: switching themes (or applying the saved one after boot) changes one `:root` rule, and no
 * component rule is generated again.
 */
import { THEMES, THEME_NAMES, type AppTheme, type ThemeColors, type ThemeName } from 'shared-contracts';

const COLOUR_KEYS = Object.keys(THEMES.default.colors) as (keyof ThemeColors)[];
const property = (key: string) => `--mw-${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;

/** The colours every theme hands styled-components: references to the custom properties. */
export const CSS_VARIABLE_COLORS = Object.freeze(
  Object.fromEntries(COLOUR_KEYS.map((key) => [key, `var(${property(key)})`])) as unknown as ThemeColors,
);

/** The ThemeProvider theme for each theme name (the name is kept for whoever reads it). */
export const CSS_VARIABLE_THEMES = Object.fromEntries(THEME_NAMES.map((name) => [name, { name, colors: CSS_VARIABLE_COLORS }])) as Record<
  ThemeName,
  AppTheme
>;

/** The custom property declarations of one theme, for the `:root` rule. */
export function themeDeclarations(name: ThemeName): string {
  const colors = (THEMES[name] ?? THEMES.default).colors;
  return COLOUR_KEYS.map((key) => `${property(key)}: ${colors[key]};`).join(' ');
}
