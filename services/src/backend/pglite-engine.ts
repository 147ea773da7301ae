/**
 * The embedded database itself: PGlite with durable commits, group commit of single writes and
 * interactive transactions addressed by number. It runs in the database worker thread
 * (`pglite-worker.ts`), so that its work, and above all its fsyncs, never block the thread that
 * answers HTTP; the tests also drive it in-process.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';

export interface QueryResult {
  rows: unknown[];
  rowCount: number;
}

/** What the group commit needs from PGlite (a fake in the unit tests). */
export interface Executor {
  query(sql: string, params: unknown[]): Promise<QueryResult>;
  /** Runs the statements in one transaction (one commit, one fsync). */
  batch(statements: { sql: string; params: unknown[] }[]): Promise<QueryResult[]>;
}

/** Single INSERT/UPDATE/DELETE statements outside transactions go through the group commit. */
export const WRITE = /^\s*(INSERT|UPDATE|DELETE)\b/i;

type Pending = {
  sql: string;
  params: unknown[];
  resolve: (value: QueryResult) => void;
  reject: (error: unknown) => void;
};

/**
 * Group commit, for a database that runs one statement at a time and fsyncs every commit: single
 * writes that arrive while another commit is running are queued, then run together in one
 * transaction with one fsync. Each caller is answered only after that commit has returned, so after
 * its fsync. If the batch fails, its writes are run again one by one, so one bad write cannot fail
 * the others.
 */
export class GroupCommit {
  private queue: Pending[] = [];
  private running: Promise<void> | undefined;
  /** Batches committed and the writes they held, for the metrics and the tests. */
  readonly stats = { batches: 0, writes: 0, largest: 0 };

  constructor(
    private readonly executor: Executor,
    private readonly maxBatch = 500,
  ) {}

  write(sql: string, params: unknown[] = []): Promise<QueryResult> {
    return new Promise((resolve, reject) => {
      this.queue.push({ sql, params, resolve, reject });
      // Start on the next turn of the event loop, so that the requests already waiting (those that
      // arrived while the previous commit was running) join this batch.
      this.running ??= new Promise((r) => setImmediate(r))
        .then(() => this.drain())
        .finally(() => (this.running = undefined));
    });
  }

  /** Resolves once every queued write has been answered. */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  private async drain(): Promise<void> {
    while (this.queue.length) {
      const batch = this.queue.splice(0, this.maxBatch);
      this.stats.batches += 1;
      this.stats.writes += batch.length;
      this.stats.largest = Math.max(this.stats.largest, batch.length);
      if (batch.length === 1) {
        await this.one(batch[0]!);
        continue;
      }
      let results: QueryResult[];
      try {
        results = await this.executor.batch(batch);
      } catch {
        for (const item of batch) await this.one(item);
        continue;
      }
      batch.forEach((item, i) => item.resolve(results[i]!));
    }
  }

  private async one(item: Pending): Promise<void> {
    try {
      item.resolve(await this.executor.query(item.sql, item.params));
    } catch (error) {
      item.reject(error);
    }
  }
}

/** fsyncs done for the database: count, total seconds, largest seconds (shared with the main thread). */
export type FsyncCounters = Float64Array;
export const newFsyncCounters = (): FsyncCounters => new Float64Array(new SharedArrayBuffer(3 * 8));

/** The operations the main thread sends to the database thread. */
export type Request =
  | { op: 'query'; sql: string; params: unknown[]; tx?: number }
  | { op: 'begin'; tx: number }
  | { op: 'commit'; tx: number }
  | { op: 'rollback'; tx: number }
  | { op: 'close' };

export interface Engine {
  run(request: Request): Promise<unknown>;
  groupCommit: GroupCommit;
}

/**
 * PGlite normally starts with fsync off (`-F`) and its Node filesystem (Emscripten NODEFS) ignores
 * fsync; we start it with fsync on, `synchronous_commit=on` and `wal_sync_method=fsync`, and give the
 * filesystem a real fsync, so a commit returns only once its WAL record is on disk.
 */
export async function openEngine(dataDir: string, counters: FsyncCounters = newFsyncCounters()): Promise<Engine> {
  const { PGlite } = await import('@electric-sql/pglite');
  fs.mkdirSync(path.dirname(dataDir), { recursive: true });
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
  const pg = new PGlite({ dataDir, startParams });
  installFsync(pg, counters);
  await pg.waitReady;
  installFsync(pg, counters);
  const { rows } = await pg.query<{ fsync: string }>('SHOW fsync');
  if (rows[0]?.fsync !== 'on') throw new Error('PGlite did not start with fsync on');

  const query = async (q: Pick<PGlite, 'query'>, sql: string, params: unknown[]): Promise<QueryResult> => {
    const result = await q.query(sql, params);
    return { rows: result.rows, rowCount: result.affectedRows ?? 0 };
  };
  const groupCommit = new GroupCommit({
    query: (sql, params) => query(pg, sql, params),
    batch: (statements) =>
      pg.transaction(async (tx) => {
        const out: QueryResult[] = [];
        for (const s of statements) out.push(await query(tx, s.sql, s.params));
        return out;
      }),
  });

  /** Open interactive transactions: PGlite's own lock keeps every other statement out until they end. */
  const transactions = new Map<number, TransactionChannel>();

  const run = async (request: Request): Promise<unknown> => {
    switch (request.op) {
      case 'query': {
        if (request.tx !== undefined) return channel(request.tx).send(request);
        return WRITE.test(request.sql) ? groupCommit.write(request.sql, request.params) : query(pg, request.sql, request.params);
      }
      case 'begin': {
        if (transactions.has(request.tx)) throw new Error(`transaction ${request.tx} is already open`);
        const ch = new TransactionChannel();
        transactions.set(request.tx, ch);
        let started!: () => void;
        const begun = new Promise<void>((resolve) => (started = resolve));
        ch.done = pg
          .transaction(async (tx) => {
            started();
            await ch.serve((sql, params) => query(tx, sql, params));
          })
          .finally(() => transactions.delete(request.tx));
        // BEGIN failed (then `done` rejects before `started`) or BEGIN ran.
        await Promise.race([begun, ch.done]);
        return null;
      }
      case 'commit':
        return channel(request.tx).end('commit');
      case 'rollback':
        return channel(request.tx).end('rollback');
      case 'close':
        await groupCommit.idle();
        await pg.close();
        return null;
    }
  };
  const channel = (tx: number) => {
    const ch = transactions.get(tx);
    if (!ch) throw new Error(`transaction ${tx} is not open`);
    return ch;
  };
  return { run, groupCommit };
}

class Rollback extends Error {}

/**
 * The statements of one interactive transaction, sent one at a time by the main thread, and its end.
 * `serve` runs inside PGlite's `transaction()`: it returns to commit, throws to roll back.
 */
class TransactionChannel {
  done: Promise<void> = Promise.resolve();
  private next: ((item: ChannelItem) => void) | undefined;
  private readonly waiting: ChannelItem[] = [];

  send(request: { sql: string; params: unknown[] }): Promise<QueryResult> {
    return new Promise((resolve, reject) => this.push({ kind: 'query', ...request, resolve, reject }));
  }

  async end(kind: 'commit' | 'rollback'): Promise<null> {
    this.push({ kind });
    try {
      await this.done;
    } catch (error) {
      if (!(error instanceof Rollback)) throw error;
    }
    return null;
  }

  async serve(query: (sql: string, params: unknown[]) => Promise<QueryResult>): Promise<void> {
    for (;;) {
      const item = this.waiting.shift() ?? (await new Promise<ChannelItem>((resolve) => (this.next = resolve)));
      if (item.kind === 'commit') return;
      if (item.kind === 'rollback') throw new Rollback('rollback');
      // A failed statement is reported to the caller; the transaction stays open until it ends it.
      await query(item.sql, item.params).then(item.resolve, item.reject);
    }
  }

  private push(item: ChannelItem): void {
    const next = this.next;
    this.next = undefined;
    if (next) next(item);
    else this.waiting.push(item);
  }
}

type ChannelItem =
  | { kind: 'query'; sql: string; params: unknown[]; resolve: (r: QueryResult) => void; reject: (e: unknown) => void }
  | { kind: 'commit' }
  | { kind: 'rollback' };

/** Gives Emscripten's NODEFS (which PGlite's NodeFS mounts) a real fsync; it has none. */
function installFsync(pg: PGlite, counters: FsyncCounters): void {
  const module = (pg as unknown as { Module?: { NODEFS?: { stream_ops: Record<string, unknown> } } }).Module;
  const ops = module?.NODEFS?.stream_ops;
  if (!ops) return;
  ops.fsync = (stream: { nfd?: number }) => {
    const started = performance.now();
    if (typeof stream.nfd === 'number') fs.fsyncSync(stream.nfd);
    const seconds = (performance.now() - started) / 1000;
    counters[0]! += 1;
    counters[1]! += seconds;
    counters[2] = Math.max(counters[2]!, seconds);
    return 0;
  };
}
