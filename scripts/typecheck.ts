/** Typechecks every project (TypeScript strict everywhere); prints each project's errors. */
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { ROOT } from './site.ts';

const tsc = path.join(path.dirname(createRequire(import.meta.url).resolve('typescript/package.json')), 'bin', 'tsc');
const projects = [
  '.',
  'shared-contracts',
  'account-crypto',
  'account-wire',
  'scraping-core',
  'host-core',
  'host',
  'remote-discover',
  'remote-player',
  'remote-account',
  'remote-settings',
  'services',
];
let failed = 0;
for (const project of projects) {
  const started = performance.now();
  const result = spawnSync(process.execPath, [tsc, '--noEmit', '-p', path.join(ROOT, project, 'tsconfig.json')], { stdio: 'inherit' });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`typecheck ${project === '.' ? 'scripts+e2e' : project}: ${result.status === 0 ? 'ok' : 'FAILED'} (${seconds} s)`);
  if (result.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
