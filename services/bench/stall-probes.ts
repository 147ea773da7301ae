/**
 * The stall probes of the scale bench, each one second at a time: the event-loop delay and GC pauses
 * of a process (loop-probe.mjs loaded into it, this process, or an idle process that shows the
 * machine's own stalls), fsync latency on the database's filesystem, the machine's CPU and TCP
 * counters, and PostgreSQL's CPU time.
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

export interface MachineSample {
  t: number;
  busy: number;
  total: number;
  tcp: Record<string, number>;
}

export const TCP_COUNTERS = ['ListenOverflows', 'ListenDrops', 'TCPSynRetrans', 'TCPTimeouts'];

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
