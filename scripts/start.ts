/** `npm start`: builds what is not built, then serves the composed site and the local services. */
import { REMOTE_APPS } from './apps.ts';
import { buildApps, isBuilt } from './build.ts';
import { startSite } from './site.ts';
import { APP_NAMES } from './apps.ts';

const missing = APP_NAMES.filter((app) => !isBuilt(app));
if (missing.length) {
  console.log(`Building ${missing.join(', ')} (first start)…`);
  const ms = await buildApps(missing);
  console.log(`Built in ${(ms / 1000).toFixed(1)} s`);
}
const quiet = process.argv.includes('--quiet');
const site = await startSite({ log: quiet ? () => {} : (line) => console.log(line) });
console.log(`\nmovie-web is running: ${site.hostUrl}`);
for (const app of REMOTE_APPS) {
  const name = app.replace('remote-', '') as keyof typeof site.remoteUrls;
  console.log(`  ${app.padEnd(16)} ${site.remoteUrls[name]}`);
}
for (const service of Object.values(site.services?.services ?? {})) console.log(`  ${service.name.padEnd(16)} ${service.url}`);
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping`);
    void site.close().then(() => process.exit(0));
  });
}
