/** PostgreSQL during a scale bench: its activity, lock waits, checkpoints and server log, sampled as it runs. */
import fs from 'node:fs';
import path from 'node:path';

export interface PgSample {
  t: number;
  active: number;
  lockWaits: number;
  autovacuum: number;
  checkpoints: number;
  waits: string | null;
  /** Client backends (connections) open, and those that were not open at the sample before. */
  connections: number;
  connected: number;
  /** Rows written so far (pg_stat_user_tables, flushed by the backends about once a second). */
  sessionUpdates: number;
  progressWrites: number;
}

export interface LogLine {
  t: number;
  text: string;
}

/**
 * Settings only for the bench's throwaway cluster, to see what the server does in a stall: nothing
 * here changes how it performs (deadlock_timeout only makes lock waits of 100 ms show in the log).
 */
export const PG_LOG_SETTINGS: Record<string, string> = {
  log_checkpoints: 'on',
  log_autovacuum_min_duration: '0',
  log_lock_waits: 'on',
  deadlock_timeout: '100ms',
  log_min_duration_statement: '200ms',
  log_timezone: 'UTC',
  log_line_prefix: '%m [%p] ',
};

export interface PgWatch {
  samples: PgSample[];
  /** The server log lines written since the watch started (throwaway cluster only). */
  logLines(): LogLine[];
  logSettings: Record<string, string> | string;
  /** The server's data folder (the fsync probe runs next to it). */
  dataDirectory: string | undefined;
  stop(): Promise<void>;
}

/**
 * Samples pg_stat_activity and the checkpoint counter every 200 ms. On the bench's own throwaway
 * cluster (`configure`) it also turns on the logging of PG_LOG_SETTINGS and reads the server log
 * that with-postgres.sh writes next to the data folder.
 */
export async function startPgWatch(url: string, configure: boolean): Promise<PgWatch> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  let logSettings: PgWatch['logSettings'] = 'not changed (not the bench’s own cluster)';
  let logFile: string | undefined;
  let logOffset = 0;
  let dataDirectory: string | undefined;
  try {
    dataDirectory = (await client.query<{ data_directory: string }>('SHOW data_directory')).rows[0]!.data_directory;
  } catch {
    // not a superuser, or a managed server: no fsync probe next to it
  }
  if (configure) {
    try {
      for (const [name, value] of Object.entries(PG_LOG_SETTINGS)) await client.query(`ALTER SYSTEM SET ${name} = '${value}'`);
      await client.query('SELECT pg_reload_conf()');
      const { rows: errors } = await client.query<{ name: string; error: string }>(
        'SELECT name, error FROM pg_file_settings WHERE error IS NOT NULL AND name = ANY($1)',
        [Object.keys(PG_LOG_SETTINGS)],
      );
      logSettings = { ...PG_LOG_SETTINGS, ...Object.fromEntries(errors.map((e) => [`error: ${e.name}`, e.error])) };
      const candidate = path.join(dataDirectory ?? '.', '..', 'socket', 'server.log');
      if (dataDirectory && fs.existsSync(candidate)) {
        logFile = candidate;
        logOffset = fs.statSync(candidate).size;
      }
    } catch (error) {
      logSettings = `could not be set: ${String(error)}`;
    }
  }
  const samples: PgSample[] = [];
  let known: Set<number> | undefined;
  let stopped = false;
  let running: Promise<unknown> = Promise.resolve();
  const sample = async () => {
    const { rows } = await client.query<Record<string, string | number | null>>(
      `SELECT count(*) FILTER (WHERE backend_type = 'client backend' AND state = 'active') AS active,
              count(*) FILTER (WHERE wait_event_type = 'Lock') AS lock_waits,
              count(*) FILTER (WHERE backend_type = 'autovacuum worker') AS autovacuum,
              (SELECT checkpoints_timed + checkpoints_req FROM pg_stat_bgwriter) AS checkpoints,
              string_agg(wait_event_type || ':' || wait_event, ',') FILTER (WHERE backend_type = 'client backend' AND state = 'active') AS waits,
              array_agg(pid) FILTER (WHERE backend_type = 'client backend') AS pids,
              (SELECT n_tup_upd FROM pg_stat_user_tables WHERE relname = 'sessions') AS session_updates,
              (SELECT n_tup_ins + n_tup_upd FROM pg_stat_user_tables WHERE relname = 'progress_items') AS progress_writes
         FROM pg_stat_activity WHERE pid <> pg_backend_pid()`,
    );
    const row = rows[0]!;
    const pids = new Set((row.pids as unknown as number[] | null) ?? []);
    const connected = known ? [...pids].filter((pid) => !known!.has(pid)).length : 0;
    known = pids;
    samples.push({
      connections: pids.size,
      connected,
      sessionUpdates: Number(row.session_updates ?? 0),
      progressWrites: Number(row.progress_writes ?? 0),
      t: Date.now(),
      active: Number(row.active),
      lockWaits: Number(row.lock_waits),
      autovacuum: Number(row.autovacuum),
      checkpoints: Number(row.checkpoints),
      waits: row.waits === null ? null : String(row.waits),
    });
  };
  const timer = setInterval(() => {
    if (!stopped) running = sample().catch(() => undefined);
  }, 200);
  return {
    samples,
    logSettings,
    dataDirectory,
    logLines: () => {
      if (!logFile) return [];
      const text = fs.readFileSync(logFile, 'utf8').slice(logOffset);
      const lines: LogLine[] = [];
      for (const line of text.split('\n')) {
        const match = /^(\d{4}-\d\d-\d\d) (\d\d:\d\d:\d\d\.\d{3}) UTC \[\d+\] (.*)$/.exec(line);
        if (match) lines.push({ t: Date.parse(`${match[1]}T${match[2]}Z`), text: match[3]!.slice(0, 240) });
      }
      return lines;
    },
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
      await client.end();
    },
  };
}

/**
 * VACUUM ANALYZE of the bench's fresh cluster before a measured phase: otherwise autovacuum's first
 * passes (template1's and postgres's catalogs, then the tables that registering the users filled)
 * fall into the measurement, the first seconds of a phase queued behind their WAL and I/O.
 */
export async function settleCluster(url: string): Promise<void> {
  const { default: pg } = await import('pg');
  for (const database of ['template1', new URL(url).pathname.slice(1) || 'postgres']) {
    const target = new URL(url);
    target.pathname = `/${database}`;
    const client = new pg.Client({ connectionString: target.href });
    await client.connect();
    try {
      await client.query('VACUUM (ANALYZE)');
    } finally {
      await client.end();
    }
  }
}
