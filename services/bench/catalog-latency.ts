/**
 * Measures the catalog's latency (search and details calls, over HTTP on localhost) and the start
 * time of the local services (media, catalog, proxy, skips, geo), and prints JSON figures.
 * Run: npx tsx services/bench/catalog-latency.ts   (targets: median < 20 ms, start < 2 s)
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServices } from '../src/run';
import { LOCAL_TMDB_READ_TOKEN, MOVIES, SHOWS } from '../src/catalog/data';
import type { ServiceName } from '../src/types';

const NAMES: ServiceName[] = ['media', 'catalog', 'proxy', 'skips', 'geo'];
const ROUNDS = Number(process.env.BENCH_ROUNDS) || 300;

const quantile = (sorted: number[], q: number): number => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
const round = (n: number): number => Number(n.toFixed(2));

async function measure(base: string, paths: string[]): Promise<{ median: number; p95: number; mean: number; n: number }> {
  const headers = { Authorization: `Bearer ${LOCAL_TMDB_READ_TOKEN}`, Accept: 'application/json' };
  for (let i = 0; i < 30; i += 1) await (await fetch(`${base}${paths[i % paths.length]}`, { headers })).arrayBuffer();
  const times: number[] = [];
  for (let i = 0; i < ROUNDS; i += 1) {
    const started = performance.now();
    const res = await fetch(`${base}${paths[i % paths.length]}`, { headers });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${paths[i % paths.length]}: ${res.status}`);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return {
    median: round(quantile(times, 0.5)),
    p95: round(quantile(times, 0.95)),
    mean: round(times.reduce((a, b) => a + b, 0) / times.length),
    n: times.length,
  };
}

/** Wall time from spawning the CLI (a fresh Node process with tsx) to the last "listening" line. */
function coldStart(): Promise<number> {
  const services = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const env: NodeJS.ProcessEnv = { ...process.env };
    for (const name of NAMES) env[`MW_PORT_${name.toUpperCase()}`] = '0';
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli.ts', ...NAMES], {
      cwd: services,
      env,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let seen = 0;
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const lines = out.split('\n').filter((l) => / listening on /.test(l) && !l.startsWith('['));
      if (lines.length > seen) seen = lines.length;
      if (seen >= NAMES.length) {
        const ms = performance.now() - started;
        child.once('exit', () => resolve(ms));
        child.kill('SIGTERM');
      }
    });
    child.once('error', reject);
    setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`cold start timed out; output: ${out}`));
    }, 30_000);
  });
}

const startedAt = performance.now();
const run = await startServices({ names: NAMES, ports: Object.fromEntries(NAMES.map((n) => [n, 0])), log: () => {} });
const inProcessStartMs = performance.now() - startedAt;
try {
  const catalog = run.urls.catalog!;
  const movies = MOVIES.filter((m) => !m.adult).slice(0, 40);
  const shows = SHOWS.slice(0, 20);
  const search = await measure(
    catalog,
    ['copper', 'the', 'nosferatu', 'harbor station', 'ada'].map(
      (q) => `/3/search/multi?query=${encodeURIComponent(q)}&include_adult=false&language=en-US&page=1`,
    ),
  );
  const movieDetails = await measure(
    catalog,
    movies.map((m) => `/3/movie/${m.id}?append_to_response=release_dates,credits,external_ids,videos,images&language=en-US`),
  );
  const tvDetails = await measure(
    catalog,
    shows.map((s) => `/3/tv/${s.id}?append_to_response=content_ratings,credits,external_ids,videos,images&language=en-US`),
  );
  const season = await measure(
    catalog,
    shows.map((s) => `/3/tv/${s.id}/season/1?language=en-US`),
  );
  const discover = await measure(
    catalog,
    ['28', '18', '35'].map((g) => `/3/discover/movie?with_genres=${g}&page=1&language=en-US`),
  );
  await run.close();
  const cold = await coldStart();
  console.log(
    JSON.stringify(
      {
        catalogLatencyMs: { search, movieDetails, tvDetails, season, discover },
        startMs: { inProcess: round(inProcessStartMs), coldProcess: round(cold), services: NAMES },
        targets: { medianLatencyMs: 20, startMs: 2000 },
      },
      null,
      2,
    ),
  );
} catch (error) {
  await run.close();
  throw error;
}
