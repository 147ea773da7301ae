import type { Browser } from '@playwright/test';

/**
 * The CPU slowdown of the "4× CPU" budgets (issue 19). MW_BENCH_CPU_RATE sets another one, to compare
 * machines: on a machine N times slower than the one a budget was measured on, 4 / N gives the same
 * work per millisecond (Chromium throttles from 1 up, so at most down to 1).
 */
const fromEnv = Number(process.env.MW_BENCH_CPU_RATE);
export const CPU_RATE = Number.isFinite(fromEnv) && fromEnv >= 1 ? fromEnv : 4;

/**
 * How fast this machine runs script in Chromium, unthrottled: the median time of a fixed piece of work
 * (strings, arrays, objects, JSON), over 9 runs in a blank page. Lower is faster; printed with the
 * machine so figures from two machines can be compared (a budget's "4× CPU" is 4× this machine's speed).
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
