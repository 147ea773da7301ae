import { describe, expect, it } from 'vitest';
import { themeFromWire, themeToWire } from './theme';

const NAMES = ['default', 'blue', 'red'] as const;

describe('the theme on the wire', () => {
  it.each([
    ['default', null],
    ['blue', 'blue'],
    ['red', 'red'],
  ])('the app sends %s as %s', (theme, wire) => expect(themeToWire(theme)).toBe(wire));

  it.each<[string | null | undefined, string]>([
    [null, 'default'],
    [undefined, 'default'],
    ['', 'default'],
    ['default', 'default'],
    ['blue', 'blue'],
    ['neon', 'default'],
    ['BLUE', 'default'],
  ])('the backend value %j reads as %s', (wire, theme) => expect(themeFromWire(wire, NAMES)).toBe(theme));

  it('every theme survives the round trip', () => {
    for (const name of NAMES) expect(themeFromWire(themeToWire(name), NAMES)).toBe(name);
  });
});
