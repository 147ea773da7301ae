import { startServices } from './run';
import { DEFAULT_PORTS, SERVICE_NAMES, type ServiceName } from './types';

// Usage: tsx src/cli.ts [name ...]   (no names: every service)
// Ports: MW_PORT_<NAME>=1234, e.g. MW_PORT_CATALOG=4100.
const args = process.argv.slice(2).filter((a) => a !== 'all');
for (const arg of args) {
  if (!(SERVICE_NAMES as readonly string[]).includes(arg)) {
    console.error(`Unknown service "${arg}". Known: ${SERVICE_NAMES.join(', ')}`);
    process.exit(2);
  }
}
const ports: Partial<Record<ServiceName, number>> = {};
for (const name of SERVICE_NAMES) {
  const value = process.env[`MW_PORT_${name.toUpperCase()}`];
  ports[name] = value ? Number(value) : DEFAULT_PORTS[name];
}
const running = await startServices({ names: args.length ? (args as ServiceName[]) : undefined, ports });
for (const service of Object.values(running.services)) console.log(`${service.name} listening on ${service.url}`);
let stopping = false;
const stop = (signal: string) => {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: stopping services`);
  running.close().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
};
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
