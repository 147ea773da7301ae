/**
 * What the scale bench needs to explain a latency stall: a per-second series of the requests'
 * latency (count, p50, p99, max, errors) next to what every part was doing in that second — the
 * event-loop delay and GC pauses of each account-server instance, of the bench client itself and of
 * an idle probe process (the machine's own stalls: other jobs, the VM), the instances' own handler
 * times (from their request logs), the machine's CPU and TCP counters (listen drops, SYN
 * retransmits), and PostgreSQL: active backends and what they wait on, lock waits, autovacuum
 * workers, checkpoints and the server log lines of the second (checkpoints, autovacuum, lock waits,
 * slow statements).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const PROBE = path.join(here, 'loop-probe.mjs');
const MARK = '@@loop-probe ';

/** One second of a process: how late its event loop ran at worst, GC pause time and longest pause. */
export interface LoopSample {
  t: number;
  loopMaxMs: number;
  gcMs: number;
  gcMaxMs: number;
}

const round = (n: number) => Math.round(n * 10) / 10;

/** Node flags that load the probe into a process (its samples arrive on stderr, see `LoopLines`). */
export const probeNodeArgs = (): string[] => ['--import', PROBE];

/** Collects the probe's lines from a process's output (other lines go to `other`, whole lines only). */
export class LoopLines {
  readonly samples: LoopSample[] = [];
  private partial = '';
  constructor(private readonly other?: (line: string, receivedAt: number) => void) {}
  feed(chunk: string): void {
    const lines = (this.partial + chunk).split('\n');
    this.partial = lines.pop() ?? '';
    const now = Date.now();
    for (const line of lines) {
      const at = line.indexOf(MARK);
      if (at >= 0) {
        try {
          this.samples.push(JSON.parse(line.slice(at + MARK.length)) as LoopSample);
        } catch {
          // a line cut by the process's exit
        }
      } else this.other?.(line, now);
    }
  }
}

/** An idle process that only runs the probe: its lateness is what the machine did to every process. */
export function startMachineProbe(): { samples: LoopSample[]; stop(): Promise<void> } {
  const lines = new LoopLines();
  const child = spawn(process.execPath, [PROBE], { stdio: ['pipe', 'ignore', 'pipe'] });
  child.stderr.on('data', (chunk: Buffer) => lines.feed(chunk.toString()));
  child.on('error', () => undefined);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return {
    samples: lines.samples,
    stop: async () => {
      child.stdin.end();
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 2000))]);
      child.kill();
    },
  };
}

export interface FsyncSample {
  t: number;
  fsyncMaxMs: number;
  fsyncs: number;
}

/**
 * 8 kB written and fdatasynced every 20 ms in `dir` (fsync-probe.mjs), as WAL commits do: the
 * slowest of each second tells whether the filesystem itself stalled (other jobs' writes flushed
 * with ours).
 */
export function startFsyncProbe(dir: string): { samples: FsyncSample[]; stop(): Promise<void> } {
  const samples: FsyncSample[] = [];
  const child = spawn(process.execPath, [path.join(here, 'fsync-probe.mjs'), dir], { stdio: ['pipe', 'ignore', 'pipe'] });
  let partial = '';
  child.stderr.on('data', (chunk: Buffer) => {
    const lines = (partial + chunk.toString()).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) {
      if (line.startsWith('@@fsync-probe ')) samples.push(JSON.parse(line.slice('@@fsync-probe '.length)) as FsyncSample);
    }
  });
  child.on('error', () => undefined);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return {
    samples,
    stop: async () => {
      child.stdin.end();
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 3000))]);
      child.kill();
    },
  };
}

/** The same probe in this process (the bench client): a stall here is the client's, not the server's. */
export function startOwnProbe(): { samples: LoopSample[]; stop(): void } {
  const samples: LoopSample[] = [];
  const histogram = monitorEventLoopDelay({ resolution: 5 });
  histogram.enable();
  let gcMs = 0;
  let gcMaxMs = 0;
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      gcMs += entry.duration;
      gcMaxMs = Math.max(gcMaxMs, entry.duration);
    }
  });
  observer.observe({ entryTypes: ['gc'] });
  const timer = setInterval(() => {
    samples.push({ t: Date.now(), loopMaxMs: round(Math.max(0, histogram.max / 1e6 - 5)), gcMs: round(gcMs), gcMaxMs: round(gcMaxMs) });
    histogram.reset();
    gcMs = 0;
    gcMaxMs = 0;
  }, 1000);
  return {
    samples,
    stop: () => {
      clearInterval(timer);
      observer.disconnect();
      histogram.disable();
    },
  };
}

/**
 * CPU ms so far of every process of a PostgreSQL server (the postmaster, whose pid is the first line
 * of `postmaster.pid` in its data folder, and its children: backends, WAL writer, checkpointer…), by
 * pid, so that a phase can count the CPU of backends that started or ended meanwhile. Linux only.
 */
export function postgresCpuMs(dataDirectory: string | undefined): Map<number, number> | undefined {
  if (!dataDirectory) return undefined;
  try {
    const postmaster = Number(fs.readFileSync(path.join(dataDirectory, 'postmaster.pid'), 'utf8').split('\n')[0]);
    const tick = 10; // USER_HZ is 100 on Linux
    const cpu = new Map<number, number>();
    for (const entry of fs.readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        const pid = Number(entry);
        if (pid === postmaster || Number(fields[1]) === postmaster) cpu.set(pid, (Number(fields[11]) + Number(fields[12])) * tick);
      } catch {
        // gone meanwhile
      }
    }
    return cpu;
  } catch {
    return undefined;
  }
}

/** CPU ms between two `postgresCpuMs` readings (a process that ended meanwhile counts up to the first). */
export function postgresCpuSpent(before: Map<number, number> | undefined, after: Map<number, number> | undefined): number | undefined {
  if (!before || !after) return undefined;
  let spent = 0;
  for (const [pid, ms] of after) spent += ms - (before.get(pid) ?? 0);
  return spent;
}

/** The instances' request-log lines (`… PUT /users/… 200 3.2ms`): handler time, when it was read. */
export interface HandlerSample {
  t: number;
  ms: number;
}

export function handlerTimeOf(line: string, t: number): HandlerSample | undefined {
  const match = / (?:PUT|GET|POST|DELETE) \S+ \d{3} (\d+(?:\.\d+)?)ms$/.exec(line.trim());
  return match ? { t, ms: Number(match[1]) } : undefined;
}

/** One request through HAProxy (its request log, cluster.ts `withRequestLog`): times in ms, -1 when not reached. */
export interface BalancerSample {
  t: number;
  server: string;
  tw: number;
  tc: number;
  tr: number;
  ta: number;
  retries: number;
  status: number;
  term: string;
}

/** A request-log line, or undefined for anything else (the balancer's own messages, e.g. a server going down). */
export function balancerSampleOf(line: string): BalancerSample | undefined {
  const match = /^(\d+)\.(\d+) (\S+) (-?\d+)\/(-?\d+)\/(-?\d+)\/(-?\d+)\/(-?\d+) \+?(\d+) (-?\d+) (\S+)$/.exec(line.trim());
  if (!match) return undefined;
  const n = (i: number) => Number(match[i]);
  return {
    t: n(1) * 1000 + n(2),
    server: match[3]!,
    tw: n(5),
    tc: n(6),
    tr: n(7),
    ta: n(8),
    retries: n(9),
    status: n(10),
    term: match[11]!,
  };
}

interface MachineSample {
  t: number;
  busy: number;
  total: number;
  tcp: Record<string, number>;
}

const TCP_COUNTERS = ['ListenOverflows', 'ListenDrops', 'TCPSynRetrans', 'TCPTimeouts'];

function readMachine(): MachineSample | undefined {
  try {
    const cpu = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
    const [user, nice, system, idle, iowait, irq, softirq, steal] = cpu;
    const busy = user! + nice! + system! + irq! + softirq!;
    const tcp: Record<string, number> = {};
    const netstat = fs.readFileSync('/proc/net/netstat', 'utf8').split('\n');
    const header = netstat.findIndex((line) => line.startsWith('TcpExt:'));
    if (header >= 0) {
      const names = netstat[header]!.split(/\s+/);
      const values = netstat[header + 1]!.split(/\s+/);
      for (const name of TCP_COUNTERS) {
        const i = names.indexOf(name);
        if (i > 0) tcp[name] = Number(values[i]);
      }
    }
    return { t: Date.now(), busy, total: busy + idle! + iowait! + (steal ?? 0), tcp };
  } catch {
    return undefined;
  }
}

/** The machine's CPU and TCP counters once a second (Linux). */
export function startMachineSampler(): { samples: MachineSample[]; stop(): void } {
  const samples: MachineSample[] = [];
  const first = readMachine();
  if (first) samples.push(first);
  const timer = setInterval(() => {
    const sample = readMachine();
    if (sample) samples.push(sample);
  }, 1000);
  return { samples, stop: () => clearInterval(timer) };
}

interface PgSample {
  t: number;
  active: number;
  lockWaits: number;
  autovacuum: number;
  checkpoints: number;
  waits: string | null;
  /** Client backends (connections) open, and those that were not open at the sample before. */
  connections: number;
  connected: number;
  /** Rows written so far (pg_stat_user_tables, flushed by the backends about once a second). */
  sessionUpdates: number;
  progressWrites: number;
}

export interface LogLine {
  t: number;
  text: string;
}

/**
 * Settings only for the bench's throwaway cluster, to see what the server does in a stall: nothing
 * here changes how it performs (deadlock_timeout only makes lock waits of 100 ms show in the log).
 */
export const PG_LOG_SETTINGS: Record<string, string> = {
  log_checkpoints: 'on',
  log_autovacuum_min_duration: '0',
  log_lock_waits: 'on',
  deadlock_timeout: '100ms',
  log_min_duration_statement: '200ms',
  log_timezone: 'UTC',
  log_line_prefix: '%m [%p] ',
};

export interface PgWatch {
  samples: PgSample[];
  /** The server log lines written since the watch started (throwaway cluster only). */
  logLines(): LogLine[];
  logSettings: Record<string, string> | string;
  /** The server's data folder (the fsync probe runs next to it). */
  dataDirectory: string | undefined;
  stop(): Promise<void>;
}

/**
 * Samples pg_stat_activity and the checkpoint counter every 200 ms. On the bench's own throwaway
 * cluster (`configure`) it also turns on the logging of PG_LOG_SETTINGS and reads the server log
 * that with-postgres.sh writes next to the data folder.
 */
export async function startPgWatch(url: string, configure: boolean): Promise<PgWatch> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  let logSettings: PgWatch['logSettings'] = 'not changed (not the bench’s own cluster)';
  let logFile: string | undefined;
  let logOffset = 0;
  let dataDirectory: string | undefined;
  try {
    dataDirectory = (await client.query<{ data_directory: string }>('SHOW data_directory')).rows[0]!.data_directory;
  } catch {
    // not a superuser, or a managed server: no fsync probe next to it
  }
  if (configure) {
    try {
      for (const [name, value] of Object.entries(PG_LOG_SETTINGS)) await client.query(`ALTER SYSTEM SET ${name} = '${value}'`);
      await client.query('SELECT pg_reload_conf()');
      const { rows: errors } = await client.query<{ name: string; error: string }>(
        'SELECT name, error FROM pg_file_settings WHERE error IS NOT NULL AND name = ANY($1)',
        [Object.keys(PG_LOG_SETTINGS)],
      );
      logSettings = { ...PG_LOG_SETTINGS, ...Object.fromEntries(errors.map((e) => [`error: ${e.name}`, e.error])) };
      const candidate = path.join(dataDirectory ?? '.', '..', 'socket', 'server.log');
      if (dataDirectory && fs.existsSync(candidate)) {
        logFile = candidate;
        logOffset = fs.statSync(candidate).size;
      }
    } catch (error) {
      logSettings = `could not be set: ${String(error)}`;
    }
  }
  const samples: PgSample[] = [];
  let known: Set<number> | undefined;
  let stopped = false;
  let running: Promise<unknown> = Promise.resolve();
  const sample = async () => {
    const { rows } = await client.query<Record<string, string | number | null>>(
      `SELECT count(*) FILTER (WHERE backend_type = 'client backend' AND state = 'active') AS active,
              count(*) FILTER (WHERE wait_event_type = 'Lock') AS lock_waits,
              count(*) FILTER (WHERE backend_type = 'autovacuum worker') AS autovacuum,
              (SELECT checkpoints_timed + checkpoints_req FROM pg_stat_bgwriter) AS checkpoints,
              string_agg(wait_event_type || ':' || wait_event, ',') FILTER (WHERE backend_type = 'client backend' AND state = 'active') AS waits,
              array_agg(pid) FILTER (WHERE backend_type = 'client backend') AS pids,
              (SELECT n_tup_upd FROM pg_stat_user_tables WHERE relname = 'sessions') AS session_updates,
              (SELECT n_tup_ins + n_tup_upd FROM pg_stat_user_tables WHERE relname = 'progress_items') AS progress_writes
         FROM pg_stat_activity WHERE pid <> pg_backend_pid()`,
    );
    const row = rows[0]!;
    const pids = new Set((row.pids as unknown as number[] | null) ?? []);
    const connected = known ? [...pids].filter((pid) => !known!.has(pid)).length : 0;
    known = pids;
    samples.push({
      connections: pids.size,
      connected,
      sessionUpdates: Number(row.session_updates ?? 0),
      progressWrites: Number(row.progress_writes ?? 0),
      t: Date.now(),
      active: Number(row.active),
      lockWaits: Number(row.lock_waits),
      autovacuum: Number(row.autovacuum),
      checkpoints: Number(row.checkpoints),
      waits: row.waits === null ? null : String(row.waits),
    });
  };
  const timer = setInterval(() => {
    if (!stopped) running = sample().catch(() => undefined);
  }, 200);
  return {
    samples,
    logSettings,
    dataDirectory,
    logLines: () => {
      if (!logFile) return [];
      const text = fs.readFileSync(logFile, 'utf8').slice(logOffset);
      const lines: LogLine[] = [];
      for (const line of text.split('\n')) {
        const match = /^(\d{4}-\d\d-\d\d) (\d\d:\d\d:\d\d\.\d{3}) UTC \[\d+\] (.*)$/.exec(line);
        if (match) lines.push({ t: Date.parse(`${match[1]}T${match[2]}Z`), text: match[3]!.slice(0, 240) });
      }
      return lines;
    },
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
      await client.end();
    },
  };
}

/**
 * VACUUM ANALYZE of the bench's fresh cluster before a measured phase: otherwise autovacuum's first
 * passes (template1's and postgres's catalogs, then the tables that registering the users filled)
 * fall into the measurement, the first seconds of a phase queued behind their WAL and I/O.
 */
export async function settleCluster(url: string): Promise<void> {
  const { default: pg } = await import('pg');
  for (const database of ['template1', new URL(url).pathname.slice(1) || 'postgres']) {
    const target = new URL(url);
    target.pathname = `/${database}`;
    const client = new pg.Client({ connectionString: target.href });
    await client.connect();
    try {
      await client.query('VACUUM (ANALYZE)');
    } finally {
      await client.end();
    }
  }
}

/** One request of a phase: when it was due (epoch ms), its latency, whether it failed. */
export interface Sent {
  at: number;
  ms: number;
  error: boolean;
}

export interface Watch {
  loops: Record<string, LoopSample[]>;
  handlers: Record<string, HandlerSample[]>;
  machine?: MachineSample[];
  pg?: PgWatch;
  balancer?: BalancerSample[];
  fsync?: FsyncSample[];
  /** The balancer's other output (health-check state changes), when it was read. */
  balancerEvents?: LogLine[];
}

export interface Second {
  /** Seconds from the phase's start. */
  s: number;
  n: number;
  p50: number;
  p99: number;
  max: number;
  errors: number;
  /** Longest event-loop delay (ms) of each process in this second; `machine` is the idle probe. */
  loopMaxMs: Record<string, number>;
  /** GC pause time (ms) of each process in this second. */
  gcMs: Record<string, number>;
  /** Longest handler time (ms) each instance logged in this second. */
  handlerMaxMs: Record<string, number>;
  cpuBusyPercent?: number;
  /** Slowest 8 kB write + fdatasync of the fsync probe on the database's filesystem. */
  fsyncMaxMs?: number;
  tcp?: Record<string, number>;
  pg?: {
    activeMax: number;
    lockWaitsMax: number;
    autovacuum: number;
    checkpointsDone: number;
    /** Connections open at most, and new ones (the pools opening connections). */
    connectionsMax: number;
    connected: number;
    /** Rows written in this second: session expiry bumps, progress upserts. */
    sessionUpdates: number;
    progressWrites: number;
    waits: Record<string, number>;
  };
  /**
   * The balancer's requests accepted in this second: longest wait in its queue (tw), connect to an
   * instance (tc), the instance's answer (tr), total (ta), requests it retried, and termination
   * states other than a normal end (`----`).
   */
  balancer?: { twMax: number; tcMax: number; trMax: number; taMax: number; retried: number; states: Record<string, number> };
  log?: string[];
}

const quantile = (sorted: number[], q: number) => round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0);

/** Samples stamped at the end of a 1 s window cover second floor((t - 1000 - start) / 1000). */
const secondOf = (t: number, start: number, stampedAtEnd: boolean) => Math.floor((t - (stampedAtEnd ? 1000 : 0) - start) / 1000);

/** The phase's per-second series: requests by the second they were due, everything else by when it happened. */
export function perSecond(start: number, sent: Sent[], watch: Watch): Second[] {
  const last = sent.reduce((max, r) => Math.max(max, r.at), start);
  const seconds = Math.max(1, Math.ceil((last - start + 1) / 1000));
  const rows: Second[] = Array.from({ length: seconds }, (_, s) => ({
    s,
    n: 0,
    p50: 0,
    p99: 0,
    max: 0,
    errors: 0,
    loopMaxMs: {},
    gcMs: {},
    handlerMaxMs: {},
  }));
  const latencies: number[][] = rows.map(() => []);
  for (const r of sent) {
    const s = secondOf(r.at, start, false);
    if (s < 0 || s >= seconds) continue;
    latencies[s]!.push(r.ms);
    if (r.error) rows[s]!.errors++;
  }
  rows.forEach((row, s) => {
    const sorted = latencies[s]!.sort((a, b) => a - b);
    row.n = sorted.length;
    row.p50 = quantile(sorted, 0.5);
    row.p99 = quantile(sorted, 0.99);
    row.max = round(sorted.at(-1) ?? 0);
  });
  const at = (t: number, stampedAtEnd: boolean) => {
    const s = secondOf(t, start, stampedAtEnd);
    return s >= 0 && s < seconds ? rows[s] : undefined;
  };
  for (const [name, samples] of Object.entries(watch.loops)) {
    for (const sample of samples) {
      const row = at(sample.t, true);
      if (!row) continue;
      row.loopMaxMs[name] = Math.max(row.loopMaxMs[name] ?? 0, sample.loopMaxMs);
      row.gcMs[name] = round((row.gcMs[name] ?? 0) + sample.gcMs);
    }
  }
  for (const [name, samples] of Object.entries(watch.handlers)) {
    for (const sample of samples) {
      const row = at(sample.t, false);
      if (row) row.handlerMaxMs[name] = Math.max(row.handlerMaxMs[name] ?? 0, sample.ms);
    }
  }
  for (const sample of watch.fsync ?? []) {
    const row = at(sample.t, true);
    if (row) row.fsyncMaxMs = Math.max(row.fsyncMaxMs ?? 0, sample.fsyncMaxMs);
  }
  const machine = watch.machine ?? [];
  for (let i = 1; i < machine.length; i++) {
    const [a, b] = [machine[i - 1]!, machine[i]!];
    const row = at(b.t, true);
    if (!row) continue;
    row.cpuBusyPercent = Math.round((100 * (b.busy - a.busy)) / Math.max(1, b.total - a.total));
    const tcp: Record<string, number> = {};
    for (const name of TCP_COUNTERS) if ((b.tcp[name] ?? 0) > (a.tcp[name] ?? 0)) tcp[name] = b.tcp[name]! - a.tcp[name]!;
    if (Object.keys(tcp).length) row.tcp = tcp;
  }
  const pg = watch.pg?.samples ?? [];
  for (let i = 0; i < pg.length; i++) {
    const sample = pg[i]!;
    const row = at(sample.t, false);
    if (!row) continue;
    row.pg ??= {
      activeMax: 0,
      lockWaitsMax: 0,
      autovacuum: 0,
      checkpointsDone: 0,
      connectionsMax: 0,
      connected: 0,
      sessionUpdates: 0,
      progressWrites: 0,
      waits: {},
    };
    if (i > 0) {
      row.pg.sessionUpdates += Math.max(0, sample.sessionUpdates - pg[i - 1]!.sessionUpdates);
      row.pg.progressWrites += Math.max(0, sample.progressWrites - pg[i - 1]!.progressWrites);
    }
    row.pg.connectionsMax = Math.max(row.pg.connectionsMax, sample.connections);
    row.pg.connected += sample.connected;
    row.pg.activeMax = Math.max(row.pg.activeMax, sample.active);
    row.pg.lockWaitsMax = Math.max(row.pg.lockWaitsMax, sample.lockWaits);
    row.pg.autovacuum = Math.max(row.pg.autovacuum, sample.autovacuum);
    if (i > 0) row.pg.checkpointsDone += Math.max(0, sample.checkpoints - pg[i - 1]!.checkpoints);
    for (const wait of sample.waits?.split(',') ?? []) row.pg.waits[wait] = (row.pg.waits[wait] ?? 0) + 1;
  }
  for (const sample of watch.balancer ?? []) {
    const row = at(sample.t, false);
    if (!row) continue;
    const b = (row.balancer ??= { twMax: 0, tcMax: 0, trMax: 0, taMax: 0, retried: 0, states: {} });
    b.twMax = Math.max(b.twMax, sample.tw);
    b.tcMax = Math.max(b.tcMax, sample.tc);
    b.trMax = Math.max(b.trMax, sample.tr);
    b.taMax = Math.max(b.taMax, sample.ta);
    if (sample.retries > 0) b.retried++;
    if (sample.term !== '----') b.states[sample.term] = (b.states[sample.term] ?? 0) + 1;
  }
  for (const line of [
    ...(watch.pg?.logLines() ?? []),
    ...(watch.balancerEvents ?? []).map((e) => ({ ...e, text: `haproxy: ${e.text}` })),
  ]) {
    const row = at(line.t, false);
    if (row) (row.log ??= []).push(line.text);
  }
  return rows;
}

/** The `count` seconds with the longest request, worst first. */
export function worstSeconds(rows: Second[], count = 5): Second[] {
  return [...rows].sort((a, b) => b.max - a.max).slice(0, count);
}

/** One line per second for a log: latency, then whichever process was late or busy. */
export function describeSecond(row: Second): string {
  const parts = [`s${row.s}: n ${row.n} p50 ${row.p50} p99 ${row.p99} max ${row.max} ms${row.errors ? `, ${row.errors} errors` : ''}`];
  const loops = Object.entries(row.loopMaxMs).map(([k, v]) => `${k} ${v}`);
  if (loops.length) parts.push(`loop delay ${loops.join(' ')}`);
  const gc = Object.entries(row.gcMs)
    .filter(([, v]) => v >= 1)
    .map(([k, v]) => `${k} ${v}`);
  if (gc.length) parts.push(`gc ${gc.join(' ')}`);
  const handlers = Object.entries(row.handlerMaxMs).map(([k, v]) => `${k} ${v}`);
  if (handlers.length) parts.push(`handler max ${handlers.join(' ')}`);
  if (row.cpuBusyPercent !== undefined) parts.push(`cpu ${row.cpuBusyPercent}%`);
  if (row.fsyncMaxMs !== undefined) parts.push(`fsync max ${row.fsyncMaxMs} ms`);
  if (row.tcp) parts.push(`tcp ${JSON.stringify(row.tcp)}`);
  if (row.pg) {
    const waits = Object.entries(row.pg.waits)
      .sort((a, b) => b[1] - a[1])
      .slice(0, 3)
      .map(([k, v]) => `${k}×${v}`);
    parts.push(
      `pg connections≤${row.pg.connectionsMax}${row.pg.connected ? ` (+${row.pg.connected})` : ''} active≤${row.pg.activeMax} locks≤${row.pg.lockWaitsMax} writes ${row.pg.progressWrites}+${row.pg.sessionUpdates} sessions${row.pg.autovacuum ? ' autovacuum' : ''}${row.pg.checkpointsDone ? ' checkpoint' : ''}${waits.length ? ` waits ${waits.join(' ')}` : ''}`,
    );
  }
  if (row.balancer) {
    const b = row.balancer;
    const states = Object.entries(b.states).map(([k, v]) => `${k}×${v}`);
    parts.push(
      `haproxy max queue ${b.twMax} connect ${b.tcMax} answer ${b.trMax} total ${b.taMax}${b.retried ? `, ${b.retried} retried` : ''}${states.length ? `, ${states.join(' ')}` : ''}`,
    );
  }
  if (row.log?.length) parts.push(`log: ${row.log.join(' | ')}`);
  return parts.join('; ');
}
