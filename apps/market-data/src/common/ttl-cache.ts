/**
 * A tiny in-process memo for reads that change at most once per snapshot (market detail,
 * live, stats): concurrent misses share one load, failures are never kept, and entries
 * live `ttlMs`. Bounded: the oldest entries go first once `maxEntries` is reached.
 */
export class TtlCache<T> {
  private readonly entries = new Map<string, { expires: number; value: Promise<T> }>();

  constructor(
    readonly ttlMs: number,
    private readonly maxEntries = 10_000,
    private readonly now: () => number = Date.now,
  ) {}

  get(key: string, load: () => Promise<T>): Promise<T> {
    const time = this.now();
    const hit = this.entries.get(key);
    if (hit && hit.expires > time) return hit.value;
    if (hit) this.entries.delete(key);
    if (this.ttlMs <= 0) return load();

    const value = load();
    this.entries.set(key, { expires: time + this.ttlMs, value });
    // An error (404, store down) must not be replayed to later callers.
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    });
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value as string;
      this.entries.delete(oldest);
    }
    return value;
  }

  clear(): void {
    this.entries.clear();
  }
}
