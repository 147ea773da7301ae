/**
 * Which code a cold load spends its main-thread CPU in, at 4× CPU: a V8 CPU profile of the first
 * seconds of a page, self time mapped through the builds' source maps to the original files (and to
 * the package, for node_modules). Uses the last production build (run `npm run build` first).
 *   tsx e2e/bench/profile-cpu.ts [/path] [seconds] [--by file|function]
 */
import fs from 'node:fs';
import path from 'node:path';
import { SourceMapConsumer, type RawSourceMap } from 'source-map-js';
import { APP_NAMES } from '../../scripts/apps.ts';
import { distOf } from '../../scripts/site.ts';
import { withColdLoadAt4x } from './cold-load.ts';

const args = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const route = args[0] ?? '/';
const seconds = Number(args[1] ?? 5);
const byFunction = process.argv.includes('--by') && process.argv[process.argv.indexOf('--by') + 1] === 'function';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Source maps of every app's build, by file name (names carry a content hash, so they are unique). */
const maps = new Map<string, SourceMapConsumer>();
for (const app of APP_NAMES) {
  const dist = distOf(app);
  if (!fs.existsSync(dist)) continue;
  for (const file of fs.readdirSync(dist))
    if (file.endsWith('.js.map'))
      maps.set(file.slice(0, -4), new SourceMapConsumer(JSON.parse(fs.readFileSync(path.join(dist, file), 'utf8')) as RawSourceMap));
}

const label = (frame: ProfileNode['callFrame']) => {
  if (!frame.url) return frame.functionName ? `(${frame.functionName})` : '(program)';
  const file = frame.url.split('/').pop()!.split('?')[0]!;
  const map = maps.get(file);
  if (!map) return `${file}${byFunction ? ` ${frame.functionName}` : ''}`;
  const original = map.originalPositionFor({ line: frame.lineNumber + 1, column: frame.columnNumber });
  if (!original.source) return `${file} (unmapped)`;
  const source = original.source.replace(/^webpack:\/\/[^/]*\//, '');
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source)?.[1];
  const where = pkg ? `npm:${pkg}` : source;
  return byFunction ? `${where} ${original.name ?? frame.functionName}:${original.line}` : where;
};

await withColdLoadAt4x(async ({ site, page, cdp }) => {
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  await page.goto(`${site.hostUrl}${route}`);
  await page.waitForTimeout(seconds * 1000);
  const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile };
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parentOf = new Map<number, number>();
  for (const n of profile.nodes) for (const child of n.children ?? []) parentOf.set(child, n.id);
  /** Every label on a sample's stack once (inclusive time). */
  const stackLabels = (id: number) => {
    const labels = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parentOf.get(at)) {
      const frame = byId.get(at)!.callFrame;
      if (frame.url) labels.add(label(frame));
    }
    return labels;
  };
  const inclusiveView = process.argv.includes('--inclusive');
  const self = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((id, i) => {
    const node = byId.get(id)!;
    const us = profile.timeDeltas[i] ?? 0;
    if (node.callFrame.functionName === '(idle)') return;
    total += us;
    const key = label(node.callFrame);
    self.set(key, (self.get(key) ?? 0) + us);
  });
  // Busy spans (samples with no idle between them) over 50 ms: roughly the long tasks, with their code.
  const spans: Array<{ start: number; end: number; self: Map<string, number> }> = [];
  let at = 0;
  let open: (typeof spans)[number] | null = null;
  profile.samples.forEach((id, i) => {
    at += profile.timeDeltas[i] ?? 0;
    const node = byId.get(id)!;
    if (node.callFrame.functionName === '(idle)') {
      open = null;
      return;
    }
    if (!open) spans.push((open = { start: at, end: at, self: new Map() }));
    open.end = at;
    for (const key of inclusiveView ? stackLabels(id) : [label(node.callFrame)])
      open.self.set(key, (open.self.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0));
  });
  const t0 = spans[0]?.start ?? 0;
  for (const span of spans.filter((s) => s.end - s.start > 50_000)) {
    const top = [...span.self.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, inclusiveView ? 14 : 6)
      .map(([k, us]) => `${k.slice(0, 70)} ${(us / 1000).toFixed(0)}`);
    console.log(
      `busy at ${((span.start - t0) / 1000).toFixed(0)} ms for ${((span.end - span.start) / 1000).toFixed(0)} ms: ${top.join('; ')}`,
    );
  }
  const rows = [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, 40);
  console.log(`${route} at 4× CPU, first ${seconds} s: ${(total / 1000).toFixed(0)} ms busy (self time, throttled)`);
  for (const [key, us] of rows) console.log(`${(us / 1000).toFixed(0).padStart(6)} ms  ${key}`);
});
