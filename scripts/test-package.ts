/**
 * One package's tests, for a team that owns one package: `npm test -w <package>` (the package's own
 * `test` script runs this from its folder). Its type check, lint and unit tests, then the browser
 * journeys of the screens it owns against the composed site (missing builds are built first; the other
 * apps are served as they are).
 *   tsx scripts/test-package.ts [package] [--unit]
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from './site.ts';

/** The journeys folder of each package that owns screens. */
const JOURNEYS: Record<string, string> = {
  host: 'e2e/host',
  'remote-discover': 'e2e/discover',
  'remote-player': 'e2e/player',
  'remote-account': 'e2e/account',
  'remote-settings': 'e2e/settings',
};

const args = process.argv.slice(2);
const unitOnly = args.includes('--unit');
const name = args.find((arg) => !arg.startsWith('--')) ?? path.basename(process.cwd());
if (!fs.existsSync(path.join(ROOT, name, 'package.json'))) {
  console.error(`test-package: no package "${name}" in the repository`);
  process.exit(2);
}

function run(what: string, command: string, commandArgs: string[]): void {
  const started = performance.now();
  console.log(`\n> ${what}`);
  const result = spawnSync(command, commandArgs, { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`test-package: ${what} failed`);
    process.exit(result.status ?? 1);
  }
  console.log(`  ${what}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

const bin = (tool: string) => path.join(ROOT, 'node_modules', '.bin', tool);
run('typecheck', bin('tsc'), ['-b', path.join(name, 'tsconfig.json')]);
run('lint', bin('eslint'), [name, '--max-warnings', '0']);
const hasUnitTests = fs.existsSync(path.join(ROOT, name, 'src'));
if (hasUnitTests) run('unit tests', bin('vitest'), ['run', '--passWithNoTests', `${name}/`]);
const journeys = JOURNEYS[name];
if (journeys && !unitOnly) {
  run('build (missing apps)', 'npx', ['tsx', 'scripts/build.ts', '--missing']);
  run('journeys', bin('playwright'), ['test', '-c', 'e2e/playwright.config.ts', journeys]);
}
