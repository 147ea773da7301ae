/**
 * `npm start` as a person runs it: the whole site stays up when a request is malformed or a service
 * dies (it is restarted, with a line in the log), and Ctrl-C stops every process it started.
 */
import { test, expect } from '@playwright/test';
import { spawn, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { SERVICE_NAMES } from 'services/types';
import { APPS, APP_NAMES } from '../../scripts/apps.ts';
import { ROOT } from '../../scripts/site.ts';

const taken = new Set<number>();
/**
 * A free port below Linux's ephemeral range (32768 and up): a port the system hands out for `listen(0)`
 * may be given again to an outgoing connection before the site starts, and the apps could not listen.
 */
async function freePort(): Promise<number> {
  for (;;) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    if (taken.has(port)) continue;
    const free = await new Promise<boolean>((resolve) => {
      const server = net.createServer();
      server.once('error', () => resolve(false));
      server.listen(port, 'localhost', () => server.close(() => resolve(true)));
    });
    if (!free) continue;
    taken.add(port);
    return port;
  }
}

/** The processes whose parent is `pid`, with their command lines. */
const childrenOf = (pid: number): { pid: number; command: string }[] => {
  let out = '';
  try {
    out = execFileSync('pgrep', ['-a', '-P', String(pid)], { encoding: 'utf8' });
  } catch {
    return []; // pgrep exits 1 when there are none
  }
  return (
    out
      .trim()
      .split('\n')
      .filter(Boolean)
      .map((line) => ({ pid: Number(line.split(' ', 1)[0]), command: line }))
      // The units, not the helper processes Node's TypeScript loader starts.
      .filter((p) => /(cli|serve-apps)\.ts/.test(p.command))
  );
};

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

test('npm start survives a malformed request and a dead service, and Ctrl-C stops everything', async () => {
  test.setTimeout(120_000);
  const env: Record<string, string> = { MW_DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'mw-start-')) };
  for (const app of APP_NAMES) env[APPS[app].portEnv] = String(await freePort());
  for (const name of SERVICE_NAMES) env[`MW_PORT_${name.toUpperCase()}`] = String(await freePort());
  const host = `http://localhost:${env.MW_PORT_HOST}`;
  const geo = `http://localhost:${env.MW_PORT_GEO}`;

  const start = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'scripts', 'start.ts'), '--quiet'], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  start.stdout.on('data', (d: Buffer) => (log += d.toString()));
  start.stderr.on('data', (d: Buffer) => (log += d.toString()));
  const exited = new Promise<number | null>((resolve) => start.once('exit', (code) => resolve(code)));
  try {
    await expect.poll(() => log, { timeout: 90_000 }).toContain(`movie-web is running: ${host}`);

    // A path that does not decode is refused; the site is still there.
    expect((await fetch(`${host}/%`)).status).toBe(400);
    expect((await fetch(`${host}/`)).status).toBe(200);

    // A service that dies is started again on its port, and the log says so.
    const geoProcess = childrenOf(start.pid!).find((p) => / geo$/.test(p.command));
    expect(geoProcess, log).toBeDefined();
    process.kill(geoProcess!.pid, 'SIGKILL');
    await expect.poll(() => log, { timeout: 30_000 }).toContain('geo stopped (signal SIGKILL); restarting');
    await expect.poll(async () => (await fetch(`${geo}/json`).catch(() => null))?.status, { timeout: 30_000 }).toBe(200);
    expect(log).toContain('geo is back');
    expect((await fetch(`${host}/`)).status).toBe(200);

    // Ctrl-C: every process it started ends, and it exits cleanly.
    const started = childrenOf(start.pid!).map((p) => p.pid);
    expect(started.length).toBe(1 + SERVICE_NAMES.length);
    start.kill('SIGINT');
    expect(await exited).toBe(0);
    await expect.poll(() => started.filter(alive), { timeout: 10_000 }).toEqual([]);
    await expect(fetch(`${host}/`)).rejects.toThrow();
  } finally {
    if (start.exitCode === null) start.kill('SIGKILL');
    fs.rmSync(env.MW_DATA_DIR!, { recursive: true, force: true });
  }
});
