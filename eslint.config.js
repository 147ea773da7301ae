import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import fs from 'node:fs';
import path from 'node:path';
import tseslint from 'typescript-eslint';

const crossApp = {
  group: [
    'remote-discover',
    'remote-player',
    'remote-account',
    'remote-settings',
    'host',
    '**/remote-discover/**',
    '**/remote-player/**',
    '**/remote-account/**',
    '**/remote-settings/**',
    '**/host/src/**',
  ],
  message: 'Apps meet only through shared-contracts and the host at run time.',
};
/**
 * Packages meet by name, never by path: a relative import may not leave the package (the folder of the nearest
 * package.json) it is written in. Import the other package by name, through a subpath its package.json
 * "exports", and declare it in the importer's package.json.
 */
const repoRoot = import.meta.dirname;
const packageRoots = new Map();
/** The folder of the nearest package.json at or above `target` (a file or a folder), the repository root at most. */
function packageRootOf(target) {
  let dir = target;
  while (dir.startsWith(repoRoot) && dir !== repoRoot) {
    if (!packageRoots.has(dir)) packageRoots.set(dir, fs.existsSync(path.join(dir, 'package.json')));
    if (packageRoots.get(dir)) return dir;
    dir = path.dirname(dir);
  }
  return repoRoot;
}
/**
 * The allow-list. The repository root is the harness, not a library: its build and test tooling (scripts/,
 * rspack.base.ts) cannot be imported by name from a workspace (npm links workspaces, not the root), so the
 * apps' rspack.config.ts and e2e (which builds and serves the apps) reach it by path; nothing else does.
 */
const ROOT_TOOLING = ['scripts/', 'rspack.base.ts'];
const usesRootTooling = (file, from) => path.basename(file) === 'rspack.config.ts' || path.relative(repoRoot, from) === 'e2e';
/** A rule's visitors that hand `check` the source literal of every import and re-export. */
const onImportSources = (check) => ({
  ImportDeclaration: (node) => check(node.source),
  ExportNamedDeclaration: (node) => check(node.source),
  ExportAllDeclaration: (node) => check(node.source),
  ImportExpression: (node) => check(node.source),
  TSImportType: (node) => check(node.argument?.literal ?? node.argument),
});
const local = {
  rules: {
    'no-relative-import-outside-package': {
      meta: {
        type: 'problem',
        schema: [],
        messages: {
          leaves:
            "'{{source}}' leaves the package {{from}} for {{to}}: import {{to}} by name (a subpath its package.json exports) and declare it.",
          root: "'{{source}}' leaves the package {{from}} for the repository root: only the apps' rspack.config.ts and e2e use the root's tooling (scripts/, rspack.base.ts).",
        },
      },
      create(context) {
        const file = context.filename;
        const from = packageRootOf(path.dirname(file));
        const name = (dir) => (dir === repoRoot ? 'the repository root' : path.relative(repoRoot, dir));
        const check = (literal) => {
          const source = literal?.value;
          if (typeof source !== 'string' || !source.startsWith('.')) return;
          const target = path.resolve(path.dirname(file), source);
          const to = packageRootOf(target);
          if (to === from) return;
          const targetPath = path.relative(repoRoot, target).split(path.sep).join('/');
          if (
            to === repoRoot &&
            usesRootTooling(file, from) &&
            ROOT_TOOLING.some((entry) => targetPath === entry || targetPath.startsWith(entry))
          )
            return;
          context.report({
            node: literal,
            messageId: to === repoRoot ? 'root' : 'leaves',
            data: { source, from: name(from), to: name(to) },
          });
        };
        return onImportSources(check);
      },
    },
  },
};
/**
 * A feature's index is its public surface (CONTRIBUTING.md, Code): another feature of the same app imports the
 * feature's folder (its index.ts), never a module inside it.
 */
local.rules['feature-index-only'] = {
  meta: {
    type: 'problem',
    schema: [],
    messages: { deep: "'{{source}}' reaches inside the feature {{feature}}: import '{{index}}', its index (add what you need there)." },
  },
  create(context) {
    const file = context.filename;
    const match = /^(.*[\\/]src[\\/]features)[\\/]([^\\/]+)[\\/]/.exec(file);
    if (!match) return {};
    const [, featuresDir, own] = match;
    const check = (literal) => {
      const source = literal?.value;
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const rel = path.relative(featuresDir, path.resolve(path.dirname(file), source)).split(path.sep);
      if (rel[0] === '..' || rel[0] === own || rel.length === 1) return;
      if (rel.length === 2 && /^index(\.[jt]sx?)?$/.test(rel[1])) return;
      let index = path.relative(path.dirname(file), path.join(featuresDir, rel[0])).split(path.sep).join('/');
      if (!index.startsWith('.')) index = `./${index}`;
      context.report({ node: literal, messageId: 'deep', data: { source, feature: rel[0], index } });
    };
    return onImportSources(check);
  },
};
/**
 * The player's state (remote-player's player.store.ts: the `ui` and `cast` proxies, and the `hooks`, `env`
 * and `castControl` boxes) changes only through the verbs of player.actions.ts. A write is an assignment,
 * an update (++, --), a `delete` or a mutating array method on a member chain that goes through one of
 * those names, or `Object.assign` onto one.
 */
const playerState = 'Identifier[name=/^(ui|cast|hooks|env|castControl)$/]';
const storeWriteMessage = "The player's state changes through the actions in player.actions.ts (add a verb there).";
const playerStoreWrites = [
  `AssignmentExpression > MemberExpression.left ${playerState}`,
  `UpdateExpression > MemberExpression.argument ${playerState}`,
  `UnaryExpression[operator='delete'] > MemberExpression.argument ${playerState}`,
  `CallExpression[callee.property.name=/^(push|pop|shift|unshift|splice|sort|reverse|fill|copyWithin)$/] > MemberExpression.callee > MemberExpression.object ${playerState}`,
  `CallExpression[callee.property.name=/^(push|pop|shift|unshift|splice|sort|reverse|fill|copyWithin)$/] > MemberExpression.callee > ${playerState}.object`,
  `CallExpression[callee.object.name='Object'][callee.property.name='assign'] > ${playerState}.arguments:first-child`,
  `CallExpression[callee.object.name='Object'][callee.property.name='assign'] > MemberExpression.arguments:first-child ${playerState}`,
].map((selector) => ({ selector, message: storeWriteMessage }));
/** The account sync engine and what runs it: the host's, never built into the account remote's pages. */
const syncEngine = {
  group: ['account-sync/service', 'account-sync/engine', 'account-sync/push', 'account-sync/retry', 'account-sync/sync-memory'],
  message: 'The host runs the account sync engine: use HostApi.accountService (useAccountService()).',
};
const valtioRoot = { name: 'valtio', message: "Import from 'valtio/vanilla' or 'valtio/react': they are the shared singletons." };
const routerRoot = {
  name: 'react-router',
  message: "Import from 'shared-contracts/router': the one router singleton, tree-shaken to the names the apps use.",
};

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/dist-*/**',
      '**/node_modules/**',
      'test-results/**',
      'playwright-report/**',
      '.data/**',
      'services/media/**',
      '.bench/**',
      '.skew/**',
      'e2e/test-results/**',
      'e2e/playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.browser, ...globals.node },
      // Type-aware rules: each file is linted with the types of the tsconfig.json project that includes it.
      parserOptions: { projectService: true, tsconfigRootDir: repoRoot },
    },
    plugins: { local },
    rules: {
      'local/no-relative-import-outside-package': 'error',
      'local/feature-index-only': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'warn',
    },
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', 'e2e/**/*.ts', '**/testkit.ts'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      // Tests handle untyped values by nature (test doubles, JSON from responses, page.evaluate results), and
      // async callbacks without await are the shape test runners and Playwright's route handlers expect.
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    // Playwright fixtures destructure `{}` when they use no other fixture.
    files: ['e2e/**/*.ts'],
    rules: { 'no-empty-pattern': 'off' },
  },
  {
    // Plain JavaScript (this file, *.cjs) is in no TypeScript project: the untyped rules only.
    files: ['**/*.{js,cjs,mjs}'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['**/*.tsx', '**/src/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    // The plugin's whole recommended set (the React Compiler's checks included); a warning fails lint anyway.
    rules: { ...reactHooks.configs.recommended.rules, 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    // Native dialogs block the page, ignore the theme and the language: a themed dialog instead (see remote-settings' ConfirmDialog).
    files: ['*/src/**/*.{ts,tsx}'],
    rules: {
      'no-alert': 'error',
      'no-restricted-globals': [
        'error',
        { name: 'confirm', message: 'Use a themed dialog.' },
        { name: 'alert', message: 'Use a themed dialog.' },
        { name: 'prompt', message: 'Use a themed dialog.' },
      ],
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
    rules: { 'no-restricted-imports': ['error', { paths: [valtioRoot, routerRoot], patterns: [crossApp] }] },
  },
  {
    files: ['remote-player/src/**/*.{ts,tsx}'],
    ignores: [
      'remote-player/src/features/player/player.store.ts',
      'remote-player/src/features/player/player.actions.ts',
      // core/ cannot reach the store (it imports nothing from features/); its own state is the engine's.
      'remote-player/src/core/**',
      // Tests and their harness set up the state they start from.
      '**/*.test.{ts,tsx}',
      'remote-player/src/features/player/testing/**',
    ],
    rules: { 'no-restricted-syntax': ['error', ...playerStoreWrites] },
  },
  {
    // The host runs the account sync engine (account-sync); the account remote's pages reach the account
    // through HostApi.accountService. Only the service the remote keeps for contracts 1.3 hosts builds one
    // (remove in 1.5); tests stand in for the host. The remote's core/ files get the rule below instead.
    files: ['remote-account/src/**/*.{ts,tsx}'],
    ignores: ['remote-account/src/features/account/legacy-account-service.ts', 'remote-account/src/**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { paths: [valtioRoot, routerRoot], patterns: [crossApp, syncEngine] }] },
  },
  {
    // The account server reaches the account remote's code only through workspace packages imported by name.
    files: ['services/src/backend/**/*.ts', 'services/bench/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [crossApp] }] },
  },
  {
    // Pure logic stays free of features and React (core/ imports nothing from features/); so do
    // the account packages the account remote shares with the server (crypto, wire format), the account
    // sync engine the host runs, and the scraping engine.
    files: [
      '*/src/core/**/*.{ts,tsx}',
      'account-crypto/src/**/*.ts',
      'account-wire/src/**/*.ts',
      'account-sync/src/**/*.ts',
      'scraping-core/src/**/*.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [valtioRoot],
          patterns: [
            crossApp,
            { group: ['**/features/**', 'react', 'react-dom', 'styled-components'], message: 'core/ is pure: no features, no React.' },
          ],
        },
      ],
    },
  },
);
