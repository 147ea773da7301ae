/**
 * What the machine itself is doing while a bench runs (Linux /proc; left out elsewhere): CPU time of a
 * process, machine-wide busy and steal ticks, and how late an idle process wakes.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';

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
export function startStallProbe(): () => Promise<{ maxMs: number; over50ms: number } | undefined> {
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
