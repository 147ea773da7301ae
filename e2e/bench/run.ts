/**
 * `npm run bench`: measures the budgets (docs/budgets.md), in headless Chromium against the production
 * build on this machine, and prints one JSON document. Timing figures are reported, not asserted.
 *   tsx e2e/bench/run.ts [--only name,name] [--baseline <folder of builds | git ref>] [--out <file | folder/>]
 * `--out` also writes the JSON to a file; given a folder (`--out e2e/bench/results/`) it names the file
 * after the day and the commit measured (out-file.ts), the form docs/budgets.md links.
 * The "4× CPU" benches slow the CPU to the reference machine's 4× (cpu-rate.ts), so a figure reads the
 * same on a faster or slower machine (measured again before each bench and each pair of cold loads, as
 * other work on a shared machine comes and goes). `--baseline` also measures another build (baseline.ts), served the
 * same way beside this one: the cold-load benches alternate the two builds load by load and print each
 * figure beside the baseline's and its budget; the others run on the baseline first, its figures under
 * `baseline`. A table of the cold-load figures goes to stderr.
 */
import { chromium, type Browser, type Response } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { APP_NAMES } from '../../scripts/apps.ts';
import { resolveBaseline } from './baseline.ts';
import { resultsFile, writeResults } from './out-file.ts';
import { buildApps } from '../../scripts/build.ts';
import { freePorts, startSite, type Site } from '../../scripts/site.ts';
import { launchOptions } from '../support/browser.ts';
import { calibrateCpuRate, cpuWorkMs } from './cpu-rate.ts';
import { pageLoadBenches, type Figure, type SampledBench } from './page-load.bench.ts';
import { discoverBenches } from './discover.bench.ts';
import { playerBenches } from './player.bench.ts';
import { accountBenches } from './account.bench.ts';
import { scrapingBenches } from './scraping.bench.ts';
import { captionsBenches } from './captions.bench.ts';
import { mainThreadBenches } from './main-thread.bench.ts';
import { runBackendLoad } from 'services/bench/backend-load';
import { runBackendScale } from 'services/bench/backend-scale';
import { runHeavyUserOn } from 'services/bench/heavy-user';

type Figures = Record<string, unknown>;
interface PlainBench {
  name: string;
  budget: string;
  /** Measures this checkout's services, not the served build: `--baseline` gives it no figures of its own. */
  servicesOnly?: true;
  run(context: { site: Site; browser: Browser }): Promise<Figures>;
}
type Bench = PlainBench | SampledBench<any>;

async function jsOnPage(browser: Browser, url: string, ready: string) {
  const page = await browser.newPage();
  const responses: Response[] = [];
  page.on('response', (r) => responses.push(r));
  await page.goto(url);
  await page.waitForSelector(ready);
  await page.waitForLoadState('networkidle');
  let compressed = 0;
  const origins = new Set<string>();
  const files: string[] = [];
  for (const r of responses) {
    if (!r.url().endsWith('.js')) continue;
    compressed += (await r.request().sizes()).responseBodySize;
    origins.add(new URL(r.url()).origin);
    files.push(r.url());
  }
  await page.close();
  return { compressedKB: +(compressed / 1024).toFixed(1), files: files.length, origins: [...origins], urls: files };
}

const benches: Bench[] = [
  {
    name: 'js-on-home',
    budget: '/ ships at most 200 KB of compressed JavaScript; no hls.js, no player code',
    async run({ site, browser }) {
      const home = await jsOnPage(browser, `${site.hostUrl}/`, '[role=search]');
      return {
        compressedKB: home.compressedKB,
        budgetKB: 200,
        withinBudget: home.compressedKB <= 200,
        files: home.files,
        playerCodeLoaded: home.urls.some((u) => u.startsWith(site.remoteUrls.player)),
        hlsLoaded: home.urls.some((u) => /hls/i.test(u)),
      };
    },
  },
  {
    name: 'js-on-discover',
    budget: 'hls.js and the player are not loaded on /discover',
    async run({ site, browser }) {
      const discover = await jsOnPage(browser, `${site.hostUrl}/discover`, '[data-remote=discover] > *');
      return {
        compressedKB: discover.compressedKB,
        files: discover.files,
        playerCodeLoaded: discover.urls.some((u) => u.startsWith(site.remoteUrls.player)),
        hlsLoaded: discover.urls.some((u) => /hls/i.test(u)),
      };
    },
  },
];

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
};

benches.push({
  name: 'search-results-after-answer',
  budget: 'search results appear within 100 ms of the catalog answer',
  async run({ site, browser }) {
    const samples: number[] = [];
    const queries = ['Nosferatu', 'Metropolis', 'the', 'Caligari', 'night'];
    const context = await browser.newContext({ serviceWorkers: 'block' });
    const page = await context.newPage();
    for (const query of queries) {
      await page.goto(`${site.hostUrl}/about`);
      await page.waitForSelector('[data-testid=about-page]');
      // Arm an observer that notes when result cards appear; then navigate inside the app.
      await page.evaluate(() => {
        const w = window as unknown as { __resultsAt?: number };
        delete w.__resultsAt;
        new MutationObserver((_, observer) => {
          if (document.querySelector('[data-testid=search-results] [data-testid=media-card]')) {
            w.__resultsAt = performance.now();
            observer.disconnect();
          }
        }).observe(document.body, { childList: true, subtree: true });
      });
      await page.getByRole('banner').getByRole('link', { name: 'movie-web', exact: true }).click(); // the logo link
      await page.getByRole('searchbox').fill(query);
      await page.waitForSelector('[data-testid=search-results] [data-testid=media-card]');
      const gap = await page.evaluate(() => {
        const answer = performance
          .getEntriesByType('resource')
          .filter((e) => e.name.includes('/3/search/multi'))
          .at(-1) as PerformanceResourceTiming | undefined;
        const at = (window as unknown as { __resultsAt?: number }).__resultsAt;
        return answer && at ? at - answer.responseEnd : NaN;
      });
      samples.push(Math.round(gap));
    }
    await context.close();
    const value = median(samples);
    return { medianMs: value, samplesMs: samples, budgetMs: 100, withinBudget: value <= 100 };
  },
});

benches.push(...discoverBenches);
benches.push(...playerBenches);
benches.push(...accountBenches);
benches.push({
  name: 'backend-load',
  servicesOnly: true,
  budget:
    '1,000 signed-in users each pushing progress every 5 s (200 req/s) for 60 s: p99 under 50 ms, no errors (embedded database; PostgreSQL too when available), and the highest sustained rate',
  // The account server runs as its own process per database (services/bench/backend-load.ts).
  run: () => runBackendLoad({ durationSeconds: Number(process.env.MW_BENCH_BACKEND_S ?? 60) }),
});

benches.push({
  name: 'backend-heavy-user',
  servicesOnly: true,
  budget: "while one user PUTs 10,000 bookmarks and then imports 10,000 progress items, 20 other users' requests: p99 ≤ 100 ms, no errors",
  run: () => runHeavyUserOn(),
});

benches.push({
  name: 'backend-scale',
  servicesOnly: true,
  budget:
    '1,000 users saving progress every 5 s for 60 s through HAProxy with two account servers on PostgreSQL: p99 under 50 ms, no errors; the highest sustained rate with one and with two instances; a client at its rate limit refused by both',
  // PostgreSQL, two instances as their own processes and HAProxy (services/bench/backend-scale.ts); skipped without them.
  run: () => runBackendScale({ durationSeconds: Number(process.env.MW_BENCH_BACKEND_S ?? 60) }),
});

benches.push(...scrapingBenches);
benches.push(...captionsBenches);
benches.push(...pageLoadBenches);
benches.push(...mainThreadBenches);

const option = (name: string) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : undefined);
const only = option('--only')?.split(',');
const baselineSpec = option('--baseline');
const out = option('--out');
const startedAt = new Date();
/** The commit measured (a dirty tree is still named by its HEAD), or null outside a git checkout. */
const commitMeasured = (() => {
  try {
    return execFileSync('git', ['rev-parse', 'HEAD'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return null; // not a git checkout (or no git): the run names no commit
  }
})();
const results: Record<string, unknown> = {
  run: { startedAt: startedAt.toISOString(), commit: commitMeasured, only: only ?? null },
  machine: { cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model, node: process.version, memoryGB: Math.round(os.totalmem() / 2 ** 30) },
};

if (!only || only.includes('build')) {
  // A clean production build of all five apps, timed.
  const ms = await buildApps(APP_NAMES);
  results.build = { budget: 'production build of all five apps under 60 s', seconds: +(ms / 1000).toFixed(1), withinBudget: ms < 60_000 };
} else {
  await buildApps(APP_NAMES);
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mw-bench-'));
const siteOf = (distRoot?: string) =>
  startSite({
    ports: freePorts().apps,
    services: { ports: freePorts().services, dataDir: fs.mkdtempSync(path.join(dataDir, 'site-')) },
    distRoot,
  });
const site = await siteOf();
let baseline: Site | null = null;
if (baselineSpec) {
  try {
    const { root, commit } = resolveBaseline(baselineSpec);
    baseline = await siteOf(root);
    // The build's folder is this machine's; the commit names it.
    results.baseline = {
      commit,
      note: 'the baseline build measured beside this one: cold loads alternate the two, the other benches ran on it first',
    };
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    await site.close();
    process.exit(2);
  }
}

/** Alternates the two builds load by load (which goes first swaps each round), then summarises each. */
async function runSampled<S>(bench: SampledBench<S>, browser: Browser) {
  const now: S[] = [];
  const before: S[] = [];
  const rates: number[] = [];
  for (let i = 0; i < bench.runs; i++) {
    // The machine may be shared: its speed is measured again before each pair of loads.
    rates.push((await calibrateCpuRate(browser)).cpuRate);
    const order = baseline && i % 2 === 1 ? (['baseline', 'now'] as const) : (['now', 'baseline'] as const);
    for (const which of order) {
      if (which === 'now') now.push(await bench.sample({ site, browser }));
      else if (baseline) before.push(await bench.sample({ site: baseline, browser }));
    }
  }
  const summary = bench.summarise(now);
  if (baseline) {
    const previous = bench.summarise(before).figures;
    for (const [key, value] of Object.entries(summary.figures)) {
      value.baseline = previous[key]?.median;
      value.baselineSamples = previous[key]?.samples;
    }
  }
  return { budget: bench.budget, cpuRates: rates, figures: summary.figures, ...summary.details };
}

/** Each cold-load figure on a line: this build, the baseline, movie-web, the budget. */
function table(): string {
  const cell = (v: number | undefined) => (v === undefined || Number.isNaN(v) ? '—' : String(v)).padStart(9);
  const lines = [
    `${'figure (median)'.padEnd(44)}${cell(undefined).replace('—', 'now')}${'baseline'.padStart(9)}${'movie-web'.padStart(10)}${'budget'.padStart(9)}`,
  ];
  for (const [name, result] of Object.entries(results)) {
    const figures = (result as { figures?: Record<string, Figure> } | undefined)?.figures;
    if (!figures) continue;
    for (const [key, f] of Object.entries(figures)) {
      const verdict = f.met === undefined ? '' : f.met ? '  met' : '  over';
      lines.push(`${`${name} ${key}`.padEnd(44)}${cell(f.median)}${cell(f.baseline)} ${cell(f.movieWeb)}${cell(f.budget)}${verdict}`);
    }
  }
  return lines.join('\n');
}

const browser = await chromium.launch(launchOptions());
try {
  const calibration = await calibrateCpuRate(browser);
  Object.assign(results.machine as object, {
    cpuWorkMs: calibration.cpuWorkMs,
    cpuRateOf4xBudgets: calibration.cpuRate,
    cpuRateNote: calibration.normalised
      ? '4× of a reference machine reading cpuWorkMs 25: rate = 4 × 25 / cpuWorkMs'
      : 'set by MW_BENCH_CPU_RATE',
  });
  for (const bench of benches) {
    if (only && !only.includes(bench.name)) continue;
    try {
      await calibrateCpuRate(browser);
      if ('sample' in bench) {
        results[bench.name] = await runSampled(bench, browser);
        continue;
      }
      const before =
        baseline && !bench.servicesOnly
          ? { baseline: await bench.run({ site: baseline, browser }).catch((error: unknown) => ({ error: String(error) })) }
          : {};
      results[bench.name] = { budget: bench.budget, ...(await bench.run({ site, browser })), ...before };
    } catch (error) {
      results[bench.name] = { budget: bench.budget, error: String(error) };
    }
  }
  // The machine may be shared: its speed at the end says whether it changed during the run.
  Object.assign(results.machine as object, {
    cpuWorkMsAtEnd: await cpuWorkMs(browser),
    loadAverage: os.loadavg().map((l) => +l.toFixed(2)),
  });
} finally {
  await browser.close();
  await site.close();
  await baseline?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
console.error(table());
console.log(JSON.stringify(results, null, 2));
if (out) console.error(`results written to ${writeResults(resultsFile(out, startedAt, commitMeasured), results)}`);
