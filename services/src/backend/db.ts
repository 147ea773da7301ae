import fs from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { Pool } from 'pg';
import { newFsyncCounters, openEngine, type FsyncCounters, type Request } from './pglite-engine';
import type { SerializedError, WorkerData, WorkerMessage } from './pglite-worker';

/** What the routes need from a database: the same SQL runs on PGlite and on a PostgreSQL server. */
export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<{ rows: T[]; rowCount: number }>;
}

export interface Db extends Queryable {
  kind: 'pglite' | 'postgres';
  /** Runs fn in one transaction (BEGIN/COMMIT, ROLLBACK on error). */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/**
 * The schema, one migration per entry, applied in order and recorded in schema_migrations.
 * Season and episode ids of progress rows are '' (not NULL) when absent, so the unique key really is
 * unique for movies and ON CONFLICT works on every PostgreSQL version.
 */
export const MIGRATIONS: string[] = [
  `CREATE TABLE users (
     id text PRIMARY KEY,
     public_key text NOT NULL UNIQUE,
     namespace varchar(255) NOT NULL,
     created_at timestamptz NOT NULL DEFAULT now(),
     last_logged_in timestamptz,
     permissions jsonb NOT NULL DEFAULT '[]',
     profile jsonb NOT NULL
   );
   CREATE TABLE sessions (
     id uuid PRIMARY KEY,
     user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
     created_at timestamptz NOT NULL DEFAULT now(),
     accessed_at timestamptz NOT NULL DEFAULT now(),
     expires_at timestamptz NOT NULL,
     device text NOT NULL,
     user_agent text NOT NULL
   );
   CREATE INDEX sessions_user_idx ON sessions(user_id);
   CREATE INDEX sessions_expires_idx ON sessions(expires_at);
   CREATE TABLE challenge_codes (
     code text PRIMARY KEY,
     flow text NOT NULL,
     auth_type text NOT NULL,
     public_key text,
     created_at timestamptz NOT NULL DEFAULT now(),
     expires_at timestamptz NOT NULL
   );
   CREATE INDEX challenge_codes_expires_idx ON challenge_codes(expires_at);
   CREATE TABLE bookmarks (
     user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
     tmdb_id text NOT NULL,
     meta jsonb NOT NULL,
     updated_at timestamptz NOT NULL DEFAULT now(),
     PRIMARY KEY (user_id, tmdb_id)
   );
   CREATE TABLE progress_items (
     id uuid PRIMARY KEY,
     user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
     tmdb_id text NOT NULL,
     season_id text NOT NULL DEFAULT '',
     episode_id text NOT NULL DEFAULT '',
     season_number integer,
     episode_number integer,
     meta jsonb NOT NULL,
     duration bigint NOT NULL,
     watched bigint NOT NULL,
     updated_at timestamptz NOT NULL DEFAULT now(),
     UNIQUE (user_id, tmdb_id, season_id, episode_id)
   );
   CREATE TABLE user_settings (
     id text PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
     application_theme text,
     application_language text,
     default_subtitle_language text,
     proxy_urls jsonb
   );`,
  // Shared state of stateless instances: rate-limit windows (ratelimit.ts) and the token signing
  // secret when none is configured (index.ts).
  `CREATE TABLE rate_limits (
     bucket text NOT NULL,
     client text NOT NULL,
     hits bigint NOT NULL,
     reset_at timestamptz NOT NULL,
     PRIMARY KEY (bucket, client)
   );
   CREATE INDEX rate_limits_reset_idx ON rate_limits(reset_at);
   CREATE TABLE server_secrets (
     name text PRIMARY KEY,
     value text NOT NULL
   );`,
];

export async function migrate(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    if (db.kind === 'postgres') await tx.query('SELECT pg_advisory_xact_lock(4105)');
    await tx.query(
      'CREATE TABLE IF NOT EXISTS schema_migrations (version integer PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    const { rows } = await tx.query<{ version: number }>('SELECT version FROM schema_migrations');
    const applied = new Set(rows.map((r) => Number(r.version)));
    for (const [index, sql] of MIGRATIONS.entries()) {
      const version = index + 1;
      if (applied.has(version)) continue;
      for (const statement of sql.split(/;\s*(?:\n|$)/).filter((s) => s.trim())) await tx.query(statement);
      await tx.query('INSERT INTO schema_migrations (version) VALUES ($1)', [version]);
    }
  });
}

/**
 * PostgreSQL server (DATABASE_URL) through a `pg` pool. Its connections stay open once made (no idle
 * timeout): with pg's default of closing them after 10 s idle, every burst after a quiet moment or a
 * stall forked new server backends (a process each, cold caches) just when the server was busiest.
 */
export async function openPostgres(url: string, poolSize: number): Promise<Db> {
  const { default: pg } = await import('pg');
  const pool = new pg.Pool({ connectionString: url, max: poolSize, idleTimeoutMillis: 0 });
  pool.on('error', () => {
    /* an idle client lost its connection; the pool replaces it */
  });
  const wrap = (client: { query: Pool['query'] }): Queryable => ({
    async query<T>(sql: string, params: unknown[] = []) {
      const result = await client.query(sql, params);
      return { rows: result.rows as T[], rowCount: result.rowCount ?? 0 };
    },
  });
  const db: Db = {
    kind: 'postgres',
    ...wrap(pool),
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn(wrap(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
  await db.query('SELECT 1');
  return db;
}

/**
 * Embedded PostgreSQL (PGlite) in `dir`, run by a worker thread (`pglite-worker.ts`): its queries and
 * its fsyncs never block the thread that answers HTTP. Commits are durable (fsync on, see
 * `pglite-engine.ts`) and single writes are group-committed there. `inProcess` runs the same engine on
 * the calling thread (tests, comparisons).
 */
export async function openPglite(
  dir: string,
  options: {
    onFsync?: () => void;
    inProcess?: boolean;
    log?: (line: string) => void;
    /** The worker's entry module (tests); `pglite-worker.mjs` by default. */
    workerEntry?: URL;
  } = {},
): Promise<Db> {
  fs.mkdirSync(dir, { recursive: true });
  const releaseLock = lockDir(dir);
  const counters = newFsyncCounters();
  let transport: Transport;
  try {
    transport = options.inProcess
      ? await inProcessTransport(path.join(dir, 'pgdata'), counters)
      : await workerTransport(
          path.join(dir, 'pgdata'),
          counters,
          options.log ?? (() => {}),
          options.workerEntry ?? new URL('./pglite-worker.mjs', import.meta.url),
        );
  } catch (error) {
    releaseLock();
    throw error;
  }
  liveCounters.add(counters);
  let fsyncsSeen = 0;
  const send = async (request: Request): Promise<unknown> => {
    try {
      return await transport.send(request);
    } finally {
      // Reported after the answer arrives, so a caller sees its commit's fsync when its write resolves.
      if (options.onFsync) for (; fsyncsSeen < counters[0]!; fsyncsSeen++) options.onFsync();
    }
  };
  const queryable = (tx?: number): Queryable => ({
    query: async <T>(sql: string, params: unknown[] = []) =>
      (await send({ op: 'query', sql, params, tx })) as { rows: T[]; rowCount: number },
  });
  let nextTx = 1;
  const db: Db = {
    kind: 'pglite',
    ...queryable(),
    async transaction(fn) {
      const tx = nextTx++;
      await send({ op: 'begin', tx });
      let result;
      try {
        result = await fn(queryable(tx));
      } catch (error) {
        await send({ op: 'rollback', tx }).catch(() => undefined);
        throw error;
      }
      await send({ op: 'commit', tx });
      return result;
    },
    async close() {
      try {
        // A thread that already died has nothing left to close.
        await send({ op: 'close' }).catch((error: unknown) => {
          if (!transport.dead) throw error;
        });
      } finally {
        await transport.stop();
        liveCounters.delete(counters);
        for (let i = 0; i < 2; i++) closedCounters[i]! += counters[i]!;
        closedCounters[2] = Math.max(closedCounters[2]!, counters[2]!);
        releaseLock();
      }
    },
  };
  return db;
}

interface Transport {
  send(request: Request): Promise<unknown>;
  stop(): Promise<void>;
  /** Set once the database thread has failed or exited. */
  readonly dead?: Error;
}

async function inProcessTransport(dataDir: string, counters: FsyncCounters): Promise<Transport> {
  const engine = await openEngine(dataDir, counters);
  return { send: (request) => engine.run(request), stop: async () => {} };
}

/** The worker thread and its pending requests; if the thread dies, every request fails from then on. */
async function workerTransport(dataDir: string, counters: FsyncCounters, log: (line: string) => void, entry: URL): Promise<Transport> {
  const worker = new Worker(entry, {
    workerData: { dataDir, counters } satisfies WorkerData,
    // No loader flags from the parent: the entry registers TypeScript support itself.
    execArgv: [],
    stdout: false,
    stderr: false,
  });
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: unknown) => void }>();
  let nextId = 1;
  let dead: Error | undefined;
  let started = false;
  let stopping = false;
  const fail = (error: Error) => {
    if (!dead && started && !stopping) log(`${error.message}; every database request fails from now on`);
    dead ??= error;
    for (const p of pending.values()) p.reject(dead);
    pending.clear();
  };
  await new Promise<void>((resolve, reject) => {
    worker.on('message', (message: WorkerMessage) => {
      if ('ready' in message) resolve();
      else if ('failed' in message) reject(deserializeError(message.failed));
      else {
        const p = pending.get(message.id);
        pending.delete(message.id);
        if ('error' in message) p?.reject(deserializeError(message.error));
        else p?.resolve(message.result);
      }
    });
    worker.on('error', (error) => {
      reject(error);
      fail(new Error(`the embedded database thread failed: ${error.message}`, { cause: error }));
    });
    worker.on('exit', (code) => {
      reject(new Error(`the embedded database thread exited (${code}) while starting`));
      fail(new Error(`the embedded database thread exited (${code})`));
    });
  }).catch(async (error: unknown) => {
    await worker.terminate();
    throw error;
  });
  started = true;
  return {
    get dead() {
      return dead;
    },
    send: (request) =>
      new Promise((resolve, reject) => {
        if (dead) return reject(dead);
        const id = nextId++;
        pending.set(id, { resolve, reject });
        worker.postMessage({ id, request });
      }),
    stop: async () => {
      stopping = true;
      await worker.terminate();
    },
  };
}

function deserializeError(data: SerializedError): Error {
  const error = new Error(data.message);
  Object.assign(error, data);
  return error;
}

const liveCounters = new Set<FsyncCounters>();
const closedCounters = [0, 0, 0];

/** fsyncs done for PGlite in this process (in the database threads): count, total and largest time. */
export const fsyncStats = {
  get count() {
    let n = closedCounters[0]!;
    for (const c of liveCounters) n += c[0]!;
    return n;
  },
  get seconds() {
    let n = closedCounters[1]!;
    for (const c of liveCounters) n += c[1]!;
    return n;
  },
  get maxSeconds() {
    let n = closedCounters[2]!;
    for (const c of liveCounters) n = Math.max(n, c[2]!);
    return n;
  },
};

/** One process per embedded database: a pid file, taken over when its process is gone (e.g. after kill -9). */
function lockDir(dir: string): () => void {
  const file = path.join(dir, 'backend.pid');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: 'wx' });
      return () => {
        try {
          if (fs.readFileSync(file, 'utf8') === String(process.pid)) fs.unlinkSync(file);
        } catch {
          /* already gone */
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = Number(fs.readFileSync(file, 'utf8'));
      if (pid && isAlive(pid)) {
        throw new Error(`the embedded database in ${dir} is in use by process ${pid}`);
      }
      fs.rmSync(file, { force: true });
    }
  }
  throw new Error(`cannot lock ${dir}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
