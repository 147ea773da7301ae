/**
 * Load bench of the account server. As a command it prints one JSON document:
 *
 *   npx tsx services/bench/backend-load.ts [--duration 60] [--users 1000] [--interval 5] [--step 5] [--warmup 5] [--db pglite,postgres] [--p99-ms 50]
 *
 * and exits 1 when a steady phase misses its target. As a function (`npm run bench` imports it):
 *
 *   const report = await runBackendLoad({ durationSeconds: 60, databases: ['pglite', 'postgres'] });
 *
 * For each database: the backend runs as its own process (services CLI) on a free localhost port;
 * `users` accounts are registered (real ed25519 challenge flow), then each pushes a progress update
 * every `interval` seconds, spread evenly (1000 users / 5 s = 200 requests/s), for `duration`
 * seconds, after a short warm-up at the same rate (`--warmup`, 5 s, reported apart). Latency is
 * measured from each request's scheduled time (open loop, so a stalled server cannot hide its queue).
 * Then a step-up: rising request rates, `step` seconds each, until p99 reaches the limit, a request
 * fails or the achieved rate falls behind (a failing rate is tried once more, so that one stall of the
 * shared machine does not end the search); the highest passing rate is reported. PostgreSQL:
 * DATABASE_URL, or a throwaway cluster from services/scripts/with-postgres.sh when PostgreSQL is
 * installed; otherwise it is reported as skipped. Traffic goes to localhost only, and every phase is
 * bounded in time and request count.
 *
 * Besides latencies, each phase reports what tells a slow server from a busy machine: the CPU time
 * the server and the bench client spent per request, how busy the machine's CPUs were (other jobs
 * included), how late an idle probe process woke (stalls of the machine itself), the server's own
 * handler times, its fsyncs, and the client's event-loop delay. The measured PUTs go through a
 * minimal raw-socket HTTP/1.1 client, so that the bench takes little of the CPU the server needs.
 */
import type { ChildProcess } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { startBackendProcess } from '../src/backend/cluster';
import { findPostgres } from '../src/backend/testkit';
import { Client, progressUpdate, registerUsers, type User } from './load-client';
import { machineTicks, processCpuMs, startStallProbe } from './machine';

export type BenchDatabase = 'pglite' | 'postgres';

export interface BackendLoadOptions {
  /** Seconds of the steady phase (60). */
  durationSeconds?: number;
  /** Signed-in users (1000). */
  users?: number;
  /** Seconds between two updates of one user (5): the steady rate is users / interval. */
  intervalSeconds?: number;
  /** Seconds per step-up rate (5); 0 skips the step-up. */
  stepSeconds?: number;
  /** Seconds of warm-up before the steady phase, not counted (5). */
  warmupSeconds?: number;
  /** Databases to bench, in order (both). */
  databases?: BenchDatabase[];
  /** The p99 target in ms (50). */
  p99LimitMs?: number;
  /** Rates tried by the step-up, rising. */
  stepRates?: number[];
  /** Progress lines (stderr by default). */
  log?: (line: string) => void;
  /** Extra node flags for the server, e.g. ["--cpu-prof", "--cpu-prof-dir=.bench/prof"]. */
  serverNodeArgs?: string[];
}

const DEFAULT_STEP_RATES = [200, 300, 400, 500, 600, 800, 1000, 1200, 1600, 2400, 3200];
const MAX_IN_FLIGHT = 2000;

function clamp(value: number, min: number, max: number): number {
  if (!Number.isFinite(value)) throw new Error(`not a number: ${value}`);
  return Math.min(max, Math.max(min, value));
}

const round = (n: number) => Math.round(n * 100) / 100;
const quantile = (sorted: number[], q: number) => round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0);

// ---- server process ------------------------------------------------------------------------------

interface Server {
  url: string;
  child: ChildProcess;
  /** Server-side request times (ms) since the last `takeTimes()`, from the backend's request log. */
  takeTimes(): number[];
  stop(): Promise<void>;
}

async function startServer(databaseUrl: string | undefined, nodeArgs: string[], log: (line: string) => void): Promise<Server> {
  let times: number[] = [];
  let rest = '';
  const server = await startBackendProcess('bench', {
    nodeArgs,
    env: { BACKEND_RATE_LIMITS: 'false', DATABASE_URL: databaseUrl ?? '' },
    afterListening: (chunk, stream) => {
      if (stream === 'stderr') return log(`[server] ${chunk.trimEnd().slice(0, 2000)}`);
      const lines = (rest + chunk).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) {
        // "[backend] PUT /users/x/progress/1 200 3.1ms": the server's own time for the request
        const match = / (\d{3}) ([\d.]+)ms$/.exec(line);
        if (match) times.push(Number(match[2]));
        else if (/error/i.test(line)) log(`[server] ${line.slice(0, 500)}`);
      }
    },
  });
  return {
    url: server.url,
    child: server.child,
    takeTimes: () => {
      const out = times;
      times = [];
      return out;
    },
    stop: server.stop,
  };
}

// ---- phases --------------------------------------------------------------------------------------

export interface PhaseResult {
  targetRps: number;
  seconds: number;
  requests: number;
  achievedRps: number;
  errors: number;
  errorSamples: string[];
  latencyMs: { p50: number; p90: number; p95: number; p99: number; max: number; mean: number };
  /** The server's own time per request (from its request log): handler, database and commit. */
  serverMs: { p50: number; p99: number; max: number };
  idleSocketResets: number;
  /** CPU ms per request: the server process (all threads) and the bench client. Linux only. */
  cpuMsPerRequest?: { server: number; client: number };
  /** How busy the machine's CPUs were during the phase (every process, other jobs included). Linux only. */
  machine?: { cpuBusyPercent: number; stealPercent: number; loadAverage1m: number };
  /** How late the bench's own event loop ran (a busy client inflates the latencies). */
  clientLoopDelayMs: { p99: number; max: number };
  /** How late an idle process on the same machine woke (5 ms timer): stalls of the machine itself. */
  machineStallMs?: { max: number; over50ms: number };
  /** The server's event-loop delay, largest since it started (from /metrics). */
  serverLoopDelayMaxMsSoFar: number;
  /** PGlite only: the longest fsync so far and the fsyncs during this phase (group commit makes them fewer than requests). */
  serverFsync?: { maxMsSoFar: number; countInPhase: number };
  /** p99 and max latency per 5-second window of scheduled time. */
  timeline: { fromSecond: number; requests: number; p99: number; max: number }[];
}

/**
 * Open-loop load: request i is due at start + i / rate; latency counts from that due time.
 * `pick` chooses which user sends request i.
 */
async function runPhase(server: Server, client: Client, users: User[], rate: number, seconds: number): Promise<PhaseResult> {
  const base = server.url;
  const total = Math.round(rate * seconds);
  const latencies: number[] = [];
  const errorSamples: string[] = [];
  let errors = 0;
  let sent = 0;
  let inFlight = 0;
  const pending = new Set<Promise<void>>();
  const windows: number[][] = [];
  const fsyncsBefore = Number(/backend_pglite_fsync_seconds_count (\d+)/.exec(await (await fetch(`${base}/metrics`)).text())?.[1] ?? 0);
  server.takeTimes();
  client.resets = 0;
  const stopProbe = startStallProbe();
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  loopDelay.enable();
  const serverCpu0 = processCpuMs(server.child.pid);
  const clientCpu0 = process.cpuUsage();
  const machine0 = machineTicks();
  const started = performance.now();
  while (sent < total) {
    const now = performance.now();
    const due = Math.min(total, Math.floor(((now - started) / 1000) * rate) + 1);
    while (sent < due && inFlight < MAX_IN_FLIGHT) {
      const i = sent++;
      const scheduled = started + (i / rate) * 1000;
      const user = users[i % users.length]!;
      inFlight++;
      const p = progressUpdate(client, user, i)
        .then((status) => {
          if (status !== 200) {
            errors++;
            if (errorSamples.length < 5) errorSamples.push(`HTTP ${status}`);
          }
        })
        .catch((error: unknown) => {
          errors++;
          if (errorSamples.length < 5) errorSamples.push(String(error));
        })
        .finally(() => {
          const latency = performance.now() - scheduled;
          latencies.push(latency);
          (windows[Math.floor((scheduled - started) / 5000)] ??= []).push(latency);
          inFlight--;
          pending.delete(p);
        });
      pending.add(p);
    }
    // Sleep until the next request is due (not a fixed poll: fewer wake-ups of the bench).
    const wait = inFlight >= MAX_IN_FLIGHT ? 2 : started + (sent / rate) * 1000 - performance.now();
    await new Promise((r) => setTimeout(r, Math.max(1, wait)));
  }
  await Promise.all(pending);
  const elapsed = (performance.now() - started) / 1000;
  const serverCpu1 = processCpuMs(server.child.pid);
  const clientCpu = process.cpuUsage(clientCpu0);
  const machine1 = machineTicks();
  loopDelay.disable();
  const stall = await stopProbe();
  latencies.sort((a, b) => a - b);
  const at = (q: number) => quantile(latencies, q);
  await new Promise((r) => setTimeout(r, 200)); // the last log lines
  const serverTimes = server.takeTimes().sort((a, b) => a - b);
  const metrics = await (await fetch(`${base}/metrics`)).text();
  const loopMax = /nodejs_eventloop_delay_seconds\{quantile="1"\} ([\d.e+-]+)/.exec(metrics);
  const fsyncMax = /backend_pglite_fsync_seconds\{quantile="1"\} ([\d.e+-]+)/.exec(metrics);
  const fsyncCount = Number(/backend_pglite_fsync_seconds_count (\d+)/.exec(metrics)?.[1] ?? 0);
  return {
    targetRps: rate,
    seconds: round(elapsed),
    requests: total,
    achievedRps: round(total / elapsed),
    errors,
    errorSamples,
    latencyMs: {
      p50: at(0.5),
      p90: at(0.9),
      p95: at(0.95),
      p99: at(0.99),
      max: round(latencies.at(-1) ?? 0),
      mean: round(latencies.reduce((a, b) => a + b, 0) / Math.max(1, latencies.length)),
    },
    serverMs: { p50: quantile(serverTimes, 0.5), p99: quantile(serverTimes, 0.99), max: round(serverTimes.at(-1) ?? 0) },
    idleSocketResets: client.resets,
    ...(serverCpu0 !== undefined && serverCpu1 !== undefined
      ? {
          cpuMsPerRequest: {
            server: round((serverCpu1 - serverCpu0) / total),
            client: round((clientCpu.user + clientCpu.system) / 1000 / total),
          },
        }
      : {}),
    ...(machine0 && machine1
      ? {
          machine: {
            cpuBusyPercent: round((100 * (machine1.busy - machine0.busy)) / Math.max(1, machine1.total - machine0.total)),
            stealPercent: round((100 * (machine1.steal - machine0.steal)) / Math.max(1, machine1.total - machine0.total)),
            loadAverage1m: round(os.loadavg()[0]!),
          },
        }
      : {}),
    ...(stall ? { machineStallMs: { max: stall.maxMs, over50ms: stall.over50ms } } : {}),
    clientLoopDelayMs: {
      p99: round(Math.max(0, loopDelay.percentile(99) / 1e6 - 10)),
      max: round(Math.max(0, loopDelay.max / 1e6 - 10)),
    },
    serverLoopDelayMaxMsSoFar: round(Number(loopMax?.[1] ?? NaN) * 1000),
    ...(fsyncCount ? { serverFsync: { maxMsSoFar: round(Number(fsyncMax?.[1]) * 1000), countInPhase: fsyncCount - fsyncsBefore } } : {}),
    timeline: windows.map((w, i) => {
      const sorted = [...w].sort((a, b) => a - b);
      return { fromSecond: i * 5, requests: w.length, p99: quantile(sorted, 0.99), max: round(sorted.at(-1) ?? 0) };
    }),
  };
}

interface Settings {
  durationSeconds: number;
  users: number;
  intervalSeconds: number;
  stepSeconds: number;
  warmupSeconds: number;
  p99LimitMs: number;
  stepRates: number[];
}

async function benchDatabase(
  db: BenchDatabase,
  databaseUrl: string | undefined,
  settings: Settings,
  nodeArgs: string[],
  log: (line: string) => void,
) {
  const server = await startServer(databaseUrl, nodeArgs, log);
  const client = Client.for(server.url);
  try {
    const t0 = performance.now();
    const users = await registerUsers(server.url, settings.users);
    const registerSeconds = round((performance.now() - t0) / 1000);
    const rate = settings.users / settings.intervalSeconds;
    // Warm-up at the same rate, not counted: connections opened, JIT and the database's caches warm.
    const warmup = settings.warmupSeconds > 0 ? await runPhase(server, client, users, rate, settings.warmupSeconds) : undefined;
    // Each user sends once per interval; users are spread evenly over the interval.
    log(`${db}: steady ${rate} req/s for ${settings.durationSeconds} s`);
    const steady = await runPhase(server, client, users, rate, settings.durationSeconds);
    const steadyOk = steady.errors === 0 && steady.latencyMs.p99 < settings.p99LimitMs;
    log(`${db}: steady p99 ${steady.latencyMs.p99} ms, ${steady.errors} errors`);
    const steps: (PhaseResult & { ok: boolean; attempt: number })[] = [];
    let maxSustainedRps = 0;
    const passes = (r: PhaseResult, stepRate: number) =>
      r.errors === 0 && r.latencyMs.p99 < settings.p99LimitMs && r.achievedRps >= stepRate * 0.95;
    for (const stepRate of settings.stepSeconds > 0 ? settings.stepRates : []) {
      let ok = false;
      for (let attempt = 1; attempt <= 2 && !ok; attempt++) {
        const result = await runPhase(server, client, users, stepRate, settings.stepSeconds);
        ok = passes(result, stepRate);
        steps.push({ ...result, ok, attempt });
      }
      if (!ok) break;
      maxSustainedRps = stepRate;
    }
    if (steps.length) log(`${db}: highest rate with p99 under ${settings.p99LimitMs} ms: ${maxSustainedRps} req/s`);
    return {
      db,
      users: settings.users,
      registerSeconds,
      warmup: warmup && { seconds: warmup.seconds, requests: warmup.requests, errors: warmup.errors, latencyMs: warmup.latencyMs },
      steady: { ...steady, pass: steadyOk },
      stepUp: steps.map((s) => ({
        targetRps: s.targetRps,
        attempt: s.attempt,
        achievedRps: s.achievedRps,
        errors: s.errors,
        ...(s.errors ? { errorSamples: s.errorSamples } : {}),
        p50: s.latencyMs.p50,
        p99: s.latencyMs.p99,
        max: s.latencyMs.max,
        serverP99: s.serverMs.p99,
        ...(s.cpuMsPerRequest ? { serverCpuMsPerRequest: s.cpuMsPerRequest.server } : {}),
        ...(s.machine ? { machineCpuBusyPercent: s.machine.cpuBusyPercent } : {}),
        ...(s.machineStallMs ? { machineStallMaxMs: s.machineStallMs.max } : {}),
        ok: s.ok,
      })),
      /** null when the step-up was skipped (stepSeconds 0). */
      maxSustainedRps: steps.length ? maxSustainedRps : null,
    };
  } finally {
    client.destroy();
    await server.stop();
  }
}

/** Runs the bench on each database and returns the report (the command prints it as JSON). */
export async function runBackendLoad(options: BackendLoadOptions = {}): Promise<Record<string, unknown>> {
  const settings: Settings = {
    durationSeconds: clamp(options.durationSeconds ?? 60, 1, 600),
    users: clamp(Math.round(options.users ?? 1000), 1, 20_000),
    intervalSeconds: clamp(options.intervalSeconds ?? 5, 0.1, 60),
    stepSeconds: clamp(options.stepSeconds ?? 5, 0, 60),
    warmupSeconds: clamp(options.warmupSeconds ?? 5, 0, 60),
    p99LimitMs: clamp(options.p99LimitMs ?? 50, 1, 60_000),
    stepRates: (options.stepRates ?? DEFAULT_STEP_RATES).map((r) => clamp(r, 1, 10_000)),
  };
  const log = options.log ?? ((line: string) => process.stderr.write(`[bench] ${line}\n`));
  const nodeArgs = options.serverNodeArgs ?? [];
  const databases = options.databases ?? ['pglite', 'postgres'];
  const results: Record<string, unknown>[] = [];
  const rate = settings.users / settings.intervalSeconds;
  for (const db of databases) {
    if (db === 'pglite') {
      log(
        `PGlite: ${settings.users} users, ${rate} req/s for ${settings.durationSeconds} s, then step-up of ${settings.stepSeconds} s per rate`,
      );
      results.push(await benchDatabase('pglite', undefined, settings, nodeArgs, log));
    } else if (db === 'postgres') {
      const postgres = await findPostgres();
      if (postgres.url) {
        log(`PostgreSQL (${postgres.reason || 'with-postgres.sh'}): same load`);
        try {
          results.push(await benchDatabase('postgres', postgres.url, settings, nodeArgs, log));
        } finally {
          await postgres.stop();
        }
      } else {
        log(`PostgreSQL skipped: ${postgres.reason}`);
        results.push({ db: 'postgres', skipped: postgres.reason });
      }
    } else throw new Error(`unknown database: ${String(db)}`);
  }
  const budget = `${settings.users} users, one progress update each per ${settings.intervalSeconds} s (${rate} req/s) for ${settings.durationSeconds} s: p99 under ${settings.p99LimitMs} ms, no errors`;
  return {
    bench: 'backend-load',
    budget,
    date: new Date().toISOString(),
    node: process.version,
    cpus: os.cpus().length,
    settings,
    /** One line per database: the steady phase's figures and the step-up's highest rate. */
    summary: Object.fromEntries(
      results.map((r) => {
        const steady = r.steady as (PhaseResult & { pass: boolean }) | undefined;
        if (!steady) return [r.db as string, { skipped: r.skipped }];
        return [
          r.db as string,
          {
            pass: steady.pass,
            p50Ms: steady.latencyMs.p50,
            p95Ms: steady.latencyMs.p95,
            p99Ms: steady.latencyMs.p99,
            maxMs: steady.latencyMs.max,
            errors: steady.errors,
            achievedRps: steady.achievedRps,
            maxSustainedRps: r.maxSustainedRps,
            ...(steady.cpuMsPerRequest ? { serverCpuMsPerRequest: steady.cpuMsPerRequest.server } : {}),
            ...(steady.machine ? { machineCpuBusyPercent: steady.machine.cpuBusyPercent } : {}),
            ...(steady.machineStallMs ? { machineStallMaxMs: steady.machineStallMs.max } : {}),
          },
        ];
      }),
    ),
    results,
  };
}

// ---- command -------------------------------------------------------------------------------------

const runDirectly = process.argv[1] !== undefined && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href;
if (runDirectly) {
  const { values: args } = parseArgs({
    options: {
      duration: { type: 'string', default: process.env.BENCH_DURATION_S ?? '60' },
      users: { type: 'string', default: process.env.BENCH_USERS ?? '1000' },
      interval: { type: 'string', default: process.env.BENCH_INTERVAL_S ?? '5' },
      step: { type: 'string', default: process.env.BENCH_STEP_S ?? '5' },
      warmup: { type: 'string', default: process.env.BENCH_WARMUP_S ?? '5' },
      db: { type: 'string', default: process.env.BENCH_DB ?? 'pglite,postgres' },
      'p99-ms': { type: 'string', default: '50' },
    },
  });
  const report = await runBackendLoad({
    durationSeconds: Number(args.duration),
    users: Number(args.users),
    intervalSeconds: Number(args.interval),
    stepSeconds: Number(args.step),
    warmupSeconds: Number(args.warmup),
    databases: args.db
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean) as BenchDatabase[],
    p99LimitMs: Number(args['p99-ms']),
    // BENCH_SERVER_NODE_ARGS: extra node flags for the server, e.g. "--cpu-prof --cpu-prof-dir=.bench/prof".
    serverNodeArgs: (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean),
  });
  console.log(JSON.stringify(report, null, 2));
  const failed = (report.results as { steady?: { pass: boolean } }[]).some((r) => r.steady?.pass === false);
  process.exit(failed ? 1 : 0);
}
