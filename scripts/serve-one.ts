/** Serves one built app alone: `npm run serve -w remote-player` (port from MW_PORT_* or its default). */
import { APP_NAMES, APPS, type AppName } from './apps.ts';
import { distOf } from './site.ts';
import { startStaticServer } from './serve.ts';

const app = process.argv[2] as AppName;
if (!APP_NAMES.includes(app)) {
  console.error(`usage: serve-one <${APP_NAMES.join('|')}>`);
  process.exit(2);
}
const server = await startStaticServer({
  dir: distOf(app),
  port: Number(process.env[APPS[app].portEnv] ?? APPS[app].port),
  log: (line) => console.log(line),
});
console.log(`${app} serving ${distOf(app)} on ${server.url}`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void server.close().then(() => process.exit(0)));
