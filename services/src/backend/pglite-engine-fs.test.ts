import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DurableNodeFS } from './pglite-engine-fs';

describe('the embedded database filesystem (what it syncs, and when)', () => {
  let dir: string;
  let syncs: number;
  let dfs: DurableNodeFS;
  const bytes = (text: string) => new TextEncoder().encode(text);
  const write = (fd: number, text: string, at = 0) => {
    const data = bytes(text);
    return dfs.write(fd, data.buffer as unknown as Uint8Array, 0, data.length, at);
  };
  const create = (p: string) => {
    dfs.writeFile(p, '');
    return dfs.open(p);
  };

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'backend-fs-'));
    syncs = 0;
    dfs = new DurableNodeFS(path.join(dir, 'pgdata'), () => (syncs += 1));
    dfs.mkdir('/pg_wal');
    dfs.mkdir('/base');
    dfs.mkdir('/global');
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('writes through to the folder, and reads back', () => {
    const fd = create('/base/1');
    expect(write(fd, 'hello', 3)).toBe(5);
    const into = new Uint8Array(16);
    expect(dfs.read(fd, into, 8, 5, 3)).toBe(5);
    expect(new TextDecoder().decode(into.subarray(8, 13))).toBe('hello');
    expect(dfs.fstat(fd).size).toBe(8);
    expect(
      fs
        .readFileSync(path.join(dir, 'pgdata', 'base', '1'))
        .subarray(3)
        .toString(),
    ).toBe('hello');
    expect(dfs.readdir('/base')).toEqual(['1']);
  });

  it('syncs the WAL after a statement (syncToFs), and nothing when nothing was written', async () => {
    const wal = create('/pg_wal/000000010000000000000001');
    await dfs.syncToFs();
    const idle = syncs;
    await dfs.syncToFs();
    expect(syncs).toBe(idle);
    write(wal, 'commit record');
    await dfs.syncToFs();
    expect(syncs).toBe(idle + 1);
    await dfs.syncToFs();
    expect(syncs).toBe(idle + 1);
  });

  it('syncs the WAL before a data file is written (WAL first), but leaves data files to the checkpoint', async () => {
    const wal = create('/pg_wal/000000010000000000000001');
    const data = create('/base/16384');
    await dfs.syncToFs();
    const before = syncs;
    write(wal, 'record');
    write(data, 'page');
    expect(syncs).toBe(before + 1); // the WAL, before the page
    await dfs.syncToFs();
    expect(syncs).toBe(before + 1); // the page waits for the checkpoint
    const control = create('/global/pg_control');
    const atCheckpoint = syncs;
    write(control, 'checkpoint');
    expect(syncs).toBeGreaterThan(atCheckpoint); // the page, before pg_control records the checkpoint
  });

  it('syncs what was written before a rename or an unlink, and a written file closed since at the next sync', async () => {
    const tmp = create('/pg_wal/xlogtemp.1');
    write(tmp, 'segment');
    let before = syncs;
    dfs.rename('/pg_wal/xlogtemp.1', '/pg_wal/000000010000000000000002');
    expect(syncs).toBeGreaterThan(before);
    expect(fs.existsSync(path.join(dir, 'pgdata', 'pg_wal', '000000010000000000000002'))).toBe(true);
    write(tmp, 'more', 7);
    before = syncs;
    dfs.close(tmp);
    expect(syncs).toBe(before);
    await dfs.syncToFs();
    expect(syncs).toBeGreaterThan(before); // the segment (and pg_wal, whose entries the rename changed)
    const other = create('/base/2');
    write(other, 'x');
    before = syncs;
    dfs.unlink('/pg_wal/000000010000000000000002');
    expect(syncs).toBeGreaterThan(before);
  });

  it('syncs the files written and closed since the last sync together (a first start writes the whole database)', async () => {
    for (let i = 0; i < 20; i++) {
      const fd = create(`/base/${i}`);
      write(fd, `file ${i}`);
      dfs.close(fd);
    }
    const before = syncs;
    await dfs.syncToFs();
    expect(syncs - before).toBeGreaterThanOrEqual(20);
    const after = syncs;
    await dfs.syncToFs();
    expect(syncs).toBe(after);
  });

  it("reports a missing file with Emscripten's errno (what PGlite's bridge expects)", () => {
    expect(() => dfs.lstat('/nope')).toThrow(expect.objectContaining({ code: 44 }));
    expect(() => dfs.mkdir('/base')).toThrow(expect.objectContaining({ code: 20 }));
  });
});
