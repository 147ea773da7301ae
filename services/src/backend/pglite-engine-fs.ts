/**
 * The embedded database's files on disk, as a PGlite virtual filesystem (`BaseFilesystem`, PGlite's
 * public extension point for filesystems), so that a commit is on disk before it is acknowledged.
 *
 * Why not PGlite's own `NodeFS`: it mounts Emscripten's NODEFS, which has no fsync (PostgreSQL's
 * fsyncs return success and do nothing), and `NodeFS.syncToFs` is empty. PGlite's `BaseFilesystem`
 * has no fsync operation either (PostgreSQL's fsync calls never reach it), but it hands us every
 * open, write, rename, unlink and truncate, and PGlite calls its `syncToFs` after each statement
 * (before the statement's result is returned). So this filesystem keeps track of what was written
 * and not yet synced, and syncs it at the points where PostgreSQL's own fsyncs would matter:
 *
 * - after each statement (`syncToFs`): the WAL written by its commit, so an acknowledged commit is on
 *   disk (PostgreSQL itself needs no more than the WAL at a commit);
 * - before a write to any other file while WAL is unsynced: the WAL goes first (PostgreSQL writes a
 *   data page only once the WAL describing it is flushed);
 * - before a rename, unlink, truncate or directory removal, and before `global/pg_control` is
 *   written: everything (a checkpoint syncs the data files before it records itself in pg_control
 *   and removes old WAL; a rename is durable only after the renamed file is);
 * - a file written and closed since the last sync: at the next sync, by its path (PGlite's first start
 *   writes the whole new database this way: those files are synced together, in parallel).
 *
 * Directories whose entries changed are synced with the files. (Upstream: electric-sql/pglite#1107.)
 */
import fs from 'node:fs';
import path from 'node:path';
import { BaseFilesystem, type FsStats } from '@electric-sql/pglite/basefs';

/** Emscripten's errno numbers (WASI's), which PGlite's filesystem bridge expects in `error.code`. */
const ERRNO: Record<string, number> = {
  EACCES: 2,
  EAGAIN: 6,
  EBADF: 8,
  EBUSY: 10,
  EEXIST: 20,
  EINVAL: 28,
  EIO: 29,
  EISDIR: 31,
  EMFILE: 33,
  ENODEV: 43,
  ENOENT: 44,
  ENOSPC: 51,
  ENOTDIR: 54,
  ENOTEMPTY: 55,
  EPERM: 63,
  EROFS: 69,
  EXDEV: 75,
};

/** Node's errors as the bridge expects them: `code` is Emscripten's errno (an unknown code is EIO). */
function errno<T>(f: () => T): T {
  try {
    return f();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (typeof code !== 'string') throw error;
    throw Object.assign(new Error((error as Error).message, { cause: error }), { code: ERRNO[code] ?? ERRNO.EIO });
  }
}

const stats = (s: fs.Stats): FsStats => ({
  dev: s.dev,
  ino: s.ino,
  mode: s.mode,
  nlink: s.nlink,
  uid: s.uid,
  gid: s.gid,
  rdev: s.rdev,
  size: s.size,
  blksize: s.blksize,
  blocks: s.blocks,
  atime: s.atimeMs,
  mtime: s.mtimeMs,
  ctime: s.ctimeMs,
});

const isWal = (p: string) => p.startsWith('/pg_wal/');

export class DurableNodeFS extends BaseFilesystem {
  private readonly root: string;
  /** Open descriptors and their paths (inside the data folder). */
  private readonly paths = new Map<number, string>();
  /** Descriptors written since their last sync. */
  private readonly dirty = new Set<number>();
  /** Files changed by path (truncated, created with content), and directories whose entries changed. */
  private readonly dirtyPaths = new Set<string>();
  private readonly dirtyDirs = new Set<string>();

  /** `onSync(seconds)` is told of every fsync, with how long it took. */
  constructor(
    dataDir: string,
    private readonly onSync: (seconds: number) => void = () => {},
  ) {
    super(dataDir);
    this.root = path.resolve(dataDir);
    fs.mkdirSync(this.root, { recursive: true });
  }

  private real(p: string): string {
    return path.join(this.root, p);
  }

  private fsync(fd: number): void {
    const started = performance.now();
    fs.fsyncSync(fd);
    this.onSync((performance.now() - started) / 1000);
  }

  private fsyncPath(p: string): void {
    let fd: number;
    try {
      fd = fs.openSync(this.real(p), 'r');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return; // removed since: nothing to keep
      throw error;
    }
    try {
      this.fsync(fd);
    } finally {
      fs.closeSync(fd);
    }
  }

  /** Syncs the unsynced WAL (`walOnly`) or everything unsynced. */
  private flush(walOnly: boolean): void {
    for (const fd of [...this.dirty]) {
      if (walOnly && !isWal(this.paths.get(fd) ?? '')) continue;
      this.fsync(fd);
      this.dirty.delete(fd);
    }
    for (const p of [...this.dirtyPaths]) {
      if (walOnly && !isWal(p)) continue;
      this.fsyncPath(p);
      this.dirtyPaths.delete(p);
    }
    // New or renamed WAL segments must be findable after a crash: their directory entries too.
    for (const d of [...this.dirtyDirs]) {
      if (walOnly && d !== '/pg_wal') continue;
      this.fsyncPath(d);
      this.dirtyDirs.delete(d);
    }
  }

  private changedEntryOf(p: string): void {
    this.dirtyDirs.add(path.posix.dirname(p) === '/' ? '' : path.posix.dirname(p));
  }

  /** Called by PGlite after each statement, before its result is returned (and after its first start). */
  override async syncToFs(): Promise<void> {
    // Files written and closed since the last sync, together (the WAL among them first: see `flush`).
    const closed = [...this.dirtyPaths];
    this.dirtyPaths.clear(); // a file written again meanwhile is marked again
    try {
      await Promise.all(closed.map((p) => this.fsyncPathAsync(p)));
    } catch (error) {
      for (const p of closed) this.dirtyPaths.add(p);
      throw error;
    }
    this.flush(true);
  }

  private async fsyncPathAsync(p: string): Promise<void> {
    let handle: fs.promises.FileHandle;
    try {
      handle = await fs.promises.open(this.real(p), 'r');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return; // removed since: nothing to keep
      throw error;
    }
    try {
      const started = performance.now();
      await handle.sync();
      this.onSync((performance.now() - started) / 1000);
    } finally {
      await handle.close();
    }
  }

  override closeFs(): Promise<void> {
    this.flush(false);
    // Module.FS is typed by @types/emscripten, which PGlite refers to but does not ship: its type does not resolve here.
    // eslint-disable-next-line @typescript-eslint/no-unsafe-call, @typescript-eslint/no-unsafe-member-access
    this.pg?.Module.FS.quit(); // closes the open files (through `close`)
    for (const fd of this.paths.keys()) fs.closeSync(fd);
    this.paths.clear();
    return Promise.resolve();
  }

  chmod(p: string, mode: number): void {
    errno(() => fs.chmodSync(this.real(p), mode));
  }

  close(fd: number): void {
    errno(() => {
      if (this.dirty.delete(fd)) this.dirtyPaths.add(this.paths.get(fd) ?? '');
      this.paths.delete(fd);
      fs.closeSync(fd);
    });
  }

  fstat(fd: number): FsStats {
    return errno(() => stats(fs.fstatSync(fd)));
  }

  lstat(p: string): FsStats {
    return errno(() => stats(fs.lstatSync(this.real(p))));
  }

  mkdir(p: string, options?: { recursive?: boolean; mode?: number }): void {
    errno(() => fs.mkdirSync(this.real(p), options));
    this.changedEntryOf(p);
  }

  open(p: string): number {
    // PGlite's bridge does not pass the open flags (Emscripten has applied O_CREAT, O_EXCL and O_TRUNC
    // itself by now): every file of the data folder is opened for reading and writing.
    const fd = errno(() => fs.openSync(this.real(p), 'r+'));
    this.paths.set(fd, p);
    return fd;
  }

  readdir(p: string): string[] {
    return errno(() => fs.readdirSync(this.real(p)));
  }

  read(fd: number, buffer: Uint8Array, offset: number, length: number, position: number): number {
    return errno(() => fs.readSync(fd, new Uint8Array(buffer.buffer, buffer.byteOffset + offset, length), 0, length, position));
  }

  write(fd: number, buffer: Uint8Array, offset: number, length: number, position: number): number {
    const p = this.paths.get(fd) ?? '';
    if (p === '/global/pg_control') this.flush(false);
    else if (!isWal(p)) this.flush(true);
    // The bridge passes the heap itself (an ArrayBuffer) with the offset into it.
    const bytes = buffer instanceof Uint8Array ? buffer : new Uint8Array(buffer);
    const written = errno(() => fs.writeSync(fd, bytes, offset, length, position));
    this.dirty.add(fd);
    return written;
  }

  rename(oldPath: string, newPath: string): void {
    this.flush(false);
    errno(() => fs.renameSync(this.real(oldPath), this.real(newPath)));
    for (const [fd, p] of this.paths) if (p === oldPath) this.paths.set(fd, newPath);
    this.changedEntryOf(oldPath);
    this.changedEntryOf(newPath);
  }

  rmdir(p: string): void {
    this.flush(false);
    errno(() => fs.rmdirSync(this.real(p)));
    this.changedEntryOf(p);
  }

  truncate(p: string, len: number): void {
    this.flush(false);
    errno(() => fs.truncateSync(this.real(p), len));
    this.dirtyPaths.add(p);
  }

  unlink(p: string): void {
    this.flush(false);
    errno(() => fs.unlinkSync(this.real(p)));
    this.dirtyPaths.delete(p);
    this.changedEntryOf(p);
  }

  utimes(p: string, atime: number, mtime: number): void {
    errno(() => fs.utimesSync(this.real(p), new Date(atime), new Date(mtime)));
  }

  writeFile(p: string, data: string | Uint8Array, options?: { encoding?: string; mode?: number; flag?: string }): void {
    errno(() => fs.writeFileSync(this.real(p), data, { mode: options?.mode, flag: options?.flag }));
    if (data.length) this.dirtyPaths.add(p);
    this.changedEntryOf(p);
  }
}
