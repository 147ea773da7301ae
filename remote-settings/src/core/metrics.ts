/** Reads the backend's Prometheus text (/metrics) into what /dev and /admin show. Pure. */
export interface BackendMetrics {
  users: number | null;
  requests: number;
  byRoute: Array<{ method: string; route: string; status: string; count: number }>;
}

const LINE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{([^}]*)\})?\s+([-+]?[0-9.eE+-]+|NaN|[+-]Inf)\s*$/;

function labels(text: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  if (!text) return out;
  for (const match of text.matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)) out[match[1]!] = match[2]!.replace(/\\(.)/g, '$1');
  return out;
}

/** Request counters by exact name: ours (`http_requests_total`) and an older name some servers use. */
const REQUEST_COUNTERS = new Set(['http_requests_total', 'mw_request_count']);
/**
 * fastify-metrics (the upstream movie-web backend) counts requests only in its route histogram; its
 * `_count` series per method, route and status is the request count. (Name patterns would also catch
 * `nodejs_active_requests_total`, a gauge of requests in flight, and miss this.)
 */
const HISTOGRAM_COUNT = 'http_request_duration_seconds_count';

export function parseMetrics(text: string): BackendMetrics {
  let users: number | null = null;
  const byRoute: BackendMetrics['byRoute'] = [];
  const fromHistogram: BackendMetrics['byRoute'] = [];
  const row = (labelText: string, count: number) => {
    const l = labels(labelText);
    return { method: l.method ?? '', route: l.route ?? l.path ?? l.url ?? '', status: l.status ?? l.status_code ?? l.code ?? '', count };
  };
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    // A declared user counter with no samples yet means no users.
    if (/^# TYPE mw_user_count /.test(line)) users ??= 0;
    if (!line || line.startsWith('#')) continue;
    const match = LINE.exec(line);
    if (!match) continue;
    const [, name, , labelText, value] = match;
    const number = Number(value);
    if (!Number.isFinite(number)) continue;
    if (name === 'mw_user_count' || name === 'mw_users') users = (users ?? 0) + number;
    if (REQUEST_COUNTERS.has(name!)) byRoute.push(row(labelText ?? '', number));
    // Only the per-route series: a label-less _count is the same requests again, summed.
    else if (name === HISTOGRAM_COUNT && labelText && /\broute=/.test(labelText)) fromHistogram.push(row(labelText, number));
  }
  const rows = byRoute.length ? byRoute : fromHistogram;
  rows.sort((a, b) => b.count - a.count);
  return { users, requests: rows.reduce((sum, r) => sum + r.count, 0), byRoute: rows };
}
