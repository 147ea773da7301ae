/**
 * The theme on the wire. The backend keeps `applicationTheme` as free text, and upstream's clients send
 * null for the default theme; inside the apps the default theme is always the name `'default'`. These two
 * functions are the only place the two spellings meet.
 */

/** The app's theme name as the backend stores it: the default theme is null. */
export function themeToWire(theme: string): string | null {
  return theme === 'default' ? null : theme;
}

/**
 * A stored theme as one of the app's names. Null, absent, empty (what older clients and builds sent for
 * the default theme) and any name this build does not know read as `'default'`.
 */
export function themeFromWire<T extends string>(value: string | null | undefined, names: readonly T[]): T | 'default' {
  return value && (names as readonly string[]).includes(value) ? (value as T) : 'default';
}
