import { LRUCache } from 'lru-cache';
import { CacheCounters, CacheOptions, countersOf } from './cache-metrics-hook';

export interface BoundedMapOptions extends CacheOptions {
  /** Entries kept at most; past it the least recently used goes. */
  max: number;
  /** An entry is gone once it is this old (since its set), at its next lookup; kept however old when absent or 0. */
  ttlMs?: number;
}

interface Entry<V> {
  value: V;
  expiresAt: number;
}

/**
 * A map that holds at most `max` entries, the least recently used out first, each optionally for
 * `ttlMs`: the one bounded map both apps use instead of a Map trimmed by hand. The bound is
 * lru-cache's; the TTL is kept here (an entry expires at exactly ttlMs, on the clock given, with
 * no timer), as the hand-rolled caches it replaces did.
 */
export class BoundedMap<K extends NonNullable<unknown>, V> {
  private readonly entries: LRUCache<K, Entry<V>>;
  private readonly counters: CacheCounters;
  private readonly ttlMs: number;
  private readonly now: () => number;

  constructor(options: BoundedMapOptions) {
    if (!Number.isInteger(options.max) || options.max < 1) throw new Error(`a bounded map needs a positive integer bound, not ${options.max}`);
    if (options.ttlMs !== undefined && !(options.ttlMs >= 0)) throw new Error(`a bounded map's ttl is at least 0 ms, not ${options.ttlMs}`);
    this.ttlMs = options.ttlMs ?? 0;
    this.now = options.now ?? (() => Date.now());
    const counters = (this.counters = countersOf(options));
    this.entries = new LRUCache<K, Entry<V>>({
      max: options.max,
      dispose: (_entry, _key, reason) => {
        if (reason === 'evict') counters.eviction();
      },
    });
  }

  get size(): number {
    return this.entries.size;
  }

  /** The value (counted a hit), or undefined when absent or expired (a miss). Marks it recently used. */
  get(key: K): V | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined || this.expired(key, entry)) {
      this.counters.miss();
      return undefined;
    }
    this.counters.hit();
    return entry.value;
  }

  /** The value without counting or marking it used; undefined when absent or expired. */
  peek(key: K): V | undefined {
    const entry = this.entries.peek(key);
    return entry === undefined || this.expired(key, entry) ? undefined : entry.value;
  }

  set(key: K, value: V): this {
    this.entries.set(key, { value, expiresAt: this.ttlMs > 0 ? this.now() + this.ttlMs : Infinity });
    return this;
  }

  delete(key: K): boolean {
    return this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }

  /** Keys from the most to the least recently used (expired ones included until looked up). */
  keys(): K[] {
    return [...this.entries.keys()];
  }

  private expired(key: K, entry: Entry<V>): boolean {
    if (entry.expiresAt > this.now()) return false;
    this.entries.delete(key);
    return true;
  }
}
