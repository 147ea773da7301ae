/**
 * Load bench of the account server. Prints one JSON document.
 *
 *   npx tsx services/bench/backend-load.ts [--duration 60] [--users 1000] [--interval 5] [--step 5] [--warmup 5] [--db pglite,postgres]
 *
 * For each database: the backend runs as its own process (services CLI) on a free localhost port;
 * `users` accounts are registered (real ed25519 challenge flow), then each pushes a progress update
 * every `interval` seconds, spread evenly (1000 users / 5 s = 200 requests/s), for `duration`
 * seconds, after a short warm-up at the same rate (`--warmup`, 5 s, reported apart). Latency is measured from each request's scheduled time (open loop, so a stalled server
 * cannot hide its queue). Then a short step-up: rising request rates, `step` seconds each, until
 * p99 reaches 50 ms, a request fails or the achieved rate falls behind; the highest passing rate is
 * reported. PostgreSQL: DATABASE_URL, or a throwaway cluster from services/scripts/with-postgres.sh
 * when PostgreSQL is installed; otherwise it is reported as skipped. Traffic goes to localhost only,
 * and every phase is bounded in time and request count.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { keysFromSeed, signChallenge } from '../src/backend/client-crypto';
import { findPostgres, servicesDir } from '../src/backend/testkit';

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
const DURATION_S = clamp(Number(args.duration), 1, 600);
const USERS = clamp(Math.round(Number(args.users)), 1, 20_000);
const INTERVAL_S = clamp(Number(args.interval), 0.1, 60);
const STEP_S = clamp(Number(args.step), 1, 60);
const WARMUP_S = clamp(Number(args.warmup), 0, 60);
const P99_LIMIT_MS = Number(args['p99-ms']);
const STEP_RATES = [200, 300, 400, 500, 600, 800, 1000, 1200, 1600, 2400, 3200];
const MAX_IN_FLIGHT = 2000;

function clamp(value: number, min: number, max: number): number {
  if (!Number.isFinite(value)) throw new Error(`not a number: ${value}`);
  return Math.min(max, Math.max(min, value));
}

interface Server {
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

async function startServer(databaseUrl: string | undefined): Promise<Server> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'backend-bench-'));
  // BENCH_SERVER_NODE_ARGS: extra node flags for the server, e.g. "--cpu-prof --cpu-prof-dir=.bench/prof".
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', path.join(servicesDir, 'src', 'cli.ts'), 'backend'], {
    cwd: servicesDir,
    env: {
      ...process.env,
      MW_DATA_DIR: dataDir,
      MW_PORT_BACKEND: '0',
      BACKEND_RATE_LIMITS: 'false',
      DATABASE_URL: databaseUrl ?? '',
      BACKEND_PG_POOL_SIZE: '20',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  let output = '';
  let listening = false;
  const url = await new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      if (listening) return; // the per-request log lines are not kept
      output += chunk.toString();
      const match = /backend listening on (\S+)/.exec(output);
      if (match) {
        listening = true;
        resolve(match[1]!.replace('localhost', '127.0.0.1'));
      }
    };
    child.stdout!.on('data', onData);
    let rest = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      if (!listening) return;
      const lines = (rest + chunk.toString()).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) {
        // "[backend] PUT /users/x/progress/1 200 3.1ms": the server's own time for the request
        const match = / (\d{3}) ([\d.]+)ms$/.exec(line);
        if (match) serverTimes.push(Number(match[2]));
        else if (/error/i.test(line)) process.stderr.write(`[server] ${line.slice(0, 500)}\n`);
      }
    });
    child.stderr!.on('data', (chunk: Buffer) => process.stderr.write(listening ? chunk : ''));
    child.stderr!.on('data', onData);
    void exited.then(() => reject(new Error(`backend exited:\n${output}`)));
    setTimeout(() => reject(new Error(`backend did not start:\n${output}`)), 60_000).unref();
  });
  return {
    url,
    child,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Server-side request times (ms) of the current phase, from the backend's request log. */
let serverTimes: number[] = [];

interface User {
  id: string;
  token: string;
  watched: number;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- bench only reads a few known fields
async function post(url: string, body: unknown, token?: string): Promise<any> {
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'user-agent': 'backend-bench',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  const json = await response.json();
  if (!response.ok) throw new Error(`${url}: ${response.status} ${JSON.stringify(json)}`);
  return json;
}

async function registerUsers(base: string, count: number): Promise<User[]> {
  const users: User[] = [];
  let next = 0;
  const worker = async () => {
    while (next < count) {
      next++;
      const keys = keysFromSeed(crypto.getRandomValues(new Uint8Array(32)));
      const { challenge } = await post(`${base}/auth/register/start`, {});
      const done = await post(`${base}/auth/register/complete`, {
        publicKey: keys.publicKeyWire,
        challenge: { code: challenge, signature: signChallenge(challenge, keys.seed) },
        namespace: 'movie-web',
        device: 'bench',
        profile: { colorA: '#000000', colorB: '#ffffff', icon: 'couch' },
      });
      users.push({ id: done.user.id, token: done.token, watched: 0 });
    }
  };
  await Promise.all(Array.from({ length: 16 }, worker));
  return users;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

/** PUT with node:http and a keep-alive agent (lighter on the CPU the server shares than fetch). Resolves to the status. */
let resets = 0;

function put(url: string, token: string, body: string, retried = false): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, {
      method: 'PUT',
      agent,
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
        'user-agent': 'backend-bench',
      },
    });
    req.setTimeout(30_000, () => req.destroy(new Error('timeout')));
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', reject);
    });
    req.on('error', (error: NodeJS.ErrnoException) => {
      // A keep-alive socket the server closed as idle just as we reused it: send again on a new one,
      // as browsers do for idempotent requests. Counted, so it cannot hide real failures.
      if (req.reusedSocket && error.code === 'ECONNRESET' && !retried) {
        resets++;
        put(url, token, body, true).then(resolve, reject);
      } else reject(error);
    });
    req.end(body);
  });
}

function progressUpdate(base: string, user: User, sequence: number): Promise<number> {
  const tmdbId = String(100 + (sequence % 20));
  user.watched += 3;
  return put(
    `${base}/users/${user.id}/progress/${tmdbId}`,
    user.token,
    JSON.stringify({
      tmdbId,
      meta: { title: `Bench title ${tmdbId}`, year: 2020, poster: '/p.jpg', type: 'show' },
      duration: 3600,
      watched: user.watched,
      seasonId: `s${tmdbId}-1`,
      episodeId: `e${tmdbId}-${sequence % 10}`,
      seasonNumber: 1,
      episodeNumber: sequence % 10,
    }),
  );
}

interface PhaseResult {
  targetRps: number;
  seconds: number;
  requests: number;
  achievedRps: number;
  errors: number;
  errorSamples: string[];
  latencyMs: { p50: number; p90: number; p99: number; max: number; mean: number };
  serverMs: { p50: number; p99: number; max: number };
  idleSocketResets: number;
  /** How late the bench's own event loop ran (a busy client inflates the latencies). */
  clientLoopDelayMs: { p99: number; max: number };
  /** The server's event-loop delay, largest since it started (from /metrics): a blocked loop delays requests outside handler times. */
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
async function runPhase(base: string, users: User[], rate: number, seconds: number, pick: (i: number) => User): Promise<PhaseResult> {
  const total = Math.round(rate * seconds);
  const latencies: number[] = [];
  const errorSamples: string[] = [];
  let errors = 0;
  let sent = 0;
  let inFlight = 0;
  const pending = new Set<Promise<void>>();
  const started = performance.now();
  const windows: number[][] = [];
  const fsyncsBefore = Number(
    /backend_pglite_fsync_seconds_count (\d+)/.exec(await (await fetch(`${base}/metrics`)).text())?.[1] ?? 0,
  );
  serverTimes = [];
  resets = 0;
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  loopDelay.enable();
  while (sent < total) {
    const now = performance.now();
    const due = Math.min(total, Math.floor(((now - started) / 1000) * rate) + 1);
    while (sent < due && inFlight < MAX_IN_FLIGHT) {
      const i = sent++;
      const scheduled = started + (i / rate) * 1000;
      const user = pick(i);
      inFlight++;
      const p = progressUpdate(base, user, i)
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
    await new Promise((r) => setTimeout(r, 2));
  }
  await Promise.all(pending);
  loopDelay.disable();
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const quantile = (list: number[], q: number) => round(list[Math.min(list.length - 1, Math.floor(q * list.length))] ?? 0);
  const at = (q: number) => quantile(latencies, q);
  await new Promise((r) => setTimeout(r, 200)); // the last log lines
  const server = [...serverTimes].sort((a, b) => a - b);
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
      p99: at(0.99),
      max: round(latencies.at(-1) ?? 0),
      mean: round(latencies.reduce((a, b) => a + b, 0) / Math.max(1, latencies.length)),
    },
    serverMs: { p50: quantile(server, 0.5), p99: quantile(server, 0.99), max: round(server.at(-1) ?? 0) },
    idleSocketResets: resets,
    serverLoopDelayMaxMsSoFar: round(Number(loopMax?.[1] ?? NaN) * 1000),
    ...(fsyncCount ? { serverFsync: { maxMsSoFar: round(Number(fsyncMax?.[1]) * 1000), countInPhase: fsyncCount - fsyncsBefore } } : {}),
    clientLoopDelayMs: { p99: round(Math.max(0, loopDelay.percentile(99) / 1e6 - 10)), max: round(Math.max(0, loopDelay.max / 1e6 - 10)) },
    timeline: windows.map((w, i) => {
      const sorted = [...w].sort((a, b) => a - b);
      return { fromSecond: i * 5, requests: w.length, p99: quantile(sorted, 0.99), max: round(sorted.at(-1) ?? 0) };
    }),
  };
}

const round = (n: number) => Math.round(n * 100) / 100;

async function benchDatabase(kind: 'pglite' | 'postgres', databaseUrl: string | undefined) {
  const server = await startServer(databaseUrl);
  try {
    const t0 = performance.now();
    const users = await registerUsers(server.url, USERS);
    const registerSeconds = round((performance.now() - t0) / 1000);
    const rate = USERS / INTERVAL_S;
    // Warm-up at the same rate, not counted: connections opened, JIT and the database's caches warm.
    const warmup = WARMUP_S > 0 ? await runPhase(server.url, users, rate, WARMUP_S, (i) => users[i % users.length]!) : undefined;
    // Each user sends once per interval; users are spread evenly over the interval.
    const steady = await runPhase(server.url, users, rate, DURATION_S, (i) => users[i % users.length]!);
    const steadyOk = steady.errors === 0 && steady.latencyMs.p99 < P99_LIMIT_MS;
    const steps: (PhaseResult & { ok: boolean })[] = [];
    let maxSustainedRps = 0;
    for (const stepRate of STEP_RATES) {
      const result = await runPhase(server.url, users, stepRate, STEP_S, (i) => users[i % users.length]!);
      const ok = result.errors === 0 && result.latencyMs.p99 < P99_LIMIT_MS && result.achievedRps >= stepRate * 0.95;
      steps.push({ ...result, ok });
      if (!ok) break;
      maxSustainedRps = stepRate;
    }
    return {
      db: kind,
      users: USERS,
      registerSeconds,
      warmup: warmup && { seconds: warmup.seconds, requests: warmup.requests, errors: warmup.errors, latencyMs: warmup.latencyMs },
      steady: { ...steady, pass: steadyOk },
      stepUp: steps.map((s) => ({
        targetRps: s.targetRps,
        achievedRps: s.achievedRps,
        errors: s.errors,
        p50: s.latencyMs.p50,
        p99: s.latencyMs.p99,
        max: s.latencyMs.max,
        serverP99: s.serverMs.p99,
        ok: s.ok,
      })),
      maxSustainedRps,
    };
  } finally {
    await server.stop();
  }
}

const wanted = new Set(args.db.split(',').map((s) => s.trim()));
const results: unknown[] = [];
const log = (line: string) => process.stderr.write(`[bench] ${line}\n`);
if (wanted.has('pglite')) {
  log(`PGlite: ${USERS} users, ${USERS / INTERVAL_S} req/s for ${DURATION_S}s, then step-up of ${STEP_S}s per rate`);
  results.push(await benchDatabase('pglite', undefined));
}
if (wanted.has('postgres')) {
  const postgres = await findPostgres();
  if (postgres.url) {
    log(`PostgreSQL (${postgres.reason || 'with-postgres.sh'}): same load`);
    try {
      results.push(await benchDatabase('postgres', postgres.url));
    } finally {
      await postgres.stop();
    }
  } else {
    log(`PostgreSQL skipped: ${postgres.reason}`);
    results.push({ db: 'postgres', skipped: postgres.reason });
  }
}
const report = {
  bench: 'backend-load',
  date: new Date().toISOString(),
  node: process.version,
  cpus: os.cpus().length,
  settings: { warmupSeconds: WARMUP_S, durationSeconds: DURATION_S, users: USERS, intervalSeconds: INTERVAL_S, stepSeconds: STEP_S, p99LimitMs: P99_LIMIT_MS },
  results,
};
console.log(JSON.stringify(report, null, 2));
const failed = results.some((r) => (r as { steady?: { pass: boolean } }).steady?.pass === false);
process.exit(failed ? 1 : 0);
