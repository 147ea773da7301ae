import { startServices } from './run';
import { DEFAULT_PORTS, SERVICE_NAMES, type ServiceName } from './types';

// Usage: tsx src/cli.ts [--quiet] [name ...]   (no names: every service)
// Ports: MW_PORT_<NAME>=1234, e.g. MW_PORT_CATALOG=4100. The services not started here are expected
// at their ports too (`npm start` runs each service in a process of its own).
const quiet = process.argv.includes('--quiet');
const args = process.argv.slice(2).filter((a) => a !== 'all' && a !== '--quiet');
for (const arg of args) {
  if (!(SERVICE_NAMES as readonly string[]).includes(arg)) {
    console.error(`Unknown service "${arg}". Known: ${SERVICE_NAMES.join(', ')}`);
    process.exit(2);
  }
}
const ports: Partial<Record<ServiceName, number>> = {};
const peers: Partial<Record<ServiceName, string>> = {};
for (const name of SERVICE_NAMES) {
  const value = process.env[`MW_PORT_${name.toUpperCase()}`];
  ports[name] = value ? Number(value) : DEFAULT_PORTS[name];
  peers[name] = `http://localhost:${ports[name]}`;
}
const running = await startServices({
  names: args.length ? (args as ServiceName[]) : undefined,
  ports,
  peers,
  ...(quiet ? { log: () => {} } : {}),
});
const started = Object.values(running.services);
// A supervisor (scripts/start.ts) learns the service is ready over IPC and says so itself.
if (process.send) process.send({ ready: Object.fromEntries(started.map((s) => [s.name, s.url])) });
else for (const service of started) console.log(`${service.name} listening on ${service.url}`);

let stopping = false;
const stop = (signal: string, code = 0) => {
  if (stopping) return;
  stopping = true;
  if (!quiet && !process.send) console.log(`${signal}: stopping services`);
  running.close().then(
    () => process.exit(code),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
};
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
// Started by a supervisor that has gone away: nobody would stop these services any more.
process.on('disconnect', () => stop('supervisor gone'));
// A service whose own process ended (the proxy) takes this one down with it, so it is restarted whole.
for (const service of started)
  void service.exited?.then((code) => {
    console.error(`${service.name}: its process ended (exit ${code})`);
    stop(`${service.name} ended`, 1);
  });
