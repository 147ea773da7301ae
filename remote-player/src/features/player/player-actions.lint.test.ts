/**
 * The lint guard that keeps writes to the player's state in player.actions.ts (eslint.config.js): the
 * rule as the repository's config sets it for a feature module, run on small modules.
 */
import path from 'node:path';
import { ESLint, Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const repoRoot = path.resolve(import.meta.dirname, '../../../..');
const feature = (file: string) => path.join(repoRoot, 'remote-player/src/features', file);

let guard: Linter.RuleEntry | undefined;

async function restrictedSyntaxFor(file: string): Promise<Linter.RuleEntry | undefined> {
  const config = (await new ESLint({ cwd: repoRoot }).calculateConfigForFile(file)) as Linter.Config;
  return config.rules?.['no-restricted-syntax'];
}

function storeWrites(code: string): number {
  if (!guard) throw new Error('no guard configured');
  const messages = new Linter().verify(
    code,
    [{ files: ['**/*.tsx'], languageOptions: { parser: tseslint.parser }, rules: { 'no-restricted-syntax': guard } }],
    'module.tsx',
  );
  return messages.filter((m) => m.ruleId === 'no-restricted-syntax').length;
}

beforeAll(async () => {
  guard = await restrictedSyntaxFor(feature('player/Player.tsx'));
});

describe("writes to the player's state outside player.actions.ts", () => {
  it.each([
    ['an assignment through ui', 'const { ui } = usePlayer(); ui.hover = "none";'],
    ['a nested assignment through player.ui', 'player.ui.menu.route = "/";'],
    ['a compound assignment', 'player.ui.noticeUntil += 1000;'],
    ['an update', 'ui.tapSeek.seconds++;'],
    ['a delete', 'delete ui.captions.custom;'],
    ['a mutating array method', 'player.ui.thumbnails.push(thumbnail);'],
    ['a mutating array method on a nested array', 'ui.captions.external.options.splice(0, 1);'],
    ['Object.assign onto ui', 'Object.assign(player.ui, { meta: null });'],
    ['Object.assign onto ui itself', 'Object.assign(ui, { meta: null });'],
    ["the Cast framework's state", 'player.cast.sdk = "ready";'],
    ["the page's hooks", 'player.hooks.current.embed = true;'],
    ['the command env', 'player.env.current = null;'],
    ['the Cast control', 'player.castControl.current = null;'],
  ])('flags %s', (_, code) => {
    expect(storeWrites(code)).toBe(1);
  });

  it.each([
    ['reads', 'const open = ui.menu.id === "settings"; const t = player.ui.thumbnails.map((x) => x.at);'],
    ['an action', 'openMenu(player, "settings", "/source");'],
    ['writes to other objects', 'video.currentTime = 3; hostRef.current = host; remotePlayer.volumeLevel = 1;'],
    ['a non-mutating array method', 'const all = ui.captions.external.options.concat(more);'],
  ])('allows %s', (_, code) => {
    expect(storeWrites(code)).toBe(0);
  });

  it('applies to the features but not to the store and its actions', async () => {
    expect(guard).toBeDefined();
    expect(await restrictedSyntaxFor(feature('player/player.actions.ts'))).toBeUndefined();
    expect(await restrictedSyntaxFor(feature('player/player.store.ts'))).toBeUndefined();
    expect(await restrictedSyntaxFor(feature('player/menus/parts.tsx'))).toEqual(guard);
    expect(await restrictedSyntaxFor(feature('dev-video/DevVideoPage.tsx'))).toEqual(guard);
  });
});
