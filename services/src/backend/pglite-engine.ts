/**
 * The embedded database itself: PGlite with durable commits, group commit of single writes,
 * statements sent through PostgreSQL's wire protocol as named prepared statements, and interactive
 * transactions addressed by number. It runs in the database worker thread (`pglite-worker.ts`), so
 * that its work, and above all its fsyncs, never block the thread that answers HTTP; the tests also
 * drive it in-process.
 */
import { DurableNodeFS } from './pglite-engine-fs';

export interface QueryResult {
  rows: unknown[];
  rowCount: number;
}

export interface Statement {
  sql: string;
  params: unknown[];
}

/** What the group commit needs from the database (a fake in the unit tests). */
export interface Executor {
  query(sql: string, params: unknown[]): Promise<QueryResult>;
  /** Runs the statements in one transaction (one commit, one fsync); fails as a whole. */
  batch(statements: Statement[]): Promise<QueryResult[]>;
}

/** Single INSERT/UPDATE/DELETE statements outside transactions go through the group commit. */
export const WRITE = /^\s*(INSERT|UPDATE|DELETE)\b/i;

type Pending = Statement & {
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
  /** Batches committed and the writes they held. */
  readonly stats = { batches: 0, writes: 0, largest: 0 };

  constructor(
    private readonly executor: Executor,
    private readonly maxBatch = 500,
  ) {}

  write(sql: string, params: unknown[] = []): Promise<QueryResult> {
    return new Promise((resolve, reject) => {
      this.queue.push({ sql, params, resolve, reject });
      this.schedule();
    });
  }

  /**
   * Starts a drain on the next turn of the event loop, so that the requests already waiting (those
   * that arrived while the previous commit was running) join this batch. A write queued just as a
   * drain was finishing (its callers' continuations run after the drain's last look at the queue)
   * gets a drain of its own.
   */
  private schedule(): void {
    if (this.running) return;
    this.running = new Promise((r) => setImmediate(r))
      .then(() => this.drain())
      .finally(() => {
        this.running = undefined;
        if (this.queue.length) this.schedule();
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

/** One holder at a time, in arrival order. */
export class Lock {
  private tail: Promise<void> = Promise.resolve();

  /** Resolves, once every earlier holder has released, to this holder's release function. */
  acquire(): Promise<() => void> {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const ready = this.tail.then(() => release);
    this.tail = this.tail.then(() => released);
    return ready;
  }

  async run<T>(fn: () => Promise<T>): Promise<T> {
    const release = await this.acquire();
    try {
      return await fn();
    } finally {
      release();
    }
  }
}

/** What the wire session needs from PGlite. */
export interface WireDatabase {
  execProtocol(message: Uint8Array, options?: { syncToFs?: boolean }): Promise<{ messages: unknown[] }>;
}

type Serialize = typeof import('@electric-sql/pglite').protocol.serialize;
type ParseResults = typeof import('@electric-sql/pglite').parse.parseResults;

/** A JS value as a text-format parameter (the server infers its type from the statement). */
export function toText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean') return String(value);
  if (ArrayBuffer.isView(value)) throw new TypeError('binary parameters are not supported');
  return JSON.stringify(value); // objects and arrays: for json/jsonb columns
}

const COUNTED = new Set(['INSERT', 'UPDATE', 'DELETE', 'MERGE', 'COPY']);

/**
 * Statements through PGlite's wire protocol rather than its `query()`, which costs six round trips
 * into the database per statement (parse, describe, bind, describe, execute, sync) and parses and
 * plans every statement again. Here each distinct SQL text is parsed once as a named prepared
 * statement, and a list of statements is one round trip: bind, describe, execute for each, then one
 * Sync, so that statements sent together outside BEGIN form one implicit transaction (one commit).
 * Parameters are sent as text.
 */
export class WireSession {
  private readonly prepared = new Map<string, string>();
  private counter = 0;

  constructor(
    private readonly db: WireDatabase,
    private readonly serialize: Serialize,
    private readonly parseResults: (messages: unknown[]) => ReturnType<ParseResults>,
    private readonly maxPrepared = 256,
  ) {}

  /**
   * Runs the statements, all before one Sync: outside an explicit transaction they commit together
   * or not at all. Rejects with the database's error (code, detail...) when one fails.
   */
  async run(statements: Statement[], options: { inTransaction?: boolean } = {}): Promise<(QueryResult & { command?: string })[]> {
    try {
      return await this.send(statements);
    } catch (error) {
      // A prepared statement whose result columns changed (a table altered since): parse it again.
      if (options.inTransaction || !/cached plan must not change result type/.test(String((error as Error).message))) throw error;
      for (const s of statements) await this.forget(s.sql);
      return this.send(statements);
    }
  }

  /** Prepared statements held (tests). */
  get size(): number {
    return this.prepared.size;
  }

  private async send(statements: Statement[]): Promise<(QueryResult & { command?: string })[]> {
    const S = this.serialize;
    const parts: Uint8Array[] = [];
    for (const s of statements) {
      const name = await this.prepare(s.sql);
      if (name === '') parts.push(S.parse({ text: s.sql, types: [] }));
      parts.push(S.bind({ statement: name, values: s.params.map(toText) }), S.describe({ type: 'P' }), S.execute({}));
    }
    parts.push(S.sync());
    // syncToFs: the filesystem syncs the WAL this wrote (`pglite-engine-fs.ts`) before the answer.
    const { messages } = await this.db.execProtocol(concat(parts), { syncToFs: true });
    const results = this.parseResults(messages);
    if (results.length !== statements.length) throw new Error(`expected ${statements.length} results, got ${results.length}`);
    return results.map((r) => ({
      rows: r.rows,
      rowCount: r.command && COUNTED.has(r.command) ? (r.rowCount ?? 0) : 0,
      command: r.command,
    }));
  }

  /** The prepared statement's name for this SQL, parsing it first if needed; '' (unnamed) when it cannot be kept. */
  private async prepare(sql: string): Promise<string> {
    const known = this.prepared.get(sql);
    if (known !== undefined) return known;
    if (this.prepared.size >= this.maxPrepared) return '';
    const name = `mw_${++this.counter}`;
    try {
      await this.db.execProtocol(concat([this.serialize.parse({ name, text: sql, types: [] }), this.serialize.sync()]), {
        syncToFs: false,
      });
    } catch {
      return ''; // e.g. a syntax error: sent unnamed, so that the statement reports it
    }
    this.prepared.set(sql, name);
    return name;
  }

  private async forget(sql: string): Promise<void> {
    const name = this.prepared.get(sql);
    if (name === undefined) return;
    this.prepared.delete(sql);
    await this.db
      .execProtocol(concat([this.serialize.close({ type: 'S', name }), this.serialize.sync()]), { syncToFs: false })
      .catch(() => undefined);
  }
}

function concat(parts: Uint8Array[]): Uint8Array {
  let length = 0;
  for (const p of parts) length += p.length;
  const out = new Uint8Array(length);
  let offset = 0;
  for (const p of parts) {
    out.set(p, offset);
    offset += p.length;
  }
  return out;
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
  session: WireSession;
}

/**
 * PGlite normally starts with fsync off (`-F`) and its Node filesystem never syncs; we start it with
 * fsync on, `synchronous_commit=on` and `wal_sync_method=fsync` (so PostgreSQL orders its writes as
 * for a real disk) on a filesystem that syncs what PostgreSQL needs on disk (`DurableNodeFS`), so a
 * commit returns only once its WAL record is on disk.
 */
export async function openEngine(dataDir: string, counters: FsyncCounters = newFsyncCounters()): Promise<Engine> {
  const { PGlite, protocol, parse } = await import('@electric-sql/pglite');
  const startParams = [
    ...PGlite.defaultStartParams.filter((p) => p !== '-F'),
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
  const onSync = (seconds: number) => {
    counters[0]! += 1;
    counters[1]! += seconds;
    counters[2] = Math.max(counters[2]!, seconds);
  };
  const pg = new PGlite({ fs: new DurableNodeFS(dataDir, onSync), startParams });
  await pg.waitReady;
  const { rows } = await pg.query<{ fsync: string }>('SHOW fsync');
  if (rows[0]?.fsync !== 'on') throw new Error('PGlite did not start with fsync on');

  const parsers = (pg as unknown as { parsers: Parameters<ParseResults>[1] }).parsers;
  const session = new WireSession(pg, protocol.serialize, (messages) =>
    parse.parseResults(messages as Parameters<ParseResults>[0], parsers),
  );
  /** Every use of the database, one at a time; an interactive transaction holds it until it ends. */
  const lock = new Lock();
  const one = async (statement: Statement, inTransaction = false) => (await session.run([statement], { inTransaction }))[0]!;
  const groupCommit = new GroupCommit({
    query: (sql, params) => lock.run(() => one({ sql, params })),
    batch: (statements) => lock.run(() => session.run(statements)),
  });

  /** Open interactive transactions: their lock release and their chain of statements. */
  const transactions = new Map<number, { release: () => void; chain: Promise<unknown> }>();
  const open = (tx: number) => {
    const t = transactions.get(tx);
    if (!t) throw new Error(`transaction ${tx} is not open`);
    return t;
  };
  /** Runs in the transaction, after its earlier statements. */
  const inTx = <T>(tx: number, fn: () => Promise<T>): Promise<T> => {
    const t = open(tx);
    const result = t.chain.then(fn);
    t.chain = result.catch(() => undefined);
    return result;
  };
  const end = async (tx: number, sql: 'COMMIT' | 'ROLLBACK') => {
    try {
      const result = await inTx(tx, () => one({ sql, params: [] }, true));
      // COMMIT of a transaction in which a statement failed rolls back (PostgreSQL answers ROLLBACK).
      if (sql === 'COMMIT' && (result as { command?: string }).command === 'ROLLBACK') {
        throw new Error('the transaction was rolled back (a statement in it failed)');
      }
    } finally {
      transactions.get(tx)?.release();
      transactions.delete(tx);
    }
    return null;
  };

  const run = async (request: Request): Promise<unknown> => {
    switch (request.op) {
      case 'query': {
        const { sql, params, tx } = request;
        if (tx !== undefined) return strip(await inTx(tx, () => one({ sql, params }, true)));
        if (WRITE.test(sql)) return groupCommit.write(sql, params).then(strip);
        return strip(await lock.run(() => one({ sql, params })));
      }
      case 'begin': {
        if (transactions.has(request.tx)) throw new Error(`transaction ${request.tx} is already open`);
        const release = await lock.acquire();
        try {
          await one({ sql: 'BEGIN', params: [] }, true);
        } catch (error) {
          release();
          throw error;
        }
        transactions.set(request.tx, { release, chain: Promise.resolve() });
        return null;
      }
      case 'commit':
        return end(request.tx, 'COMMIT');
      case 'rollback':
        return end(request.tx, 'ROLLBACK');
      case 'close':
        await groupCommit.idle();
        await lock.run(() => pg.close());
        return null;
    }
  };
  return { run, groupCommit, session };
}

const strip = (r: QueryResult): QueryResult => ({ rows: r.rows, rowCount: r.rowCount });
