import { THEME_NAMES, type ThemeName } from 'shared-contracts';
import { proxy, subscribe } from 'valtio/vanilla';

/** Persisted as the described product persists it: {"state":{"theme":…},"version":0} under __MW::theme. */
const KEY = '__MW::theme';

const isThemeName = (value: unknown): value is ThemeName => typeof value === 'string' && (THEME_NAMES as readonly string[]).includes(value);

function read(): ThemeName {
  try {
    const stored = JSON.parse(localStorage.getItem(KEY) ?? 'null') as { state?: { theme?: unknown } } | null;
    const theme = stored?.state?.theme;
    return isThemeName(theme) ? theme : 'default';
  } catch {
    return 'default';
  }
}

export const themeStore = proxy<{ theme: ThemeName }>({ theme: read() });

subscribe(themeStore, () => {
  localStorage.setItem(KEY, JSON.stringify({ state: { theme: themeStore.theme === 'default' ? null : themeStore.theme }, version: 0 }));
});

export function setTheme(theme: ThemeName): void {
  if (isThemeName(theme)) themeStore.theme = theme;
}
