import type { CacheMetricsHook } from '@perp/cache';
import { Counter, Gauge } from 'prom-client';

/**
 * Each measured cache's counts since the last scrape, and its oldest answer's age: a lookup adds
 * to a plain number (some caches are looked up per row), the counters take the counts at scrape.
 */
interface Counts {
  hit: number;
  miss: number;
  refresh: number;
  eviction: number;
  oldestAgeMs?: () => number | undefined;
}
const measured = new Map<string, Counts>();

/**
 * The in-process caches' metrics (names are a contract with docker/grafana/market-data.json and
 * tools/bench-market). `cache` is one of a fixed set of names given in code (market,
 * price_window, candidates, ...).
 */
export const cacheMetrics = {
  /** Lookups by result: `hit` (fresh, or stale while one reload runs), `miss` (the caller waits for a load). */
  requests: new Counter({
    name: 'market_data_cache_requests_total',
    help: 'In-process cache lookups by cache and result (hit, miss)',
    labelNames: ['cache', 'result'] as const,
    collect() {
      for (const [cache, counts] of measured) {
        if (counts.hit) this.inc({ cache, result: 'hit' }, counts.hit);
        if (counts.miss) this.inc({ cache, result: 'miss' }, counts.miss);
        counts.hit = counts.miss = 0;
      }
    },
  }),
  /** Background reloads of stale entries (nobody waits for them). */
  refreshes: new Counter({
    name: 'market_data_cache_refreshes_total',
    help: 'Background reloads of stale cache entries',
    labelNames: ['cache'] as const,
    collect() {
      for (const [cache, counts] of measured) {
        if (counts.refresh) this.inc({ cache }, counts.refresh);
        counts.refresh = 0;
      }
    },
  }),
  /** Entries a cache's bound pushed out: steady growth says the bound is too small for the keys in use. */
  evictions: new Counter({
    name: 'market_data_cache_evictions_total',
    help: 'Entries pushed out of a cache by its bound',
    labelNames: ['cache'] as const,
    collect() {
      for (const [cache, counts] of measured) {
        if (counts.eviction) this.inc({ cache }, counts.eviction);
        counts.eviction = 0;
      }
    },
  }),
  /** How old the oldest answer a cache holds is: stays under its TTL + stale window while the stores answer. */
  refreshAge: new Gauge({
    name: 'market_data_cache_refresh_age_seconds',
    help: 'Age of the oldest answer each cache holds (seconds since its load started)',
    labelNames: ['cache'] as const,
    collect() {
      this.reset();
      for (const [cache, { oldestAgeMs }] of measured) {
        const ms = oldestAgeMs?.();
        if (ms !== undefined) this.set({ cache }, ms / 1000);
      }
    },
  }),
};

/**
 * The @perp/cache metrics hook of this app. A name measured again (a second app in one process,
 * as tests start) shares the counts, and its age is the newest cache's.
 */
export const measureCache: CacheMetricsHook = (name, oldestAgeMs) => {
  let counts = measured.get(name);
  if (!counts) measured.set(name, (counts = { hit: 0, miss: 0, refresh: 0, eviction: 0 }));
  if (oldestAgeMs) counts.oldestAgeMs = oldestAgeMs;
  const own = counts;
  return { hit: () => own.hit++, miss: () => own.miss++, refresh: () => own.refresh++, eviction: () => own.eviction++ };
};
