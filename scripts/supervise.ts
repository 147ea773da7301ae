/**
 * Keeps a set of child processes running: each unit is started, and started again when it ends on
 * its own (after a pause that grows while it keeps failing), until stop() ends them all. `npm start`
 * runs the apps and each local service as units, so one that dies is restarted without the others.
 */
import { spawn, type ChildProcess } from 'node:child_process';

export interface Unit {
  name: string;
  /** Script run with this Node and tsx. */
  script: string;
  args?: string[];
  env?: Record<string, string>;
}

export interface SupervisorOptions {
  log: (line: string) => void;
  /** Pause before the first restart; doubles up to maxDelayMs while a unit keeps ending within a minute. */
  delayMs?: number;
  maxDelayMs?: number;
  /** Called with what a unit sends over IPC (`process.send`). */
  onMessage?: (unit: string, message: unknown) => void;
}

export interface Supervisor {
  /** The running process of each unit (changes on restart). */
  pid(unit: string): number | undefined;
  /** Ends every unit (SIGTERM, then SIGKILL after `graceMs`) and restarts none. */
  stop(graceMs?: number): Promise<void>;
}

const STABLE_MS = 60_000;

export function supervise(units: readonly Unit[], options: SupervisorOptions): Supervisor {
  const children = new Map<string, ChildProcess>();
  const timers = new Set<ReturnType<typeof setTimeout>>();
  const baseDelay = options.delayMs ?? 1000;
  const maxDelay = options.maxDelayMs ?? 30_000;
  let stopping = false;

  const run = (unit: Unit, delay: number) => {
    const startedAt = Date.now();
    const child = spawn(process.execPath, ['--import', 'tsx', unit.script, ...(unit.args ?? [])], {
      env: { ...process.env, ...unit.env },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    children.set(unit.name, child);
    child.on('message', (message) => options.onMessage?.(unit.name, message));
    child.on('exit', (code, signal) => {
      if (children.get(unit.name) === child) children.delete(unit.name);
      if (stopping) return;
      const next = Date.now() - startedAt > STABLE_MS ? baseDelay : Math.min(delay * 2, maxDelay);
      const why = signal ? `signal ${signal}` : `exit code ${code}`;
      options.log(`${unit.name} stopped (${why}); restarting in ${(delay / 1000).toFixed(1)} s`);
      const timer = setTimeout(() => {
        timers.delete(timer);
        if (!stopping) run(unit, next);
      }, delay);
      timers.add(timer);
    });
  };
  for (const unit of units) run(unit, baseDelay);

  return {
    pid: (unit) => children.get(unit)?.pid,
    async stop(graceMs = 5000) {
      stopping = true;
      for (const timer of timers) clearTimeout(timer);
      await Promise.all(
        [...children.values()].map(
          (child) =>
            new Promise<void>((resolve) => {
              if (child.exitCode !== null || child.signalCode !== null) return resolve();
              const kill = setTimeout(() => child.kill('SIGKILL'), graceMs);
              child.once('exit', () => {
                clearTimeout(kill);
                resolve();
              });
              child.kill('SIGTERM');
            }),
        ),
      );
    },
  };
}
