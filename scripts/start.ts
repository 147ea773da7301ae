/**
 * `npm start`: builds what is not built, then runs the composed site: the apps in one process and each
 * local service in one of its own, under a supervisor that restarts any that ends (./supervise.ts).
 * Ctrl-C stops them all.
 */
import path from 'node:path';
import { SERVICE_NAMES } from 'services/types';
import { APP_NAMES, REMOTE_APPS } from './apps.ts';
import { buildApps, isBuilt } from './build.ts';
import { ROOT } from './site.ts';
import { supervise, type Unit } from './supervise.ts';

const missing = APP_NAMES.filter((app) => !isBuilt(app));
if (missing.length) {
  console.log(`Building ${missing.join(', ')} (first start)…`);
  const ms = await buildApps(missing);
  console.log(`Built in ${(ms / 1000).toFixed(1)} s`);
}
const quiet = process.argv.includes('--quiet') ? ['--quiet'] : [];
const units: Unit[] = [
  { name: 'apps', script: path.join(ROOT, 'scripts', 'serve-apps.ts'), args: quiet },
  ...SERVICE_NAMES.map((name) => ({ name, script: path.join(ROOT, 'services', 'src', 'cli.ts'), args: [...quiet, name] })),
];

const urls: Record<string, string> = {};
let announced = false;
const supervisor = supervise(units, {
  log: (line) => console.log(`[start] ${line}`),
  onMessage(unit, message) {
    const ready = (message as { ready?: Record<string, string> }).ready;
    if (!ready) return;
    Object.assign(urls, ready);
    if (announced) return console.log(`[start] ${unit} is back`);
    if (!units.every((u) => (u.name === 'apps' ? urls.host : urls[u.name]))) return;
    announced = true;
    console.log(`\nmovie-web is running: ${urls.host}`);
    for (const app of REMOTE_APPS) console.log(`  ${app.padEnd(16)} ${urls[app.replace('remote-', '')]}`);
    for (const name of SERVICE_NAMES) console.log(`  ${name.padEnd(16)} ${urls[name]}`);
  },
});

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping`);
    void supervisor.stop().then(() => process.exit(0));
  });
}
