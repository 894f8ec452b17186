export { BoundedMap } from './bounded-map';
export type { BoundedMapOptions } from './bounded-map';
export { UNMEASURED } from './cache-metrics-hook';
export type { CacheCounters, CacheMetricsHook, CacheOptions } from './cache-metrics-hook';
export { PromiseMemo } from './promise-memo';
export { RefreshingCache } from './refreshing-cache';
export type { RefreshingCacheOptions } from './refreshing-cache';
