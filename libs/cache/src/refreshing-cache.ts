import { LRUCache } from 'lru-cache';
import { CacheCounters, CacheOptions, countersOf } from './cache-metrics-hook';

export interface RefreshingCacheOptions extends CacheOptions {
  /** A value is reused without a reload this long after its load started; 0 turns the cache off. */
  ttlMs: number;
  /** Then for this long it is still answered at once while one background load replaces it. */
  staleMs: number;
  /** Keys kept at most; past it the least recently used goes. */
  max: number;
}

interface Entry<T> {
  value: Promise<T>;
  loadedAt: number;
  settled: boolean;
  refreshing: boolean;
  /** The loaded value, once settled. */
  loaded?: T;
}

/**
 * A memo for expensive reads that many callers repeat: within `ttlMs` of a load its value is
 * reused; for `staleMs` more the old value is still answered at once while ONE background load
 * replaces it, so that no caller waits for a reload; older than that, or never loaded, callers
 * wait for a load (one, shared). An answer is therefore at most ttlMs + staleMs old, counted from
 * when its load started. A failed load is never kept: the entry goes, and the next caller loads
 * (and sees the error if it persists). Bounded by `max`, on lru-cache.
 */
export class RefreshingCache<T> {
  private readonly entries: LRUCache<string, Entry<T>>;
  private readonly counters: CacheCounters;
  private readonly now: () => number;
  readonly ttlMs: number;
  readonly staleMs: number;

  constructor(options: RefreshingCacheOptions) {
    if (!(options.ttlMs >= 0) || !(options.staleMs >= 0))
      throw new Error(`a refreshing cache's ttl and stale window are at least 0 ms, not ${options.ttlMs} and ${options.staleMs}`);
    if (!Number.isInteger(options.max) || options.max < 1) throw new Error(`a refreshing cache needs a positive integer bound, not ${options.max}`);
    this.ttlMs = options.ttlMs;
    this.staleMs = options.staleMs;
    this.now = options.now ?? (() => Date.now());
    this.counters = countersOf(options, () => this.oldestAgeMs());
    const counters = this.counters;
    this.entries = new LRUCache<string, Entry<T>>({
      max: options.max,
      dispose: (_entry, _key, reason) => {
        if (reason === 'evict') counters.eviction();
      },
    });
  }

  get(key: string, load: () => Promise<T>): Promise<T> {
    if (this.ttlMs <= 0) return load();
    const time = this.now();
    const entry = this.entries.get(key);
    if (entry) {
      const age = time - entry.loadedAt;
      // Fresh, or a first load still running: share it.
      if (age < this.ttlMs || !entry.settled) {
        this.counters.hit();
        return entry.value;
      }
      if (age < this.ttlMs + this.staleMs) {
        if (!entry.refreshing) this.refresh(key, entry, load);
        this.counters.hit();
        return entry.value;
      }
    }
    this.counters.miss();
    return this.start(key, load, time);
  }

  /**
   * The value `key` answers now, if it has loaded (a reload still running leaves the old one), without
   * counting a lookup or making it recently used: for a holder of an older value to tell it was replaced.
   */
  peek(key: string): T | undefined {
    const entry = this.entries.peek(key);
    return entry?.settled ? entry.loaded : undefined;
  }

  /**
   * Starts the one background reload of `key` if its value is in its stale window and none runs,
   * without counting a lookup: for a holder that answers the value itself (a replay) and must
   * not let it age out unreplaced.
   */
  refreshIfStale(key: string, load: () => Promise<T>): void {
    const entry = this.entries.peek(key);
    if (!entry?.settled || entry.refreshing) return;
    const age = this.now() - entry.loadedAt;
    if (age >= this.ttlMs && age < this.ttlMs + this.staleMs) this.refresh(key, entry, load);
  }

  /** Age of the oldest settled entry, in ms; undefined when none. */
  oldestAgeMs(): number | undefined {
    let oldest: number | undefined;
    for (const entry of this.entries.values()) if (entry.settled && (oldest === undefined || entry.loadedAt < oldest)) oldest = entry.loadedAt;
    return oldest === undefined ? undefined : this.now() - oldest;
  }

  get size(): number {
    return this.entries.size;
  }

  clear(): void {
    this.entries.clear();
  }

  private start(key: string, load: () => Promise<T>, time: number): Promise<T> {
    const value = load();
    const entry: Entry<T> = { value, loadedAt: time, settled: false, refreshing: false };
    this.entries.set(key, entry);
    value.then(
      (loaded) => {
        entry.loaded = loaded;
        entry.settled = true;
      },
      () => this.forget(key, entry),
    );
    return value;
  }

  private refresh(key: string, entry: Entry<T>, load: () => Promise<T>): void {
    entry.refreshing = true;
    this.counters.refresh();
    const startedAt = this.now();
    load().then(
      (fresh) => {
        // Replaced or evicted meanwhile: the newer entry stands.
        if (this.entries.peek(key) !== entry) return;
        this.entries.set(
          key,
          { value: Promise.resolve(fresh), loadedAt: startedAt, settled: true, refreshing: false, loaded: fresh },
          { noDisposeOnSet: true },
        );
      },
      () => this.forget(key, entry),
    );
  }

  private forget(key: string, entry: Entry<T>): void {
    if (this.entries.peek(key) === entry) this.entries.delete(key);
  }
}
