/**
 * Time of a run that finds a stream on the local library's first source (budget: under 300 ms), in
 * the engine (as in the worker) and through the remote scraping server. Prints JSON.
 *   npx tsx scraping-core/bench/first-source.ts [runs=20]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MIRRORED_MOVIES } from 'services/media-library';
import { startServices } from 'services/run';
import { runAll } from '../src/scraper';
import type { ScrapeMedia, ScrapeOptions } from '../src/types';

const runs = Number(process.argv[2] ?? 20) || 20;
// A title on the library's first source (its HLS mirror): the first source that runs finds it.
const media: ScrapeMedia = { type: 'movie', title: 'Mirrored', releaseYear: 2000, tmdbId: String(MIRRORED_MOVIES[0]) };

async function time(options: ScrapeOptions): Promise<number> {
  const started = performance.now();
  const result = await runAll(media, options);
  const ms = performance.now() - started;
  if (!result.ok || result.value.sourceId !== 'local-hls-mirror') throw new Error(`unexpected result ${JSON.stringify(result)}`);
  return ms;
}

const stats = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => Number((sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0).toFixed(1));
  return { median: at(0.5), p95: at(0.95), max: at(1) };
};

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mw-scrape-bench-'));
const services = await startServices({
  names: ['media', 'catalog', 'scraper'],
  ports: { media: 0, catalog: 0, scraper: 0 },
  dataDir,
  log: () => undefined,
  env: {},
});
try {
  const local: ScrapeOptions = { settings: { localLibraryUrl: services.urls.media! } };
  const remote: ScrapeOptions = { proxyUrls: [`api:${services.urls.scraper}`] };
  const coldEngine = await time(local);
  const engine: number[] = [];
  for (let i = 0; i < runs; i += 1) engine.push(await time(local));
  const coldRemote = await time(remote);
  const server: number[] = [];
  for (let i = 0; i < runs; i += 1) server.push(await time(remote));
  console.log(
    JSON.stringify(
      {
        what: "runAll, stream found on the local library's first source (local-hls-mirror), validated (index + playlist + variant + first segment)",
        runs,
        budgetMs: 300,
        engineMs: { first: Number(coldEngine.toFixed(1)), ...stats(engine) },
        remoteServerMs: { first: Number(coldRemote.toFixed(1)), ...stats(server) },
      },
      null,
      2,
    ),
  );
} finally {
  await services.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
