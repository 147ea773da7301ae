/**
 * What the scale bench needs to explain a latency stall: a per-second series of the requests'
 * latency (count, p50, p99, max, errors) next to what every part was doing in that second — the
 * event-loop delay and GC pauses of each account-server instance, of the bench client itself and of
 * an idle probe process (the machine's own stalls: other jobs, the VM), the instances' own handler
 * times (from their request logs), the machine's CPU and TCP counters (listen drops, SYN
 * retransmits), and PostgreSQL: active backends and what they wait on, lock waits, autovacuum
 * workers, checkpoints and the server log lines of the second (checkpoints, autovacuum, lock waits,
 * slow statements). The probes are in stall-probes.ts and PostgreSQL's watch in stall-pg.ts; this
 * file reads the request logs and lays everything out second by second.
 */
import { TCP_COUNTERS, type FsyncSample, type LoopSample, type MachineSample } from './stall-probes';
import type { LogLine, PgWatch } from './stall-pg';

const round = (n: number) => Math.round(n * 10) / 10;

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
