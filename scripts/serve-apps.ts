/**
 * The host and the four remotes (production builds) on their ports, as one unit of `npm start`; the
 * local services run in processes of their own, expected at their ports (MW_PORT_* or the defaults).
 */
import { DEFAULT_PORTS, SERVICE_NAMES } from 'services/types';
import { START_CONFIG, startSite } from './site.ts';

const quiet = process.argv.includes('--quiet');
const serviceUrls = Object.fromEntries(
  SERVICE_NAMES.map((name) => [name, `http://localhost:${process.env[`MW_PORT_${name.toUpperCase()}`] ?? DEFAULT_PORTS[name]}`]),
);
const site = await startSite({
  services: false,
  serviceUrls,
  config: { ...START_CONFIG },
  log: quiet ? () => {} : (line) => console.log(line),
});
process.send?.({ ready: { host: site.hostUrl, ...site.remoteUrls } });

let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  void site.close().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
process.on('disconnect', stop);
