import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, openPglite, type Db } from './db';
import { GroupCommit, Lock, newFsyncCounters, openEngine, toText, type Engine, type Executor, type QueryResult } from './pglite-engine';
import { pgliteTestDir } from './testkit';
import path from 'node:path';

const tick = () => new Promise((r) => setImmediate(r));

/** An executor whose batches wait until released, recording what ran. */
function fakeExecutor(failing = new Set<string>()) {
  const calls: string[][] = [];
  const gates: (() => void)[] = [];
  const gate = () => new Promise<void>((r) => gates.push(r));
  const result = (sql: string): QueryResult => {
    if (failing.has(sql)) throw new Error(`bad ${sql}`);
    return { rows: [{ sql }], rowCount: 1 };
  };
  const executor: Executor = {
    async query(sql) {
      calls.push([sql]);
      await gate();
      return result(sql);
    },
    async batch(statements) {
      calls.push(statements.map((s) => s.sql));
      await gate();
      return statements.map((s) => result(s.sql));
    },
  };
  const releaseAll = async () => {
    for (let i = 0; i < 50; i++) {
      while (gates.length) gates.shift()!();
      await tick();
    }
  };
  return { executor, calls, gates, releaseAll };
}

describe('group commit', () => {
  it('runs the writes that wait together as one batch, and answers none before its commit returns', async () => {
    const fake = fakeExecutor();
    const group = new GroupCommit(fake.executor);
    const answered: string[] = [];
    const first = group.write('a').then(() => answered.push('a'));
    await tick();
    await tick();
    expect(fake.calls).toEqual([['a']]); // a alone: nothing else was waiting
    const rest = ['b', 'c', 'd'].map((sql) => group.write(sql).then(() => answered.push(sql)));
    await tick();
    expect(answered).toEqual([]); // a's commit has not returned yet
    fake.gates.shift()!();
    await first;
    await tick();
    await tick();
    expect(fake.calls).toEqual([['a'], ['b', 'c', 'd']]); // b, c, d arrived during a's commit
    expect(answered).toEqual(['a']);
    await fake.releaseAll();
    await Promise.all(rest);
    expect(answered).toEqual(['a', 'b', 'c', 'd']);
    expect(group.stats).toEqual({ batches: 2, writes: 4, largest: 3 });
  });

  it('runs a failed batch again one by one: only the bad write fails', async () => {
    const fake = fakeExecutor(new Set(['bad']));
    const group = new GroupCommit(fake.executor);
    const blocker = group.write('x');
    await tick();
    await tick();
    const results = ['ok1', 'bad', 'ok2'].map((sql) =>
      group.write(sql).then(
        () => 'ok',
        (e: Error) => e.message,
      ),
    );
    await fake.releaseAll();
    await blocker;
    expect(await Promise.all(results)).toEqual(['ok', 'bad bad', 'ok']);
    expect(fake.calls).toEqual([['x'], ['ok1', 'bad', 'ok2'], ['ok1'], ['bad'], ['ok2']]);
  });

  it('does not strand a write queued just as a drain finishes', async () => {
    const executor: Executor = {
      query: async (sql) => ({ rows: [sql], rowCount: 1 }),
      batch: async (statements) => statements.map((s) => ({ rows: [s.sql], rowCount: 1 })),
    };
    const group = new GroupCommit(executor);
    // Each write is sent from the previous one's answer, as a caller awaiting in a loop does.
    let chain: Promise<unknown> = Promise.resolve();
    for (let i = 0; i < 20; i++) chain = chain.then(() => group.write(`w${i}`));
    await expect(Promise.race([chain.then(() => 'done'), new Promise((r) => setTimeout(() => r('stuck'), 2000))])).resolves.toBe('done');
    await group.idle();
  });
});

describe('lock', () => {
  it('lets one holder in at a time, in arrival order', async () => {
    const lock = new Lock();
    const events: string[] = [];
    const job = (name: string) =>
      lock.run(async () => {
        events.push(`${name} in`);
        await tick();
        events.push(`${name} out`);
      });
    const release = await lock.acquire();
    const jobs = [job('a'), job('b')];
    await tick();
    expect(events).toEqual([]);
    release();
    await Promise.all(jobs);
    expect(events).toEqual(['a in', 'a out', 'b in', 'b out']);
  });
});

describe('parameters as text', () => {
  it('sends dates as ISO strings, objects as JSON and null as NULL', () => {
    expect(toText(new Date('2024-01-02T03:04:05.678Z'))).toBe('2024-01-02T03:04:05.678Z');
    expect(toText({ a: [1] })).toBe('{"a":[1]}');
    expect(toText(null)).toBeNull();
    expect(toText(undefined)).toBeNull();
    expect(toText(12)).toBe('12');
    expect(toText(true)).toBe('true');
    expect(() => toText(new Uint8Array(1))).toThrow(/binary/);
  });
});

describe('embedded database engine (wire protocol, in-process)', () => {
  let engine: Engine;
  let remove: () => void;
  const counters = newFsyncCounters();
  const query = (sql: string, params: unknown[] = [], tx?: number) => engine.run({ op: 'query', sql, params, tx }) as Promise<QueryResult>;

  beforeAll(async () => {
    const t = await pgliteTestDir();
    remove = t.remove;
    engine = await openEngine(path.join(t.dir, 'pgdata'), counters);
    await query('CREATE TABLE t (id int PRIMARY KEY, doc jsonb, at timestamptz, note text)');
  });
  afterAll(async () => {
    await engine?.run({ op: 'close' });
    remove?.();
  });

  it('returns typed rows and counts the rows a write touched', async () => {
    const at = new Date('2024-05-06T07:08:09.123Z');
    const inserted = await query('INSERT INTO t (id, doc, at, note) VALUES ($1, $2::jsonb, $3, $4) RETURNING *', [
      1,
      JSON.stringify({ k: 'v' }),
      at,
      null,
    ]);
    expect(inserted).toEqual({ rows: [{ id: 1, doc: { k: 'v' }, at, note: null }], rowCount: 1 });
    await query('INSERT INTO t (id) VALUES (2), (3)');
    expect((await query('UPDATE t SET note = $1 WHERE id > $2', ['n', 1])).rowCount).toBe(2);
    expect(await query('SELECT count(*)::int AS n FROM t')).toEqual({ rows: [{ n: 3 }], rowCount: 0 });
  });

  it('commits a batch as one transaction, with one commit fsync for all its statements', async () => {
    const before = counters[0]!;
    await engine.session.run([{ sql: 'INSERT INTO t (id) VALUES ($1)', params: [10] }]);
    const single = counters[0]! - before;
    expect(single).toBeGreaterThan(0);
    const start = counters[0]!;
    await engine.session.run(Array.from({ length: 10 }, (_, i) => ({ sql: 'INSERT INTO t (id) VALUES ($1)', params: [20 + i] })));
    expect(counters[0]! - start).toBe(single);
    // All or nothing: the duplicate key fails the batch, so 31 is not written either.
    await expect(
      engine.session.run([
        { sql: 'INSERT INTO t (id) VALUES ($1)', params: [31] },
        { sql: 'INSERT INTO t (id) VALUES ($1)', params: [20] },
      ]),
    ).rejects.toMatchObject({ code: '23505' });
    expect((await query('SELECT id FROM t WHERE id = 31')).rows).toEqual([]);
  });

  it('parses each statement once, and again after its table changes shape', async () => {
    const size = engine.session.size;
    for (let i = 0; i < 3; i++) await query('SELECT * FROM t WHERE id = $1', [1]);
    expect(engine.session.size).toBe(size + 1);
    await query('ALTER TABLE t ADD COLUMN extra text');
    const { rows } = await query('SELECT * FROM t WHERE id = $1', [1]);
    expect(rows[0]).toHaveProperty('extra', null);
  });

  it('reports errors with their PostgreSQL fields', async () => {
    await expect(query('SELEC 1')).rejects.toMatchObject({ code: '42601' });
    await expect(query('INSERT INTO t (id) VALUES ($1)', [1])).rejects.toMatchObject({ code: '23505' });
  });

  it('keeps other statements out of an open transaction, and rolls back or commits it', async () => {
    await engine.run({ op: 'begin', tx: 1 });
    await query('INSERT INTO t (id) VALUES ($1)', [100], 1);
    let outsideDone = false;
    const outside = query('INSERT INTO t (id) VALUES ($1)', [101]).then(() => (outsideDone = true));
    await new Promise((r) => setTimeout(r, 50));
    expect(outsideDone).toBe(false); // waits for the transaction to end
    await engine.run({ op: 'rollback', tx: 1 });
    await outside;
    expect((await query('SELECT id FROM t WHERE id IN (100, 101) ORDER BY id')).rows).toEqual([{ id: 101 }]);

    await engine.run({ op: 'begin', tx: 2 });
    await query('INSERT INTO t (id) VALUES ($1)', [102], 2);
    await engine.run({ op: 'commit', tx: 2 });
    expect((await query('SELECT id FROM t WHERE id = 102')).rows).toEqual([{ id: 102 }]);
  });

  it('fails the commit of a transaction in which a statement failed, and writes nothing of it', async () => {
    await engine.run({ op: 'begin', tx: 3 });
    await query('INSERT INTO t (id) VALUES ($1)', [200], 3);
    await expect(query('INSERT INTO t (id) VALUES ($1)', [1], 3)).rejects.toMatchObject({ code: '23505' });
    await expect(engine.run({ op: 'commit', tx: 3 })).rejects.toThrow(/rolled back/);
    expect((await query('SELECT id FROM t WHERE id = 200')).rows).toEqual([]);
    await expect(engine.run({ op: 'commit', tx: 3 })).rejects.toThrow(/not open/);
  });
});

describe('embedded database in its worker thread', () => {
  let db: Db;
  let remove: () => void;
  beforeAll(async () => {
    const t = await pgliteTestDir();
    remove = t.remove;
    db = await openPglite(t.dir);
    await migrate(db);
  });
  afterAll(async () => {
    await db?.close();
    remove?.();
  });

  it('answers queries and transactions across the thread, with the errors intact', async () => {
    const user = await db.transaction(async (tx) => {
      await tx.query("INSERT INTO users (id, public_key, namespace, profile) VALUES ('u1', 'k1', 'n', '{}')");
      return (await tx.query<{ id: string; created_at: Date }>('SELECT id, created_at FROM users WHERE id = $1', ['u1'])).rows[0];
    });
    expect(user?.id).toBe('u1');
    expect(user?.created_at).toBeInstanceOf(Date);
    await expect(
      db.transaction(async (tx) => {
        await tx.query("INSERT INTO users (id, public_key, namespace, profile) VALUES ('u2', 'k2', 'n', '{}')");
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect((await db.query('SELECT id FROM users ORDER BY id')).rows).toEqual([{ id: 'u1' }]);
    const error = await db
      .query("INSERT INTO users (id, public_key, namespace, profile) VALUES ('u3', 'k1', 'n', '{}')")
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ code: '23505', constraint: 'users_public_key_key' });
  });

  it('group-commits concurrent single writes', async () => {
    const writes = Array.from({ length: 50 }, (_, i) =>
      db.query("INSERT INTO challenge_codes (code, flow, auth_type, expires_at) VALUES ($1, 'login', 'mnemonic', now())", [`c${i}`]),
    );
    expect((await Promise.all(writes)).every((r) => r.rowCount === 1)).toBe(true);
    expect((await db.query<{ n: number }>('SELECT count(*)::int AS n FROM challenge_codes')).rows[0]?.n).toBe(50);
  });
});

describe('embedded database thread failure', () => {
  it('fails every pending and later request, says so once in the log, and still closes', async () => {
    const t = await pgliteTestDir();
    // A stand-in for the database thread that dies on the query "crash".
    const entry = new URL(
      `data:text/javascript,${encodeURIComponent(`
        import { parentPort } from 'node:worker_threads';
        parentPort.postMessage({ ready: true });
        parentPort.on('message', ({ id, request }) => {
          if (request.sql === 'crash') process.exit(3);
          parentPort.postMessage({ id, result: { rows: [{ ok: 1 }], rowCount: 0 } });
        });`)}`,
    );
    const lines: string[] = [];
    const db = await openPglite(t.dir, { workerEntry: entry, log: (line) => lines.push(line) });
    try {
      expect((await db.query('SELECT 1')).rows).toEqual([{ ok: 1 }]);
      await expect(db.query('crash')).rejects.toThrow(/exited \(3\)/);
      await expect(db.query('SELECT 1')).rejects.toThrow(/exited \(3\)/);
      expect(lines).toEqual(['the embedded database thread exited (3); every database request fails from now on']);
    } finally {
      await db.close();
      t.remove();
    }
  });
});
