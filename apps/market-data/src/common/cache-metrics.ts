import { Counter, Gauge } from 'prom-client';

/** What a measured cache reports at scrape time: the age of its oldest answer, in ms (undefined when empty). */
export interface MeasuredCache {
  oldestAgeMs(): number | undefined;
}

const measured = new Map<string, MeasuredCache>();

/**
 * The in-process memos' metrics (names are a contract with docker/grafana/market-data.json).
 * `cache` is one of a fixed set of names given in code (market, price_window, candidates).
 */
export const cacheMetrics = {
  /** Lookups by result: `hit` (fresh, or stale while one reload runs), `miss` (the caller waits for a load). */
  requests: new Counter({
    name: 'market_data_cache_requests_total',
    help: 'In-process cache lookups by cache and result (hit, miss)',
    labelNames: ['cache', 'result'] as const,
  }),
  /** Background reloads of stale entries (nobody waits for them). */
  refreshes: new Counter({ name: 'market_data_cache_refreshes_total', help: 'Background reloads of stale cache entries', labelNames: ['cache'] as const }),
  /** How old the oldest answer a cache holds is: stays under its TTL + stale window while the stores answer. */
  refreshAge: new Gauge({
    name: 'market_data_cache_refresh_age_seconds',
    help: 'Age of the oldest answer each cache holds (seconds since its load started)',
    labelNames: ['cache'] as const,
    collect() {
      this.reset();
      for (const [cache, source] of measured) {
        const ms = source.oldestAgeMs();
        if (ms !== undefined) this.set({ cache }, ms / 1000);
      }
    },
  }),
};

/** Counters bound to one cache's name (looked up once, not per lookup). */
export function measureCache(name: string, cache: MeasuredCache) {
  measured.set(name, cache);
  return {
    hit: cacheMetrics.requests.labels(name, 'hit'),
    miss: cacheMetrics.requests.labels(name, 'miss'),
    refresh: cacheMetrics.refreshes.labels(name),
  };
}
