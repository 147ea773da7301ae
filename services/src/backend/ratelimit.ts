/** Fixed-window request counters per bucket and client, in memory (one process). */
export class RateLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();
  private readonly timer: NodeJS.Timeout;

  constructor(private readonly windowMs: number) {
    this.timer = setInterval(() => this.sweep(), Math.min(windowMs, 60_000));
    this.timer.unref();
  }

  /** Counts `weight` hits (one request, or each item it reports); returns the seconds to wait when over `limit`, else 0. */
  hit(bucket: string, client: string, limit: number, weight = 1, now = Date.now()): number {
    const key = `${bucket}\u0000${client}`;
    let entry = this.windows.get(key);
    if (!entry || entry.resetAt <= now) {
      entry = { count: 0, resetAt: now + this.windowMs };
      this.windows.set(key, entry);
    }
    entry.count += weight;
    return entry.count > limit ? Math.max(1, Math.ceil((entry.resetAt - now) / 1000)) : 0;
  }

  private sweep(now = Date.now()): void {
    for (const [key, entry] of this.windows) if (entry.resetAt <= now) this.windows.delete(key);
  }

  close(): void {
    clearInterval(this.timer);
  }
}
