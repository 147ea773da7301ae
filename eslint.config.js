import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const crossApp = {
  group: ['remote-discover', 'remote-player', 'remote-account', 'remote-settings', 'host', '**/remote-discover/**', '**/remote-player/**', '**/remote-account/**', '**/remote-settings/**', '**/host/src/**'],
  message: 'Apps meet only through shared-contracts and the host at run time.',
};
const valtioRoot = { name: 'valtio', message: "Import from 'valtio/vanilla' or 'valtio/react': they are the shared singletons." };

export default tseslint.config(
  {
    ignores: ['**/dist/**', '**/dist-*/**', '**/node_modules/**', 'test-results/**', 'playwright-report/**', '.data/**', 'services/media/**', '.bench/**', 'e2e/test-results/**', 'e2e/playwright-report/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'warn',
    },
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', 'e2e/**/*.ts', '**/testkit.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // Playwright fixtures destructure `{}` when they use no other fixture.
    files: ['e2e/**/*.ts'],
    rules: { 'no-empty-pattern': 'off' },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['**/*.tsx', '**/src/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // Native dialogs block the page, ignore the theme and the language: a themed dialog instead (see remote-settings' ConfirmDialog).
    files: ['*/src/**/*.{ts,tsx}'],
    rules: {
      'no-alert': 'error',
      'no-restricted-globals': ['error', { name: 'confirm', message: 'Use a themed dialog.' }, { name: 'alert', message: 'Use a themed dialog.' }, { name: 'prompt', message: 'Use a themed dialog.' }],
      'no-restricted-properties': [
        'error',
        { object: 'window', property: 'confirm', message: 'Use a themed dialog.' },
        { object: 'window', property: 'alert', message: 'Use a themed dialog.' },
        { object: 'window', property: 'prompt', message: 'Use a themed dialog.' },
        { object: 'globalThis', property: 'confirm', message: 'Use a themed dialog.' },
      ],
    },
  },
  {
    // Remotes never import each other or the host: they meet through shared-contracts (and host-core
    // for their standalone pages). valtio is shared by subpath: its root would ship a second copy.
    files: ['remote-*/src/**/*.{ts,tsx}', 'host/src/**/*.{ts,tsx}', 'host-core/src/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { paths: [valtioRoot], patterns: [crossApp] }] },
  },
  {
    // The account server reaches the account remote's code only through workspace packages imported by name.
    files: ['services/src/backend/**/*.ts', 'services/bench/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [crossApp] }] },
  },
  {
    // Pure logic stays free of features and React (STYLE.md: core/ imports nothing from features/); so do
    // the account packages the account remote shares with the server (crypto, wire format).
    files: ['*/src/core/**/*.{ts,tsx}', 'account-crypto/src/**/*.ts', 'account-wire/src/**/*.ts', 'scraping-core/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [valtioRoot], patterns: [crossApp, { group: ['**/features/**', 'react', 'react-dom', 'styled-components'], message: 'core/ is pure: no features, no React.' }] },
      ],
    },
  },
);
