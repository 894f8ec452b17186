import { CacheCounters, CacheOptions, countersOf } from './cache-metrics-hook';

/**
 * One pending promise per key: a caller that asks while a load for its key runs gets that same
 * promise (a hit) instead of starting another (a miss). Only the pending load is kept: once it
 * settles the key is free, so a rejection is never cached and the next caller loads again. Bounded
 * by the loads in flight.
 */
export class PromiseMemo<K, V> {
  private readonly pending = new Map<K, Promise<V>>();
  private readonly counters: CacheCounters;

  constructor(options: CacheOptions = {}) {
    this.counters = countersOf(options);
  }

  get size(): number {
    return this.pending.size;
  }

  get(key: K, load: () => Promise<V>): Promise<V> {
    const shared = this.pending.get(key);
    if (shared) {
      this.counters.hit();
      return shared;
    }
    this.counters.miss();
    let loading: Promise<V>;
    try {
      loading = load();
    } catch (error) {
      // A load that throws before its promise is the same failure as one that rejects.
      return Promise.reject(error);
    }
    this.pending.set(key, loading);
    const release = () => {
      if (this.pending.get(key) === loading) this.pending.delete(key);
    };
    loading.then(release, release);
    return loading;
  }
}
