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
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { keysFromSeed, signChallenge } from 'account-crypto';
import { startBackendProcess } from '../src/backend/cluster';
import { findPostgres } from '../src/backend/testkit';

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

// ---- CPU accounting (Linux /proc; left out elsewhere) --------------------------------------------

const TICK_MS = 10; // USER_HZ is 100 on Linux

/** user+system CPU ms of a process (all its threads), or undefined off Linux. */
export function processCpuMs(pid: number | undefined): number | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return undefined;
  }
}

/** Machine-wide CPU ticks: busy (user+nice+system+irq+softirq), steal, total. */
export function machineTicks(): { busy: number; steal: number; total: number } | undefined {
  try {
    const line = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!;
    const [user, nice, system, idle, iowait, irq, softirq, steal] = line.trim().split(/\s+/).slice(1).map<number>(Number);
    const busy = user! + nice! + system! + irq! + softirq!;
    return { busy, steal: steal ?? 0, total: busy + idle! + iowait! + (steal ?? 0) };
  } catch {
    return undefined;
  }
}

/**
 * A process that does nothing but wake every 5 ms: how late it wakes tells how much the machine
 * itself stalls every process (other jobs, the VM), apart from the server's and the bench's own work.
 */
function startStallProbe(): () => Promise<{ maxMs: number; over50ms: number } | undefined> {
  const code = `
    let last = performance.now(), max = 0, over = 0;
    setInterval(() => { const now = performance.now(), late = now - last - 5; last = now;
      if (late > max) max = late; if (late > 50) over++; }, 5);
    process.stdin.on('end', () => { process.stdout.write(JSON.stringify({ maxMs: Math.round(max * 100) / 100, over50ms: over })); process.exit(0); });
    process.stdin.resume();`;
  const child = spawn(process.execPath, ['-e', code], { stdio: ['pipe', 'pipe', 'ignore'] });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.on('error', () => undefined);
  return async () => {
    child.stdin.end();
    await Promise.race([exited, new Promise((r) => setTimeout(r, 2000))]);
    child.kill();
    try {
      return JSON.parse(out) as { maxMs: number; over50ms: number };
    } catch {
      return undefined;
    }
  };
}

// ---- client --------------------------------------------------------------------------------------

export interface User {
  id: string;
  token: string;
  watched: number;
}

/** POSTs JSON; the answer is read as `T` (the backend's contract), not checked. */
async function post<T>(url: string, body: unknown, token?: string): Promise<T> {
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'user-agent': 'backend-bench',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  const json: unknown = await response.json();
  if (!response.ok) throw new Error(`${url}: ${response.status} ${JSON.stringify(json)}`);
  return json as T;
}

export async function registerUsers(base: string, count: number): Promise<User[]> {
  const users: User[] = [];
  let next = 0;
  const worker = async () => {
    while (next < count) {
      next++;
      const keys = keysFromSeed(crypto.getRandomValues(new Uint8Array(32)));
      const { challenge } = await post<{ challenge: string }>(`${base}/auth/register/start`, {});
      const done = await post<{ user: { id: string }; token: string }>(`${base}/auth/register/complete`, {
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

/**
 * A minimal HTTP/1.1 keep-alive client on raw sockets, for the measured PUTs: each request is one
 * write, and only the status line and the body's length are parsed, so that the bench takes as
 * little as it can of the CPU it shares with the server (node:http costs several times more).
 */
export class Client {
  private readonly idle: Connection[] = [];
  private readonly waiting: (() => void)[] = [];
  private open = 0;
  private closed = false;
  /** Keep-alive connections the server closed as idle just as they were reused (sent again, counted). */
  resets = 0;

  constructor(
    private readonly host: string,
    private readonly port: number,
    private readonly maxConnections = 256,
  ) {}

  static for(base: string): Client {
    const url = new URL(base);
    return new Client(url.hostname, Number(url.port));
  }

  async put(pathname: string, token: string, body: string): Promise<number> {
    const head =
      `PUT ${pathname} HTTP/1.1\r\nHost: ${this.host}:${this.port}\r\nAuthorization: Bearer ${token}\r\n` +
      `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nUser-Agent: backend-bench\r\n\r\n`;
    const request = head + body;
    const connection = await this.take();
    try {
      return await connection.send(request);
    } catch (error) {
      // A keep-alive connection the server closed as idle just as it was reused: sent again on a new
      // connection, as browsers do for idempotent requests; counted, so it cannot hide real failures.
      if (!(error instanceof ConnectionClosed) || !error.reused) throw error;
      this.resets++;
      const fresh = await this.take(true);
      return await fresh.send(request).finally(() => this.give(fresh));
    } finally {
      this.give(connection);
    }
  }

  destroy(): void {
    this.closed = true;
    for (const c of this.idle.splice(0)) c.socket.destroy();
  }

  private async take(fresh = false): Promise<Connection> {
    for (;;) {
      if (this.closed) throw new Error('client closed');
      if (!fresh) {
        const idle = this.idle.pop(); // most recently used first: the fewest connections stay busy
        if (idle) return idle;
      }
      if (this.open < this.maxConnections || fresh) {
        this.open++;
        const connection: Connection = new Connection(net.connect(this.port, this.host), () => this.gone(connection));
        return connection;
      }
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
  }

  private gone(connection: Connection): void {
    this.open--;
    const i = this.idle.indexOf(connection);
    if (i >= 0) this.idle.splice(i, 1);
    this.waiting.shift()?.();
  }

  private give(connection: Connection): void {
    if (connection.dead || this.closed) {
      connection.socket.destroy();
      return;
    }
    this.idle.push(connection);
    this.waiting.shift()?.();
  }
}

class ConnectionClosed extends Error {
  constructor(readonly reused: boolean) {
    super('connection closed before the response');
  }
}

/** One keep-alive connection: one request at a time. */
class Connection {
  dead = false;
  private used = 0;
  private buffer: Buffer = Buffer.alloc(0);
  private current: { resolve: (status: number) => void; reject: (error: Error) => void } | undefined;

  constructor(
    readonly socket: net.Socket,
    onClose: () => void,
  ) {
    socket.setNoDelay(true);
    socket.setTimeout(30_000, () => socket.destroy(new Error('timeout')));
    socket.on('data', (chunk: Buffer) => {
      this.buffer = this.buffer.length ? Buffer.concat([this.buffer, chunk]) : chunk;
      this.parse();
    });
    socket.on('error', (error) => this.fail(error));
    socket.on('close', () => {
      this.fail(new ConnectionClosed(this.used > 1));
      onClose();
    });
  }

  send(request: string): Promise<number> {
    if (this.dead) return Promise.reject(new ConnectionClosed(this.used > 0));
    this.used++;
    return new Promise((resolve, reject) => {
      this.current = { resolve, reject };
      this.socket.write(request);
    });
  }

  private fail(error: Error): void {
    this.dead = true;
    const current = this.current;
    this.current = undefined;
    current?.reject(error);
  }

  /** Completes the current request once its whole response is in (Content-Length or chunked). */
  private parse(): void {
    const end = this.buffer.indexOf('\r\n\r\n');
    if (end < 0 || !this.current) return;
    const head = this.buffer.subarray(0, end).toString('latin1');
    const status = Number(head.slice(9, 12));
    const length = /\r\ncontent-length: *(\d+)/i.exec(head);
    let total: number;
    if (length) total = end + 4 + Number(length[1]);
    else if (/\r\ntransfer-encoding: *chunked/i.test(head)) {
      const last = this.buffer.indexOf('\r\n0\r\n\r\n', end);
      if (last < 0) return;
      total = last + 7;
    } else total = end + 4;
    if (this.buffer.length < total) return;
    this.buffer = this.buffer.subarray(total);
    if (/\r\nconnection: *close/i.test(head)) this.dead = true;
    const current = this.current;
    this.current = undefined;
    current.resolve(status);
  }
}

export function progressUpdate(client: Client, user: User, sequence: number): Promise<number> {
  const tmdbId = String(100 + (sequence % 20));
  user.watched += 3;
  return client.put(
    `/users/${user.id}/progress/${tmdbId}`,
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
