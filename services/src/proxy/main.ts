/**
 * The proxy as its own process: `npx tsx services/src/proxy/main.ts` (PORT, HOST, and the PROXY_*
 * settings of ./node.ts from the environment). Prints `listening on <url>` when ready.
 */
import { serveProxy } from './node';

const running = await serveProxy({
  env: process.env,
  host: process.env.HOST || 'localhost',
  port: Number(process.env.PORT ?? 4102),
  log: (line) => console.log(`[proxy] ${line}`),
});
console.log(`[proxy] listening on ${running.url}`);
const stop = () => void running.close().then(() => process.exit(0));
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, stop);
// Started by the local services (./index.ts): end with the process that started it.
if (process.send) process.on('disconnect', stop);
