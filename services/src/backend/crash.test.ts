import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { call, movieMeta, register, servicesDir, startBackend } from './testkit';

/** The backend as its own process, through the services CLI, on a free port. */
async function spawnBackend(dataDir: string): Promise<{ child: ChildProcess; url: string; exited: Promise<unknown> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(servicesDir, 'src', 'cli.ts'), 'backend'], {
    cwd: servicesDir,
    env: { ...process.env, MW_DATA_DIR: dataDir, MW_PORT_BACKEND: '0', BACKEND_RATE_LIMITS: 'false', DATABASE_URL: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /backend listening on (\S+)/.exec(output);
      if (match) resolve(match[1]!.replace('localhost', '127.0.0.1'));
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    void exited.then(() => reject(new Error(`backend exited before listening:\n${output}`)));
    setTimeout(() => reject(new Error(`backend did not start:\n${output}`)), 30_000).unref();
  });
  return { child, url, exited };
}

const children: ChildProcess[] = [];
const dirs: string[] = [];
afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe('crash safety of the embedded database', () => {
  it('keeps every acknowledged write after kill -9 in the middle of a stream of writes', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'backend-crash-'));
    dirs.push(dataDir);
    // Seed the cluster from the test template (initdb is slow), then hand it to the child.
    const seeded = await startBackend({}, { dataDir: path.join(dataDir, 'backend') });
    await seeded.close();

    const first = await spawnBackend(dataDir);
    children.push(first.child);
    const account = await register(first.url);
    const user = `/users/${account.userId}`;

    const acknowledged = new Map<string, number>();
    const bookmarked = new Set<string>();
    let failures = 0;
    let next = 0;
    let killed = false;
    const worker = async () => {
      while (!killed) {
        const i = next++;
        const tmdbId = String(10_000 + i);
        try {
          const r = await call(first.url, 'PUT', `${user}/progress/${tmdbId}`, {
            token: account.token,
            body: { tmdbId, meta: movieMeta(`Movie ${i}`), duration: 7200, watched: i },
          });
          if (r.status === 200) acknowledged.set(tmdbId, i);
          if (i % 3 === 0) {
            const b = await call(first.url, 'POST', `${user}/bookmarks/${tmdbId}`, {
              token: account.token,
              body: { meta: movieMeta(`Movie ${i}`) },
            });
            if (b.status === 200) bookmarked.add(tmdbId);
          }
        } catch {
          failures += 1; // the server died under this request: not acknowledged
        }
      }
    };
    const workers = Array.from({ length: 8 }, worker);
    while (acknowledged.size < 300) await new Promise((r) => setTimeout(r, 20));
    first.child.kill('SIGKILL');
    killed = true;
    await Promise.all(workers);
    await first.exited;
    expect(first.child.signalCode).toBe('SIGKILL');

    const second = await spawnBackend(dataDir);
    children.push(second.child);
    // The same token still works: the session and the signing secret survived too.
    const progress = await call(second.url, 'GET', `${user}/progress`, { token: account.token });
    expect(progress.status).toBe(200);
    const stored = new Map<string, number>(progress.body.map((p: any) => [p.tmdbId, p.watched]));
    const lost = [...acknowledged].filter(([tmdbId, watched]) => stored.get(tmdbId) !== watched);
    expect(lost).toEqual([]);
    const bookmarks = await call(second.url, 'GET', `${user}/bookmarks`, { token: account.token });
    const storedBookmarks = new Set(bookmarks.body.map((b: any) => b.tmdbId));
    expect([...bookmarked].filter((id) => !storedBookmarks.has(id))).toEqual([]);
    expect(acknowledged.size).toBeGreaterThanOrEqual(300);
    console.log(
      `[backend crash test] ${acknowledged.size} acknowledged progress writes and ${bookmarked.size} bookmarks before kill -9, ` +
        `${failures} requests cut off, ${stored.size} rows after restart, none lost`,
    );
    // Still writable after the crash.
    const after = await call(second.url, 'PUT', `${user}/progress/1`, {
      token: account.token,
      body: { tmdbId: '1', meta: movieMeta(), duration: 1, watched: 1 },
    });
    expect(after.status).toBe(200);
    second.child.kill('SIGTERM');
    await second.exited;
  }, 60_000);
});
