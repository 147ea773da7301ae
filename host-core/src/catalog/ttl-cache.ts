/** A small map with a time to live per entry and a periodic sweep (the search cache: 3600 s, swept every 2 min). */
export class TtlCache<V> {
  private readonly entries = new Map<string, { value: V; expires: number }>();
  private timer: ReturnType<typeof setInterval> | null = null;

  constructor(
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expires <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  set(key: string, value: V): void {
    this.entries.set(key, { value, expires: this.now() + this.ttlMs });
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  get size(): number {
    return this.entries.size;
  }

  /** Removes expired entries. */
  sweep(): void {
    const now = this.now();
    for (const [key, entry] of this.entries) if (entry.expires <= now) this.entries.delete(key);
  }

  startSweeping(everyMs: number): void {
    this.timer ??= setInterval(() => this.sweep(), everyMs);
  }

  stopSweeping(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}
