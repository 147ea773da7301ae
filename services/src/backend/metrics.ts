/** Prometheus text exposition (version 0.0.4) of the account server's counters. */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fsyncStats } from './db';

type Labels = Record<string, string>;

const escape = (value: string) => value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');
const labelText = (labels: Labels) => {
  const parts = Object.entries(labels).map(([k, v]) => `${k}="${escape(v)}"`);
  return parts.length ? `{${parts.join(',')}}` : '';
};

class Counter {
  private readonly values = new Map<string, { labels: Labels; value: number }>();
  constructor(
    readonly name: string,
    readonly help: string,
    private readonly maxSeries = 5000,
  ) {}
  inc(labels: Labels, by = 1): void {
    const key = JSON.stringify(labels);
    const entry = this.values.get(key);
    if (entry) entry.value += by;
    else if (this.values.size < this.maxSeries) this.values.set(key, { labels, value: by });
  }
  render(): string {
    const lines = [`# HELP ${this.name} ${this.help}`, `# TYPE ${this.name} counter`];
    for (const { labels, value } of this.values.values()) lines.push(`${this.name}${labelText(labels)} ${value}`);
    return lines.join('\n');
  }
}

/** The histogram records the whole sampling interval (10 ms); keep only the lateness, in seconds. */
const lateness = (ns: number) => Math.max(0, ns - 10e6) / 1e9;

const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

export class Metrics {
  readonly requests = new Counter('http_requests_total', 'Requests answered, by method, route and status.');
  readonly providerHostnames = new Counter('mw_provider_hostname_count', 'Provider reports by Origin.');
  readonly providerStatus = new Counter('mw_provider_status_count', 'Provider reports by provider and status.');
  readonly watches = new Counter('mw_media_watch_count', 'Provider reports by title.');
  readonly tools = new Counter('mw_provider_tool_count', 'Provider reports by tool.');
  readonly captchaSolves = new Counter('mw_captcha_solves', 'Captcha outcomes reported by clients.');
  private readonly durationBuckets = BUCKETS.map(() => 0);
  private durationSum = 0;
  private durationCount = 0;
  private readonly started = Date.now();
  /** How late the event loop runs: a blocked loop delays every request without showing in handler times. */
  private readonly loopDelay = monitorEventLoopDelay({ resolution: 10 });

  constructor() {
    this.loopDelay.enable();
  }

  close(): void {
    this.loopDelay.disable();
  }

  observe(method: string, route: string, status: number, seconds: number): void {
    this.requests.inc({ method, route, status: String(status) });
    this.durationSum += seconds;
    this.durationCount += 1;
    BUCKETS.forEach((le, i) => {
      if (seconds <= le) this.durationBuckets[i]! += 1;
    });
  }

  render(userCounts: { namespace: string; count: number }[]): string {
    const out: string[] = [
      '# HELP mw_user_count Registered accounts, by namespace.',
      '# TYPE mw_user_count gauge',
      ...userCounts.map((u) => `mw_user_count${labelText({ namespace: u.namespace })} ${u.count}`),
      this.requests.render(),
      '# HELP http_request_duration_seconds Time to answer a request.',
      '# TYPE http_request_duration_seconds histogram',
      ...BUCKETS.map((le, i) => `http_request_duration_seconds_bucket{le="${le}"} ${this.durationBuckets[i]}`),
      `http_request_duration_seconds_bucket{le="+Inf"} ${this.durationCount}`,
      `http_request_duration_seconds_sum ${this.durationSum}`,
      `http_request_duration_seconds_count ${this.durationCount}`,
      this.providerHostnames.render(),
      this.providerStatus.render(),
      this.watches.render(),
      this.tools.render(),
      this.captchaSolves.render(),
      '# HELP nodejs_eventloop_delay_seconds Event loop delay since start (p50, p99, max).',
      '# TYPE nodejs_eventloop_delay_seconds gauge',
      `nodejs_eventloop_delay_seconds{quantile="0.5"} ${lateness(this.loopDelay.percentile(50))}`,
      `nodejs_eventloop_delay_seconds{quantile="0.99"} ${lateness(this.loopDelay.percentile(99))}`,
      `nodejs_eventloop_delay_seconds{quantile="1"} ${lateness(this.loopDelay.max)}`,
      '# HELP backend_pglite_fsync_seconds Time the embedded database spent in fsync (blocking the event loop).',
      '# TYPE backend_pglite_fsync_seconds summary',
      `backend_pglite_fsync_seconds_sum ${fsyncStats.seconds}`,
      `backend_pglite_fsync_seconds_count ${fsyncStats.count}`,
      `backend_pglite_fsync_seconds{quantile="1"} ${fsyncStats.maxSeconds}`,
      '# HELP process_uptime_seconds Seconds since the server started.',
      '# TYPE process_uptime_seconds gauge',
      `process_uptime_seconds ${(Date.now() - this.started) / 1000}`,
      '# HELP process_resident_memory_bytes Resident memory size in bytes.',
      '# TYPE process_resident_memory_bytes gauge',
      `process_resident_memory_bytes ${process.memoryUsage().rss}`,
    ];
    return `${out.join('\n')}\n`;
  }
}
