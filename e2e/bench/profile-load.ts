/**
 * Where a cold load's main-thread time goes, at 4× CPU: a Chromium trace of the first seconds of a
 * page, summed by event (style recalculation, layout, script evaluation, parsing…) and listed as the
 * long tasks with what ran inside them. Uses the last production build (run `npm run build` first).
 *   tsx e2e/bench/profile-load.ts [/path] [seconds]
 */
import { withColdLoadAt4x } from './cold-load.ts';

const route = process.argv[2] ?? '/';
const seconds = Number(process.argv[3] ?? 5);

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { data?: Record<string, unknown>; beginData?: Record<string, unknown>; name?: string };
}

/** A trace event's text field (url, functionName); empty when absent. */
const text = (value: unknown): string => (typeof value === 'string' ? value : '');
await withColdLoadAt4x(async ({ site, browser, page }) => {
  await browser.startTracing(page, {
    categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink.user_timing', 'v8.execute'],
  });
  await page.goto(`${site.hostUrl}${route}`);
  await page.waitForTimeout(seconds * 1000);
  const trace = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] };
  const events = trace.traceEvents;
  // The renderer's main thread: where the page's own HTML was parsed. The first ParseHTML of the trace is
  // the tab's about:blank, often in another renderer process, whose thread sleeps through the load.
  const pageUrl = `${site.hostUrl}${route}`;
  const loaderUrl = (e: TraceEvent) => text(e.args?.data?.documentLoaderURL);
  const parsedUrl = (e: TraceEvent) => text(e.args?.beginData?.url);
  const parse = events.find((e) => e.name === 'ParseHTML' && e.ph === 'X' && parsedUrl(e) === pageUrl);
  if (!parse) throw new Error(`no ParseHTML of ${pageUrl} in the trace`);
  const main = events.filter((e) => e.pid === parse.pid && e.tid === parse.tid && e.ph === 'X' && e.dur !== undefined);
  const start = events.find((e) => e.name === 'navigationStart' && loaderUrl(e) === pageUrl)?.ts ?? main[0]!.ts;
  const byName = new Map<string, number>();
  for (const e of main)
    if (e.name !== 'RunTask' && e.name !== 'ThreadControllerImpl::RunTask') byName.set(e.name, (byName.get(e.name) ?? 0) + e.dur!);
  const top = [...byName.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 18)
    .map(([name, us]) => `${name.padEnd(36)} ${(us / 1000).toFixed(0).padStart(6)} ms (inclusive)`);
  console.log(`${route} at 4× CPU, first ${seconds} s, main thread:\n${top.join('\n')}`);
  const tasks = main.filter((e) => e.name === 'RunTask' && e.dur! > 50_000);
  console.log(`\nlong tasks: ${tasks.length}, total ${(tasks.reduce((s, t) => s + t.dur!, 0) / 1000).toFixed(0)} ms`);
  for (const task of tasks) {
    const inside = main.filter((e) => e.ts >= task.ts && e.ts + e.dur! <= task.ts + task.dur! && e !== task);
    const parts = new Map<string, number>();
    for (const e of inside) {
      const label =
        e.name === 'EvaluateScript' || e.name === 'v8.compile'
          ? `${e.name} ${text(e.args?.data?.url).split('/').pop()}`
          : e.name === 'FunctionCall'
            ? `FunctionCall ${text(e.args?.data?.functionName)}@${text(e.args?.data?.url).split('/').pop()}`
            : e.name;
      if (
        [
          'Layout',
          'UpdateLayoutTree',
          'EvaluateScript',
          'FunctionCall',
          'ParseHTML',
          'ParseAuthorStyleSheet',
          'Paint',
          'v8.compile',
          'TimerFire',
          'FireAnimationFrame',
          'XHRReadyStateChange',
          'EventDispatch',
          'V8.GCScavenger',
          'MajorGC',
          'MinorGC',
        ].includes(e.name)
      )
        parts.set(label, (parts.get(label) ?? 0) + e.dur!);
    }
    const list = [...parts.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 6)
      .map(([n, us]) => `${n} ${(us / 1000).toFixed(0)}`);
    console.log(`  at ${((task.ts - start) / 1000).toFixed(0)} ms, ${(task.dur! / 1000).toFixed(0)} ms: ${list.join('; ')}`);
  }
});
