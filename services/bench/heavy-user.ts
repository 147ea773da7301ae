/**
 * One heavy user against everyone else (one heavy user must not stall everyone): while one account
 * PUTs 10,000 bookmarks and then imports 10,000 progress items, 20 other accounts each save progress
 * every 100 ms (200 requests/s). Prints one JSON document with the other users' latencies (p50, p99,
 * max) during each heavy request and how long the heavy requests took. Budget: others' p99 ≤ 100 ms.
 *
 *   npx tsx services/bench/heavy-user.ts [--db pglite,postgres]
 *
 * The server runs in this process (PGlite in a temp folder; PostgreSQL from DATABASE_URL or a throwaway
 * cluster when Debian's PostgreSQL is installed, else skipped). Localhost only, bounded.
 */
import { performance } from 'node:perf_hooks';
import { call, findPostgres, movieMeta, register, startBackend, type Account } from '../src/backend/testkit';

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? +sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!.toFixed(1) : null;
};

export async function runHeavyUser(env: Record<string, string | undefined> = {}) {
  const server = await startBackend(env);
  try {
    const heavy = await register(server.url, { device: 'heavy' });
    const others: Account[] = [];
    for (let i = 0; i < 20; i++) others.push(await register(server.url, { device: `other ${i}` }));
    // Each heavy request is repeated so that the others' p99 rests on several hundred requests, not ~70.
    const phase = async (name: string, heavyRequest: (repeat: number) => Promise<{ status: number }>, repeats = 5) => {
      const latencies: number[] = [];
      let errors = 0;
      let running = true;
      const loops = others.map(async (user, i) => {
        await new Promise((r) => setTimeout(r, i * 5));
        let n = 0;
        while (running) {
          const started = performance.now();
          const res = await call(server.url, 'PUT', `/users/${user.userId}/progress/${1000 + (n++ % 50)}`, {
            token: user.token,
            body: { meta: movieMeta(), duration: 5400, watched: n },
          });
          latencies.push(performance.now() - started);
          if (res.status !== 200) errors++;
          await new Promise((r) => setTimeout(r, Math.max(0, 100 - (performance.now() - started))));
        }
      });
      const during: number[] = [];
      const heavyMs: number[] = [];
      const statuses = new Set<number>();
      for (let repeat = 0; repeat < repeats; repeat++) {
        await new Promise((r) => setTimeout(r, 500));
        const before = latencies.length;
        const started = performance.now();
        const res = await heavyRequest(repeat);
        heavyMs.push(Math.round(performance.now() - started));
        statuses.add(res.status);
        during.push(...latencies.slice(before));
      }
      running = false;
      await Promise.all(loops);
      return {
        name,
        repeats,
        heavyStatus: [...statuses].join(','),
        heavyMs: quantile(heavyMs, 0.5),
        othersRequests: during.length,
        othersP50Ms: quantile(during, 0.5),
        othersP99Ms: quantile(during, 0.99),
        othersMaxMs: quantile(during, 1),
        othersErrors: errors,
      };
    };
    const bookmarks = Array.from({ length: 10_000 }, (_, i) => ({ tmdbId: String(100_000 + i), meta: movieMeta(`Title ${i}`) }));
    const progress = Array.from({ length: 10_000 }, (_, i) => ({
      tmdbId: String(200_000 + Math.floor(i / 10)),
      seasonId: `s${i % 10}`,
      episodeId: `e${i}`,
      seasonNumber: 1,
      episodeNumber: i % 10,
      meta: { ...movieMeta(`Show ${i}`), type: 'show' },
      duration: 3000,
      watched: 100,
    }));
    const results = [
      await phase('PUT 10,000 bookmarks', () =>
        call(server.url, 'PUT', `/users/${heavy.userId}/bookmarks`, { token: heavy.token, body: bookmarks }),
      ),
      await phase('PUT 10,000 progress items (import)', (repeat) =>
        call(server.url, 'PUT', `/users/${heavy.userId}/progress/import`, {
          token: heavy.token,
          body: progress.map((item) => ({ ...item, watched: item.watched + repeat })),
        }),
      ),
    ];
    return {
      budget: "other users' p99 ≤ 100 ms while one user imports 10,000 items",
      database: env.DATABASE_URL ? 'postgres' : 'pglite',
      phases: results,
      withinBudget: results.every((r) => (r.othersP99Ms ?? Infinity) <= 100 && r.othersErrors === 0),
    };
  } finally {
    await server.close();
  }
}

/** The bench on each database; PostgreSQL is skipped (and says why) when none can be started. */
export async function runHeavyUserOn(databases: Array<'pglite' | 'postgres'> = ['pglite', 'postgres']) {
  const results: Record<string, unknown> = {};
  for (const db of databases) {
    if (db === 'pglite') {
      results.pglite = await runHeavyUser({ DATABASE_URL: '' });
      continue;
    }
    const postgres = await findPostgres();
    if (!postgres.url) {
      results.postgres = { skipped: postgres.reason };
      continue;
    }
    try {
      results.postgres = await runHeavyUser({ DATABASE_URL: postgres.url });
    } finally {
      await postgres.stop();
    }
  }
  return results;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const arg = process.argv.includes('--db') ? process.argv[process.argv.indexOf('--db') + 1] : undefined;
  const databases = (arg ?? 'pglite,postgres').split(',').filter((d): d is 'pglite' | 'postgres' => d === 'pglite' || d === 'postgres');
  console.log(JSON.stringify(await runHeavyUserOn(databases), null, 2));
  process.exit(0);
}
