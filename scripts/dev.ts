/**
 * `npm run dev [-- app …]`: dev servers with hot reload, and the local services.
 *
 * With no names, every app runs its dev server on its usual port (host 3000, remotes 3001–3004).
 * With names (`npm run dev -- player`, or `remote-player`), the host and the named remotes run dev
 * servers and the other remotes are served from their production builds (built first if missing) on
 * the same ports, so one remote can be worked on with hot reload against the others. The host always
 * runs in development: a development remote needs development React, which the host shares.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { startServices } from 'services/run';
import { APP_NAMES, APPS, REMOTE_APPS, type AppName } from './apps.ts';
import { buildApps, isBuilt } from './build.ts';
import { startStaticServer, type StaticServer } from './serve.ts';
import { distOf, ROOT } from './site.ts';

const asApp = (name: string): AppName => {
  const app = (APP_NAMES as string[]).includes(name) ? (name as AppName) : (`remote-${name}` as AppName);
  if (!APP_NAMES.includes(app)) throw new Error(`unknown app "${name}": one of ${APP_NAMES.join(', ')} (or without "remote-")`);
  return app;
};
const named = process.argv
  .slice(2)
  .filter((arg) => !arg.startsWith('-'))
  .map(asApp);
const devApps: AppName[] = named.length ? ['host', ...REMOTE_APPS.filter((app) => named.includes(app))] : APP_NAMES;
const builtApps = REMOTE_APPS.filter((app) => !devApps.includes(app));

const missing = builtApps.filter((app) => !isBuilt(app));
if (missing.length) {
  console.log(`Building ${missing.join(', ')} (served from their production builds)…`);
  await buildApps(missing);
}

const rspackCli = path.join(path.dirname(createRequire(import.meta.url).resolve('@rspack/cli/package.json')), 'bin', 'rspack.js');
const children: ChildProcess[] = [];
for (const app of devApps) {
  const child = spawn(
    process.execPath,
    [rspackCli, 'serve', '--mode', 'development', '-c', path.join(ROOT, APPS[app].dir, 'rspack.config.ts')],
    {
      cwd: path.join(ROOT, APPS[app].dir),
      env: { ...process.env, NODE_ENV: 'development' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const prefix = `[${app}] `;
  const relay = (data: Buffer) => process.stdout.write(data.toString().replace(/^(?=.)/gm, prefix));
  child.stdout?.on('data', relay);
  child.stderr?.on('data', relay);
  children.push(child);
}
const staticServers: StaticServer[] = [];
for (const app of builtApps) {
  const port = Number(process.env[APPS[app].portEnv] ?? APPS[app].port);
  staticServers.push(await startStaticServer({ dir: distOf(app), port, log: () => {} }));
}
const services = await startServices({ log: (line) => console.log(line) });
console.log(
  `\nDev servers starting: host http://localhost:${APPS.host.port}; hot reload in ${devApps.join(', ')}` +
    (builtApps.length ? `; production builds of ${builtApps.join(', ')}` : '') +
    '. Ctrl+C stops everything.',
);
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
  void Promise.all([services.close(), ...staticServers.map((server) => server.close())]).then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
