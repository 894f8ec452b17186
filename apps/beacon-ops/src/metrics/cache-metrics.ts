import type { CacheMetricsHook } from '@perp/cache';
import { Counter } from 'prom-client';

/** The in-process caches' metrics; `cache` is one of a fixed set of names given in code (perps_of_beacon, ...). */
export const cacheMetrics = {
  requests: new Counter({
    name: 'beacon_ops_cache_requests_total',
    help: 'In-process cache lookups by cache and result (hit, miss)',
    labelNames: ['cache', 'result'] as const,
  }),
  refreshes: new Counter({ name: 'beacon_ops_cache_refreshes_total', help: 'Background reloads of stale cache entries', labelNames: ['cache'] as const }),
  evictions: new Counter({ name: 'beacon_ops_cache_evictions_total', help: 'Entries pushed out of a cache by its bound', labelNames: ['cache'] as const }),
};

/** The @perp/cache metrics hook of this app: every cache's counters, bound to its name once. */
export const measureCache: CacheMetricsHook = (name) => {
  const hit = cacheMetrics.requests.labels(name, 'hit');
  const miss = cacheMetrics.requests.labels(name, 'miss');
  const refresh = cacheMetrics.refreshes.labels(name);
  const eviction = cacheMetrics.evictions.labels(name);
  return { hit: () => hit.inc(), miss: () => miss.inc(), refresh: () => refresh.inc(), eviction: () => eviction.inc() };
};
