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

export function parseMetrics(text: string): BackendMetrics {
  let users: number | null = null;
  const byRoute: BackendMetrics['byRoute'] = [];
  // fastify-metrics (upstream movie-web) counts requests in its duration histogram instead.
  const fromHistogram: BackendMetrics['byRoute'] = [];
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
    // mw_user_count (upstream movie-web), or any *_users_total / *_user_count gauge.
    if (/(^|_)user_count$|users_total$|^mw_users$/.test(name!)) users = (users ?? 0) + number;
    if (/http_requests?_total$|^mw_request_count$|_requests_total$/.test(name!)) {
      const l = labels(labelText);
      byRoute.push({ method: l.method ?? '', route: l.route ?? l.path ?? l.url ?? '', status: l.status ?? l.status_code ?? l.code ?? '', count: number });
    }
    if (name === 'http_request_duration_seconds_count' && labelText) {
      const l = labels(labelText);
      fromHistogram.push({ method: l.method ?? '', route: l.route ?? l.path ?? l.url ?? '', status: l.status ?? l.status_code ?? '', count: number });
    }
  }
  const rows = byRoute.length ? byRoute : fromHistogram;
  rows.sort((a, b) => b.count - a.count);
  return { users, requests: rows.reduce((sum, r) => sum + r.count, 0), byRoute: rows };
}
