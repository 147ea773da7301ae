import fs from 'node:fs';
import type { PGlite } from '@electric-sql/pglite';
import type { Pool } from 'pg';
import path from 'node:path';

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

/** PostgreSQL server (DATABASE_URL) through a `pg` pool. */
export async function openPostgres(url: string, poolSize: number): Promise<Db> {
  const { default: pg } = await import('pg');
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
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
        const result = await fn(wrap(client as unknown as { query: Pool['query'] }));
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
 * Embedded PostgreSQL (PGlite) in `dir`. PGlite starts with fsync off (`-F`) and its node filesystem
 * ignores fsync; we start it with fsync on and `wal_sync_method=fsync`, and give the filesystem a real
 * fsync, so a commit is acknowledged only once its WAL record is on disk.
 */
export async function openPglite(dir: string, onFsync?: () => void): Promise<Db> {
  const { PGlite } = await import('@electric-sql/pglite');
  fs.mkdirSync(dir, { recursive: true });
  const releaseLock = lockDir(dir);
  const defaults = (PGlite as unknown as { defaultStartParams: string[] }).defaultStartParams;
  const startParams = [
    ...defaults.filter((p) => p !== '-F'),
    '-c',
    'fsync=on',
    '-c',
    'synchronous_commit=on',
    '-c',
    'wal_sync_method=fsync',
    // New WAL segments are not zero-filled first (a 16 MB write + fsync in the middle of a request);
    // records are still CRC-checked on recovery, so this costs no safety.
    '-c',
    'wal_init_zero=off',
  ];
  let pg: InstanceType<typeof PGlite>;
  try {
    pg = new PGlite({ dataDir: path.join(dir, 'pgdata'), startParams });
    installFsync(pg, onFsync);
    await pg.waitReady;
    installFsync(pg, onFsync);
  } catch (error) {
    releaseLock();
    throw error;
  }
  const wrap = (q: Pick<typeof pg, 'query'>): Queryable => ({
    async query<T>(sql: string, params: unknown[] = []) {
      const result = await q.query<T>(sql, params);
      return { rows: result.rows, rowCount: result.affectedRows ?? 0 };
    },
  });
  const direct = wrap(pg);
  const groupCommit = new GroupCommit(pg, direct);
  const db: Db = {
    kind: 'pglite',
    query: (sql, params) => (WRITE.test(sql) ? groupCommit.write(sql, params) : direct.query(sql, params)),
    transaction: (fn) => pg.transaction((tx) => fn(wrap(tx))),
    async close() {
      try {
        await groupCommit.idle();
        await pg.close();
      } finally {
        releaseLock();
      }
    },
  };
  const { rows } = await db.query<{ fsync: string }>('SHOW fsync');
  if (rows[0]?.fsync !== 'on') throw new Error('PGlite did not start with fsync on');
  return db;
}

const WRITE = /^\s*(INSERT|UPDATE|DELETE)\b/i;

type Pending = {
  sql: string;
  params: unknown[] | undefined;
  resolve: (value: { rows: unknown[]; rowCount: number }) => void;
  reject: (error: unknown) => void;
};

/**
 * Group commit for PGlite, which runs one statement at a time and fsyncs every commit: single
 * writes that arrive while another commit is running are queued, then run together in one
 * transaction with one fsync. Each caller is answered only after that commit. If the batch fails,
 * its writes are retried one by one, so one bad write cannot fail the others.
 */
class GroupCommit {
  private queue: Pending[] = [];
  private running: Promise<void> | undefined;

  constructor(
    private readonly pg: PGlite,
    private readonly direct: Queryable,
  ) {}

  write<T>(sql: string, params?: unknown[]): Promise<{ rows: T[]; rowCount: number }> {
    return new Promise((resolve, reject) => {
      this.queue.push({ sql, params, resolve: resolve as Pending['resolve'], reject });
      // Start on the next turn of the event loop, so that requests already read from their sockets
      // (e.g. those that arrived during the previous fsync, which blocks the loop) join this batch.
      this.running ??= new Promise((r) => setImmediate(r))
        .then(() => this.drain())
        .finally(() => (this.running = undefined));
    });
  }

  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  private async drain(): Promise<void> {
    while (this.queue.length) {
      const batch = this.queue.splice(0, 500);
      if (batch.length === 1) {
        await this.one(batch[0]!);
        continue;
      }
      let results: { rows: unknown[]; rowCount: number }[];
      try {
        results = await this.pg.transaction(async (tx) => {
          const out: { rows: unknown[]; rowCount: number }[] = [];
          for (const item of batch) {
            const r = await tx.query(item.sql, item.params ?? []);
            out.push({ rows: r.rows, rowCount: r.affectedRows ?? 0 });
          }
          return out;
        });
      } catch {
        for (const item of batch) await this.one(item);
        continue;
      }
      batch.forEach((item, i) => item.resolve(results[i]!));
    }
  }

  private async one(item: Pending): Promise<void> {
    try {
      item.resolve(await this.direct.query(item.sql, item.params));
    } catch (error) {
      item.reject(error);
    }
  }
}

/** fsyncs done for PGlite in this process (the event loop waits for each): count, total and largest time. */
export const fsyncStats = { count: 0, seconds: 0, maxSeconds: 0 };

/** Gives Emscripten's NODEFS (which PGlite's NodeFS mounts) a real fsync; it has none. */
function installFsync(pg: unknown, onFsync?: () => void): void {
  const module = (pg as { Module?: { NODEFS?: { stream_ops: Record<string, unknown> } } }).Module;
  const ops = module?.NODEFS?.stream_ops;
  if (!ops) return;
  ops.fsync = (stream: { nfd?: number }) => {
    const started = performance.now();
    if (typeof stream.nfd === 'number') fs.fsyncSync(stream.nfd);
    const seconds = (performance.now() - started) / 1000;
    fsyncStats.count += 1;
    fsyncStats.seconds += seconds;
    fsyncStats.maxSeconds = Math.max(fsyncStats.maxSeconds, seconds);
    onFsync?.();
    return 0;
  };
}

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
