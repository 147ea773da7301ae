import type { ThemeName } from 'shared-contracts';
import { createGlobalStyle } from 'styled-components';
import { themeDeclarations } from './css-theme';

/** The page's base rules, and the theme's colours as custom properties on :root (the only rule a theme change rewrites). */
export const GlobalStyle = createGlobalStyle<{ $theme: ThemeName }>`
  :root { ${(p) => themeDeclarations(p.$theme)} }
  html, body { margin: 0; background: ${(p) => p.theme.colors.background}; color: ${(p) => p.theme.colors.text}; }
  body { font-family: system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif; line-height: 1.5; }
  /* Form controls take the page's font (their own default, Arial, sent a first load through the system's fonts
     for it: the icon-only buttons of every card). Sizes stay as each control sets them. */
  button, input, select, textarea { font-family: inherit; }
  a { color: ${(p) => p.theme.colors.primary}; }
  :focus-visible { outline: 2px solid ${(p) => p.theme.colors.focus}; outline-offset: 2px; }
  @media (prefers-reduced-motion: reduce) { * { animation: none !important; transition: none !important; scroll-behavior: auto !important; } }
`;
