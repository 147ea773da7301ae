/**
 * Scale bench of the account server: instances on one PostgreSQL server behind HAProxy
 * (src/backend/cluster.ts, the configuration docs/scale.md documents). As a command
 * it prints one JSON document:
 *
 *   npx tsx services/bench/backend-scale.ts [--duration 60] [--users 1000] [--interval 5] [--step 5]
 *     [--no-step-up] [--pool 4] [--pg-storage disk|tmpfs]
 *
 * and exits 1 when the steady phase misses its target. `npm run bench` runs it as `backend-scale`.
 *
 * 1. One instance behind the balancer: a step-up of request rates (`step` seconds each, a failing rate
 *    tried once more) finds the highest rate with p99 under 50 ms, no errors and the rate achieved.
 * 2. Two instances behind the balancer: `users` signed-in users each saving progress every `interval`
 *    seconds (1000 / 5 s = 200 requests/s) for `duration` seconds after a 5 s warm-up, then the same
 *    step-up. Before each instance count is measured, the bench's own throwaway cluster is vacuumed
 *    (`VACUUM (ANALYZE)`), so that autovacuum's first passes over a fresh cluster stay out of it.
 * 3. Rate limits across instances: one client address sends login starts through the balancer (round
 *    robin, so alternately to each instance) past its limit; every request after the limit is refused,
 *    by both instances.
 *
 * Each phase's report has a per-second series (the steady phase's in full, each step's worst second):
 * latency, and what each part did in that second (stall-watch.ts), so that a stall can be placed.
 *
 * Latency counts from each request's scheduled time (open loop). Traffic goes to localhost only and
 * every phase is bounded in time and request count. Skipped, with the reason, without HAProxy or
 * PostgreSQL.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { keysFromSeed } from 'account-crypto';
import { findHaproxy, spawnInstance, startHaproxy, type Balancer, type Instance } from '../src/backend/cluster';
import { findPostgres } from '../src/backend/testkit';
import { Client, progressUpdate, registerUsers, type User } from './load-client';
import { machineTicks, processCpuMs } from './machine';
import { settleCluster, startPgWatch, type LogLine } from './stall-pg';
import {
  LoopLines,
  postgresCpuMs,
  postgresCpuSpent,
  probeNodeArgs,
  startFsyncProbe,
  startMachineProbe,
  startMachineSampler,
  startOwnProbe,
} from './stall-probes';
import {
  balancerSampleOf,
  describeSecond,
  handlerTimeOf,
  perSecond,
  worstSeconds,
  type BalancerSample,
  type Second,
  type Sent,
  type Watch,
} from './stall-watch';

export interface BackendScaleOptions {
  durationSeconds?: number;
  users?: number;
  intervalSeconds?: number;
  stepSeconds?: number;
  p99LimitMs?: number;
  stepRates?: number[];
  /** false: only the steady phase with two instances (and the rate-limit check), for a quicker look. */
  stepUp?: boolean;
  /** Each instance's PostgreSQL pool (BACKEND_PG_POOL_SIZE). */
  poolSize?: number;
  /** Where the throwaway cluster lives: `disk` (the temporary folder) or `tmpfs` (/dev/shm: no fsync cost). */
  pgStorage?: 'disk' | 'tmpfs';
  log?: (line: string) => void;
}

const DEFAULT_STEP_RATES = [200, 400, 600, 800, 1000, 1200, 1600, 2000, 2400, 3200];
const MAX_IN_FLIGHT = 2000;
const RATE_LIMIT = 6;
/**
 * Each instance's pool: 2 × 4 connections for a database on 2 CPUs. With 2 × 20, up to 36 backends
 * were active at once in a stall, queued behind the one flushing the WAL (LWLock:WALWrite) and
 * competing with it for the CPUs; docs/scale.md.
 */
const DEFAULT_POOL_SIZE = 4;

const round = (n: number) => Math.round(n * 100) / 100;
const quantile = (sorted: number[], q: number) => round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0);
const clamp = (value: number, min: number, max: number) => {
  if (!Number.isFinite(value)) throw new Error(`not a number: ${value}`);
  return Math.min(max, Math.max(min, value));
};

interface Phase {
  targetRps: number;
  seconds: number;
  requests: number;
  achievedRps: number;
  errors: number;
  errorSamples: string[];
  latencyMs: { p50: number; p95: number; p99: number; max: number };
  /** CPU ms per request of each account-server instance, HAProxy and the bench client (Linux). */
  cpuMsPerRequest: Record<string, number>;
  machineCpuBusyPercent?: number;
  clientLoopDelayMaxMs: number;
  /** Load average (1 min) of the machine at the phase's start and end. */
  loadavg: [number, number];
  perSecond: Second[];
}

const loadavg = () => {
  try {
    return Number(fs.readFileSync('/proc/loadavg', 'utf8').split(' ')[0]);
  } catch {
    return -1;
  }
};

/** Open-loop load through the balancer: request i is due at start + i / rate, latency counts from then. */
async function runPhase(
  client: Client,
  users: User[],
  rate: number,
  seconds: number,
  processes: Record<string, number | undefined>,
  watch: Watch,
): Promise<Phase> {
  const total = Math.round(rate * seconds);
  const latencies: number[] = [];
  const sent: Sent[] = [];
  const load0 = loadavg();
  const errorSamples: string[] = [];
  let errors = 0;
  let inFlight = 0;
  const pending = new Set<Promise<void>>();
  const cpu0 = Object.fromEntries(Object.entries(processes).map(([name, pid]) => [name, processCpuMs(pid)]));
  const postgres0 = postgresCpuMs(watch.pg?.dataDirectory);
  const client0 = process.cpuUsage();
  const machine0 = machineTicks();
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  loopDelay.enable();
  const started = performance.now();
  const startedEpoch = Date.now();
  let next = 0;
  while (next < total) {
    const due = Math.min(total, Math.floor(((performance.now() - started) / 1000) * rate) + 1);
    while (next < due && inFlight < MAX_IN_FLIGHT) {
      const i = next++;
      const scheduled = started + (i / rate) * 1000;
      inFlight++;
      let failed = false;
      const p = progressUpdate(client, users[i % users.length]!, i)
        .then((status) => {
          if (status !== 200) {
            failed = true;
            if (errorSamples.length < 5) errorSamples.push(`HTTP ${status}`);
          }
        })
        .catch((error: unknown) => {
          failed = true;
          if (errorSamples.length < 5) errorSamples.push(String(error));
        })
        .finally(() => {
          const ms = performance.now() - scheduled;
          latencies.push(ms);
          sent.push({ at: startedEpoch + (i / rate) * 1000, ms, error: failed });
          if (failed) errors++;
          inFlight--;
          pending.delete(p);
        });
      pending.add(p);
    }
    const wait = inFlight >= MAX_IN_FLIGHT ? 2 : started + (next / rate) * 1000 - performance.now();
    await new Promise((resolve) => setTimeout(resolve, Math.max(1, wait)));
  }
  await Promise.all(pending);
  const elapsed = (performance.now() - started) / 1000;
  // The samples of the last second arrive up to a second after it ends.
  await new Promise((resolve) => setTimeout(resolve, 1100));
  loopDelay.disable();
  const clientCpu = process.cpuUsage(client0);
  const machine1 = machineTicks();
  latencies.sort((a, b) => a - b);
  const cpuMsPerRequest: Record<string, number> = {};
  for (const [name, pid] of Object.entries(processes)) {
    const after = processCpuMs(pid);
    if (after !== undefined && cpu0[name] !== undefined) cpuMsPerRequest[name] = round((after - cpu0[name]) / total);
  }
  cpuMsPerRequest.benchClient = round((clientCpu.user + clientCpu.system) / 1000 / total);
  const postgresCpu = postgresCpuSpent(postgres0, postgresCpuMs(watch.pg?.dataDirectory));
  if (postgresCpu !== undefined) cpuMsPerRequest.postgres = round(postgresCpu / total);
  return {
    targetRps: rate,
    seconds: round(elapsed),
    requests: total,
    achievedRps: round(total / elapsed),
    errors,
    errorSamples,
    latencyMs: {
      p50: quantile(latencies, 0.5),
      p95: quantile(latencies, 0.95),
      p99: quantile(latencies, 0.99),
      max: round(latencies.at(-1) ?? 0),
    },
    cpuMsPerRequest,
    ...(machine0 && machine1
      ? { machineCpuBusyPercent: round((100 * (machine1.busy - machine0.busy)) / Math.max(1, machine1.total - machine0.total)) }
      : {}),
    clientLoopDelayMaxMs: round(Math.max(0, loopDelay.max / 1e6 - 10)),
    loadavg: [load0, loadavg()],
    perSecond: perSecond(startedEpoch, sent, watch),
  };
}

async function stepUp(
  client: Client,
  users: User[],
  rates: number[],
  seconds: number,
  p99LimitMs: number,
  processes: Record<string, number | undefined>,
  watch: Watch,
  log: (line: string) => void,
) {
  const steps: (Phase & { ok: boolean; attempt: number })[] = [];
  let maxSustainedRps = 0;
  for (const rate of rates) {
    let ok = false;
    for (let attempt = 1; attempt <= 2 && !ok; attempt++) {
      const result = await runPhase(client, users, rate, seconds, processes, watch);
      ok = result.errors === 0 && result.latencyMs.p99 < p99LimitMs && result.achievedRps >= rate * 0.95;
      steps.push({ ...result, ok, attempt });
      const worst = worstSeconds(result.perSecond, 1)[0];
      log(`  ${rate} req/s: p99 ${result.latencyMs.p99} ms${worst ? `; worst second ${describeSecond(worst)}` : ''}`);
    }
    if (!ok) break;
    maxSustainedRps = rate;
  }
  return {
    maxSustainedRps,
    steps: steps.map((s) => ({
      targetRps: s.targetRps,
      attempt: s.attempt,
      achievedRps: s.achievedRps,
      errors: s.errors,
      ...(s.errors ? { errorSamples: s.errorSamples } : {}),
      p50: s.latencyMs.p50,
      p99: s.latencyMs.p99,
      max: s.latencyMs.max,
      cpuMsPerRequest: s.cpuMsPerRequest,
      machineCpuBusyPercent: s.machineCpuBusyPercent,
      loadavg: s.loadavg,
      worstSecond: worstSeconds(s.perSecond, 1)[0],
      ok: s.ok,
    })),
  };
}

/** One request from its own loopback address (the balancer sees it as that client) on a fresh connection. */
function loginStartFrom(localAddress: string, base: string, publicKey: string): Promise<{ status: number; servedBy: string }> {
  return new Promise((resolve, reject) => {
    const body = JSON.stringify({ publicKey });
    const req = http.request(`${base}/auth/login/start`, {
      method: 'POST',
      localAddress,
      agent: false,
      headers: { 'content-type': 'application/json', 'user-agent': 'backend-scale-bench', 'content-length': Buffer.byteLength(body) },
    });
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, servedBy: String(res.headers['x-served-by'] ?? '') }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

async function rateLimitAcrossInstances(base: string) {
  const publicKey = keysFromSeed(crypto.getRandomValues(new Uint8Array(32))).publicKeyWire;
  const answers: { status: number; servedBy: string }[] = [];
  for (let i = 0; i < RATE_LIMIT * 3; i++) answers.push(await loginStartFrom('127.0.0.77', base, publicKey));
  const other = await loginStartFrom('127.0.0.78', base, publicKey);
  const accepted = answers.filter((a) => a.status !== 429);
  const refusedBy: Record<string, number> = {};
  for (const a of answers.slice(RATE_LIMIT)) if (a.status === 429) refusedBy[a.servedBy] = (refusedBy[a.servedBy] ?? 0) + 1;
  const pass =
    accepted.length === RATE_LIMIT &&
    answers.slice(0, RATE_LIMIT).every((a) => a.status !== 429) &&
    Object.keys(refusedBy).length === 2 &&
    other.status !== 429;
  return {
    limitPerWindow: RATE_LIMIT,
    requests: answers.length,
    acceptedBeforeLimit: accepted.length,
    acceptedBy: accepted.reduce<Record<string, number>>((acc, a) => ({ ...acc, [a.servedBy]: (acc[a.servedBy] ?? 0) + 1 }), {}),
    refusedBy,
    anotherClientAccepted: other.status !== 429,
    pass,
  };
}

export async function runBackendScale(options: BackendScaleOptions = {}): Promise<Record<string, unknown>> {
  const settings = {
    durationSeconds: clamp(options.durationSeconds ?? 60, 1, 600),
    users: clamp(Math.round(options.users ?? 1000), 1, 20_000),
    intervalSeconds: clamp(options.intervalSeconds ?? 5, 0.1, 60),
    stepSeconds: clamp(options.stepSeconds ?? 5, 0, 60),
    p99LimitMs: clamp(options.p99LimitMs ?? 50, 1, 60_000),
    stepRates: (options.stepRates ?? DEFAULT_STEP_RATES).map((r) => clamp(r, 1, 10_000)),
    stepUp: options.stepUp ?? true,
    poolSize: clamp(Math.round(options.poolSize ?? DEFAULT_POOL_SIZE), 1, 100),
    pgStorage: options.pgStorage ?? 'disk',
  };
  const log = options.log ?? ((line: string) => process.stderr.write(`[bench] ${line}\n`));
  const rate = settings.users / settings.intervalSeconds;
  const budget = `${settings.users} users saving progress every ${settings.intervalSeconds} s (${rate} req/s) for ${settings.durationSeconds} s through HAProxy with two instances on PostgreSQL: p99 under ${settings.p99LimitMs} ms, no errors; the highest sustained rate with one and with two instances; a client at its rate limit refused by both`;
  const haproxy = findHaproxy();
  if (!haproxy) return { bench: 'backend-scale', budget, skipped: 'HAProxy is not installed (apt-get install -y haproxy)' };
  const postgres = await findPostgres(settings.pgStorage === 'tmpfs' ? { tmpdir: '/dev/shm' } : {});
  if (!postgres.url) return { bench: 'backend-scale', budget, skipped: postgres.reason };

  const instances: Instance[] = [];
  let balancer: Balancer | undefined;
  let client: Client | undefined;
  // What each part does second by second, so that a stall can be told apart (stall-watch.ts).
  const watch: Watch = { loops: {}, handlers: {} };
  const machineProbe = startMachineProbe();
  const ownProbe = startOwnProbe();
  const machine = startMachineSampler();
  watch.loops.machine = machineProbe.samples;
  watch.loops.client = ownProbe.samples;
  watch.machine = machine.samples;
  let fsyncProbe: ReturnType<typeof startFsyncProbe> | undefined;
  try {
    watch.pg = await startPgWatch(postgres.url, postgres.reason !== 'DATABASE_URL');
    if (watch.pg.dataDirectory && fs.existsSync(watch.pg.dataDirectory)) {
      fsyncProbe = startFsyncProbe(path.dirname(watch.pg.dataDirectory));
      watch.fsync = fsyncProbe.samples;
    }
    const env = {
      BACKEND_RATE_LIMITS: 'true',
      // the bench registers its users from one address; the login limit is the one checked across instances
      BACKEND_RATE_LIMIT_REGISTER_START: '1000000',
      BACKEND_RATE_LIMIT_REGISTER_COMPLETE: '1000000',
      BACKEND_RATE_LIMIT_LOGIN_START: String(RATE_LIMIT),
      BACKEND_PG_POOL_SIZE: String(settings.poolSize),
    };
    for (const name of ['a1', 'a2']) {
      const handlers = (watch.handlers[name] = [] as NonNullable<Watch['handlers'][string]>);
      const lines = new LoopLines((line, t) => {
        const sample = handlerTimeOf(line, t);
        if (sample) handlers.push(sample);
      });
      watch.loops[name] = lines.samples;
      instances.push(
        await spawnInstance(name, postgres.url, env, { nodeArgs: probeNodeArgs(), afterListening: (chunk) => lines.feed(chunk) }),
      );
    }
    const [a1, a2] = instances as [Instance, Instance];
    const balancerSamples = (watch.balancer = [] as BalancerSample[]);
    const balancerEvents = (watch.balancerEvents = [] as LogLine[]);
    const onRequestLog = (line: string) => {
      const sample = balancerSampleOf(line);
      if (sample) balancerSamples.push(sample);
      else if (line.trim()) balancerEvents.push({ t: Date.now(), text: line.trim().slice(0, 240) });
    };

    log('one instance behind HAProxy: registering users');
    balancer = await startHaproxy(haproxy, [a1], { onRequestLog });
    const users = await registerUsers(balancer.url, settings.users);
    // The bench's own fresh cluster: vacuumed before measuring (settleCluster), as the README says.
    const settle = postgres.reason === 'DATABASE_URL' ? async () => {} : () => settleCluster(postgres.url!);
    await settle();
    client = Client.for(balancer.url);
    let one: Awaited<ReturnType<typeof stepUp>> | undefined;
    if (settings.stepUp) {
      await runPhase(client, users, rate, 5, {}, watch); // warm-up
      log(`one instance: step-up of ${settings.stepSeconds} s per rate`);
      one = await stepUp(
        client,
        users,
        settings.stepRates,
        settings.stepSeconds,
        settings.p99LimitMs,
        { a1: a1.child.pid, haproxy: balancer.child.pid },
        watch,
        log,
      );
      log(`one instance: highest rate with p99 under ${settings.p99LimitMs} ms: ${one.maxSustainedRps} req/s`);
    }
    client.destroy();
    await balancer.stop();

    balancer = await startHaproxy(haproxy, [a1, a2], { onRequestLog });
    client = Client.for(balancer.url);
    const processes = { a1: a1.child.pid, a2: a2.child.pid, haproxy: balancer.child.pid };
    await settle();
    await runPhase(client, users, rate, 5, processes, watch); // warm-up (a2's connections and JIT)
    log(`two instances: steady ${rate} req/s for ${settings.durationSeconds} s (load average ${loadavg()})`);
    const steady = await runPhase(client, users, rate, settings.durationSeconds, processes, watch);
    const steadyPass = steady.errors === 0 && steady.latencyMs.p99 < settings.p99LimitMs;
    const worst = worstSeconds(steady.perSecond);
    log(`two instances: steady p99 ${steady.latencyMs.p99} ms, ${steady.errors} errors; worst seconds:`);
    for (const second of worst) log(`  ${describeSecond(second)}`);
    let two: Awaited<ReturnType<typeof stepUp>> | undefined;
    if (settings.stepUp) {
      two = await stepUp(client, users, settings.stepRates, settings.stepSeconds, settings.p99LimitMs, processes, watch, log);
      log(`two instances: highest rate with p99 under ${settings.p99LimitMs} ms: ${two.maxSustainedRps} req/s`);
    }
    const rateLimits = await rateLimitAcrossInstances(balancer.url);
    log(`rate limit across instances: ${rateLimits.pass ? 'refused by both' : 'FAILED'} ${JSON.stringify(rateLimits.refusedBy)}`);
    const { perSecond: steadySeries, ...steadyTotals } = steady;

    return {
      bench: 'backend-scale',
      budget,
      date: new Date().toISOString(),
      node: process.version,
      cpus: os.cpus().length,
      settings,
      summary: {
        pass: steadyPass && rateLimits.pass,
        twoInstancesSteady: {
          p50Ms: steady.latencyMs.p50,
          p99Ms: steady.latencyMs.p99,
          maxMs: steady.latencyMs.max,
          errors: steady.errors,
          achievedRps: steady.achievedRps,
          loadavg: steady.loadavg,
        },
        maxSustainedRps: { oneInstance: one?.maxSustainedRps, twoInstances: two?.maxSustainedRps },
        rateLimitRefusedByBoth: rateLimits.pass,
      },
      steady: {
        ...steadyTotals,
        pass: steadyPass,
        worstSeconds: worst,
        perSecond: steadySeries,
      },
      oneInstance: one,
      twoInstances: two,
      rateLimits,
      postgresLogSettings: watch.pg.logSettings,
      balancerConfig: balancer.config,
    };
  } finally {
    client?.destroy();
    await balancer?.stop();
    for (const instance of instances) await instance.stop();
    await watch.pg?.stop();
    await fsyncProbe?.stop();
    machine.stop();
    ownProbe.stop();
    await machineProbe.stop();
    await postgres.stop();
  }
}

/** JSON with two-space indents, but each second of a per-second series on one line. */
export function formatReport(report: unknown): string {
  const marker = '\u0000';
  const text = JSON.stringify(
    report,
    (key, value: unknown) => (key === 'perSecond' && Array.isArray(value) ? value.map((row) => marker + JSON.stringify(row)) : value),
    2,
  );
  return text.replace(/"\\u0000((?:[^"\\]|\\.)*)"/g, (_, inner: string) => JSON.parse(`"${inner}"`) as string);
}

const runDirectly = process.argv[1] !== undefined && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href;
if (runDirectly) {
  const { values: args } = parseArgs({
    options: {
      duration: { type: 'string', default: '60' },
      users: { type: 'string', default: '1000' },
      interval: { type: 'string', default: '5' },
      step: { type: 'string', default: '5' },
      'p99-ms': { type: 'string', default: '50' },
      'no-step-up': { type: 'boolean', default: false },
      pool: { type: 'string', default: String(DEFAULT_POOL_SIZE) },
      'pg-storage': { type: 'string', default: 'disk' },
    },
  });
  const report = await runBackendScale({
    durationSeconds: Number(args.duration),
    users: Number(args.users),
    intervalSeconds: Number(args.interval),
    stepSeconds: Number(args.step),
    p99LimitMs: Number(args['p99-ms']),
    stepUp: !args['no-step-up'],
    poolSize: Number(args.pool),
    pgStorage: args['pg-storage'] === 'tmpfs' ? 'tmpfs' : 'disk',
  });
  console.log(formatReport(report));
  process.exit((report.summary as { pass?: boolean } | undefined)?.pass === false ? 1 : 0);
}
