/**
 * Per-second event-loop delay and GC pauses of a Node process, for the scale bench's stall series
 * (stall-watch.ts). Loaded into an account-server instance with `node --import <this file>`, or run
 * on its own (`node loop-probe.mjs`) as an idle process whose lateness is the machine's own stalls.
 * Once a second it writes one line to stderr: the marker, then JSON {t (epoch ms at the end of the
 * second), loopMaxMs (the longest the loop was late), gcMs (GC pause time), gcMaxMs (longest pause)}.
 */
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';

const MARK = '@@loop-probe ';
const RESOLUTION_MS = 5;
const histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
histogram.enable();
let gcMs = 0;
let gcMaxMs = 0;
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    gcMs += entry.duration;
    gcMaxMs = Math.max(gcMaxMs, entry.duration);
  }
}).observe({ entryTypes: ['gc'] });

const round = (n) => Math.round(n * 10) / 10;
const standalone = process.argv[1]?.endsWith('loop-probe.mjs') ?? false;
const timer = setInterval(() => {
  // The histogram holds each sampling interval's length: the lateness is what exceeds the resolution.
  const loopMaxMs = Math.max(0, histogram.max / 1e6 - RESOLUTION_MS);
  process.stderr.write(
    `${MARK}${JSON.stringify({ t: Date.now(), loopMaxMs: round(loopMaxMs), gcMs: round(gcMs), gcMaxMs: round(gcMaxMs) })}\n`,
  );
  histogram.reset();
  gcMs = 0;
  gcMaxMs = 0;
}, 1000);
// In a server it must not keep the process alive; on its own it runs until stdin closes.
if (standalone) {
  process.stdin.resume();
  process.stdin.on('end', () => process.exit(0));
} else timer.unref();
