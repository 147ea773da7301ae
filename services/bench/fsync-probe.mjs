/**
 * Per-second fsync latency of a filesystem, for the scale bench's stall series (stall-watch.ts): in
 * the folder given as its argument it writes 8 kB and fdatasyncs it every 20 ms (as PostgreSQL's WAL
 * commits do), and once a second writes one line to stderr: the marker, then JSON {t (epoch ms at the
 * end of the second), fsyncMaxMs (the slowest write and fdatasync), fsyncs}. It runs until stdin
 * closes, then removes its file.
 */
import fs from 'node:fs';
import path from 'node:path';

const MARK = '@@fsync-probe ';
const file = path.join(process.argv[2] ?? '.', `fsync-probe-${process.pid}.dat`);
const fd = fs.openSync(file, 'w');
const block = Buffer.alloc(8192, 1);
let position = 0;
let maxMs = 0;
let count = 0;
let last = Date.now();

const tick = () => {
  const started = performance.now();
  fs.writeSync(fd, block, 0, block.length, position);
  position = (position + block.length) % (16 << 20);
  fs.fdatasyncSync(fd);
  maxMs = Math.max(maxMs, performance.now() - started);
  count++;
  if (Date.now() - last >= 1000) {
    last = Date.now();
    process.stderr.write(`${MARK}${JSON.stringify({ t: last, fsyncMaxMs: Math.round(maxMs * 10) / 10, fsyncs: count })}\n`);
    maxMs = 0;
    count = 0;
  }
};
const timer = setInterval(tick, 20);
process.stdin.resume();
process.stdin.on('end', () => {
  clearInterval(timer);
  fs.closeSync(fd);
  fs.rmSync(file, { force: true });
  process.exit(0);
});
