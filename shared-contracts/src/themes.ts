import type { AppTheme, ThemeColors, ThemeName } from './theme';

const base: ThemeColors = {
  background: '#0f0d18',
  surface: '#1a1726',
  surfaceRaised: '#25213a',
  text: '#f2f0fa',
  textDim: '#a9a4c2',
  primary: '#a87fff',
  primaryText: '#12091f',
  danger: '#ff6b6b',
  warning: '#ffc94d',
  border: '#322d4a',
  focus: '#ffffff',
};

const palette = (overrides: Partial<ThemeColors>): ThemeColors => ({ ...base, ...overrides });

/** Complete colour sets of the nine themes; every text/background pair keeps WCAG AA contrast. */
export const THEMES: Record<ThemeName, AppTheme> = {
  default: { name: 'default', colors: base },
  blue: {
    name: 'blue',
    colors: palette({
      background: '#0b1220',
      surface: '#121c30',
      surfaceRaised: '#1a2740',
      primary: '#5fa8ff',
      border: '#22324f',
      textDim: '#a3b3cc',
    }),
  },
  gray: {
    name: 'gray',
    colors: palette({
      background: '#121212',
      surface: '#1c1c1c',
      surfaceRaised: '#272727',
      primary: '#c8c8c8',
      border: '#333333',
      textDim: '#b0b0b0',
    }),
  },
  red: {
    name: 'red',
    colors: palette({
      background: '#170b0d',
      surface: '#231114',
      surfaceRaised: '#301a1d',
      primary: '#ff6f7d',
      border: '#45252a',
      textDim: '#c9a8ac',
    }),
  },
  teal: {
    name: 'teal',
    colors: palette({
      background: '#071614',
      surface: '#0e221f',
      surfaceRaised: '#15302b',
      primary: '#3fd6c0',
      border: '#1f3f39',
      textDim: '#9fc4be',
    }),
  },
  classic: {
    name: 'classic',
    colors: palette({
      background: '#0a0a11',
      surface: '#14141f',
      surfaceRaised: '#1e1e2e',
      primary: '#8b7bf0',
      border: '#2a2a40',
      textDim: '#a7a7c2',
    }),
  },
  green: {
    name: 'green',
    colors: palette({
      background: '#0a140b',
      surface: '#112013',
      surfaceRaised: '#182c1b',
      primary: '#6bdc7a',
      border: '#243d28',
      textDim: '#a6c4aa',
    }),
  },
  mocha: {
    name: 'mocha',
    colors: palette({
      background: '#1e1e2e',
      surface: '#252537',
      surfaceRaised: '#313244',
      primary: '#cba6f7',
      text: '#cdd6f4',
      border: '#45475a',
      textDim: '#b4bcd8',
    }),
  },
  pink: {
    name: 'pink',
    colors: palette({
      background: '#170a14',
      surface: '#23101f',
      surfaceRaised: '#30182b',
      primary: '#ff86c8',
      border: '#47223e',
      textDim: '#cba8bf',
    }),
  },
};
