import { THEMES, THEME_NAMES } from 'shared-contracts';
import { describe, expect, it } from 'vitest';
import { CSS_VARIABLE_COLORS, CSS_VARIABLE_THEMES, themeDeclarations } from './css-theme';

describe('theme colours as CSS custom properties', () => {
  it('hands every theme the same var() colours, so styled rules are the same under every theme', () => {
    for (const name of THEME_NAMES) {
      expect(CSS_VARIABLE_THEMES[name].name).toBe(name);
      expect(CSS_VARIABLE_THEMES[name].colors).toBe(CSS_VARIABLE_COLORS);
    }
    expect(CSS_VARIABLE_COLORS.surfaceRaised).toBe('var(--mw-surface-raised)');
    expect(Object.keys(CSS_VARIABLE_COLORS).sort()).toEqual(Object.keys(THEMES.default.colors).sort());
  });

  it('declares each colour of the chosen theme', () => {
    const css = themeDeclarations('mocha');
    for (const [key, value] of Object.entries(THEMES.mocha.colors)) {
      const name = `--mw-${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
      expect(css).toContain(`${name}: ${value};`);
    }
    expect(themeDeclarations('blue')).toContain(`--mw-background: ${THEMES.blue.colors.background};`);
  });
});
