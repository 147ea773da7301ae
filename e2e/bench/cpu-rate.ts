import type { Browser } from '@playwright/test';

/**
 * The "4× CPU" budgets were set on a reference machine whose `cpuWorkMs` (below) reads 25: 4× there is
 * 100 ms of throttled time for the reference work. On another machine the slowdown is chosen so that
 * the same work takes as long: rate = 4 × 25 / cpuWorkMs (a machine reading 35 runs at 2.86×, one
 * reading 50 at 2×). Chromium throttles from 1 up, so a machine slower than 4× the reference runs at 1×.
 */
export const REFERENCE_CPU_WORK_MS = 25;
export const REFERENCE_SLOWDOWN = 4;

export function normalisedCpuRate(workMs: number): number {
  if (!Number.isFinite(workMs) || workMs <= 0) return REFERENCE_SLOWDOWN;
  return Math.max(1, +((REFERENCE_SLOWDOWN * REFERENCE_CPU_WORK_MS) / workMs).toFixed(2));
}

/** MW_BENCH_CPU_RATE sets the slowdown outright (at least 1), instead of normalising it. */
const fromEnv = Number(process.env.MW_BENCH_CPU_RATE);
const fixedRate = Number.isFinite(fromEnv) && fromEnv >= 1 ? fromEnv : null;
let rate = fixedRate ?? REFERENCE_SLOWDOWN;

/** The slowdown the "4× CPU" benches apply: set once by calibrateCpuRate(), 4 until then. */
export const cpuRate = () => rate;

/** Measures this machine and sets the slowdown from it (unless MW_BENCH_CPU_RATE is set). */
export async function calibrateCpuRate(browser: Browser): Promise<{ cpuWorkMs: number; cpuRate: number; normalised: boolean }> {
  const workMs = await cpuWorkMs(browser);
  rate = fixedRate ?? normalisedCpuRate(workMs);
  return { cpuWorkMs: workMs, cpuRate: rate, normalised: fixedRate === null };
}

/**
 * How fast this machine runs script in Chromium, unthrottled: the median time of a fixed piece of work
 * (strings, arrays, objects, JSON), over 9 runs in a blank page. Lower is faster.
 */
export async function cpuWorkMs(browser: Browser): Promise<number> {
  const page = await browser.newPage();
  try {
    // A string, not a function: tsx would add helpers the page does not have.
    const runs = await page.evaluate<number[]>(`(() => {
      const work = () => {
        const start = performance.now();
        let text = '';
        for (let i = 0; i < 200000; i++) text += String.fromCharCode(97 + (i % 26));
        const items = Array.from({ length: 50000 }, (_, i) => ({ id: i, title: text.slice(i % 1000, (i % 1000) + 12), score: (i * 7919) % 1000 }));
        items.sort((a, b) => a.score - b.score || a.title.localeCompare(b.title));
        JSON.parse(JSON.stringify(items));
        return performance.now() - start;
      };
      work(); // warm up the compiler
      return Array.from({ length: 9 }, work);
    })()`);
    return Math.round(runs.sort((a, b) => a - b)[4]!);
  } finally {
    await page.close();
  }
}
