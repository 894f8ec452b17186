import { measureCache } from './cache-metrics';

/**
 * A memo for expensive reads that many callers repeat (liquidation candidates): within
 * `ttlMs` of a load its value is reused; for `staleMs` more the old value is still
 * answered at once while one background load replaces it, so that no caller waits for a
 * reload; older than that, or never loaded, callers wait for a load (one, shared). An
 * answer is therefore at most ttlMs + staleMs old, counted from when its load started.
 * A failed load is never kept: the entry goes, and the next caller loads (and sees the
 * error if it persists). Bounded: the oldest entries go first past `maxEntries`.
 */
export class RefreshingCache<T> {
  private readonly entries = new Map<string, { value: Promise<T>; loadedAt: number; settled: boolean; refreshing: boolean }>();
  private counters?: ReturnType<typeof measureCache>;

  constructor(
    readonly ttlMs: number,
    readonly staleMs: number,
    private readonly maxEntries = 1_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** Reports hits, misses, refreshes and the oldest entry's age as `name` on /metrics (cacheMetrics). */
  measuredAs(name: string): this {
    this.counters = measureCache(name, this);
    return this;
  }

  get(key: string, load: () => Promise<T>): Promise<T> {
    if (this.ttlMs <= 0) return load();
    const time = this.now();
    const entry = this.entries.get(key);
    if (entry) {
      const age = time - entry.loadedAt;
      // Fresh, or a first load still running: share it.
      if (age < this.ttlMs || !entry.settled) {
        this.counters?.hit.inc();
        return entry.value;
      }
      if (age < this.ttlMs + this.staleMs) {
        if (!entry.refreshing) this.refresh(key, entry, load);
        this.counters?.hit.inc();
        return entry.value;
      }
    }
    this.counters?.miss.inc();
    return this.start(key, load, time);
  }

  /** Age of the oldest settled entry, in ms; undefined when none. */
  oldestAgeMs(): number | undefined {
    let oldest: number | undefined;
    for (const entry of this.entries.values()) if (entry.settled && (oldest === undefined || entry.loadedAt < oldest)) oldest = entry.loadedAt;
    return oldest === undefined ? undefined : this.now() - oldest;
  }

  clear(): void {
    this.entries.clear();
  }

  private start(key: string, load: () => Promise<T>, time: number): Promise<T> {
    const value = load();
    const entry = { value, loadedAt: time, settled: false, refreshing: false };
    this.entries.delete(key);
    this.entries.set(key, entry);
    value.then(
      () => (entry.settled = true),
      () => {
        if (this.entries.get(key) === entry) this.entries.delete(key);
      },
    );
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value as string;
      this.entries.delete(oldest);
    }
    return value;
  }

  private refresh(key: string, entry: { refreshing: boolean }, load: () => Promise<T>): void {
    entry.refreshing = true;
    this.counters?.refresh.inc();
    const startedAt = this.now();
    load().then(
      (fresh) => {
        if (this.entries.get(key) !== entry) return;
        this.entries.set(key, { value: Promise.resolve(fresh), loadedAt: startedAt, settled: true, refreshing: false });
      },
      () => {
        if (this.entries.get(key) === entry) this.entries.delete(key);
      },
    );
  }
}
