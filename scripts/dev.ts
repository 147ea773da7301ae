/**
 * `npm run dev`: a dev server with hot reload for each app on its usual port (host 3000, remotes
 * 3001–3004), and the local services. The host's public/remotes.json points at those ports.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { startServices } from '../services/src/run.ts';
import { APP_NAMES, APPS } from './apps.ts';
import { ROOT } from './site.ts';

const rspackCli = path.join(path.dirname(createRequire(import.meta.url).resolve('@rspack/cli/package.json')), 'bin', 'rspack.js');
const children: ChildProcess[] = [];
for (const app of APP_NAMES) {
  const child = spawn(process.execPath, [rspackCli, 'serve', '--mode', 'development', '-c', path.join(ROOT, APPS[app].dir, 'rspack.config.ts')], {
    cwd: path.join(ROOT, APPS[app].dir),
    env: { ...process.env, NODE_ENV: 'development' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const prefix = `[${app}] `;
  const relay = (data: Buffer) => process.stdout.write(data.toString().replace(/^(?=.)/gm, prefix));
  child.stdout?.on('data', relay);
  child.stderr?.on('data', relay);
  children.push(child);
}
const services = await startServices({ log: (line) => console.log(line) });
console.log(`\nDev servers starting: host http://localhost:${APPS.host.port}, remotes on 3001–3004. Ctrl+C stops everything.`);
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
  void services.close().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
