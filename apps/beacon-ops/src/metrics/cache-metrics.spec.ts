import { cacheMetrics, measureCache } from './cache-metrics';

async function valueOf(metric: { get(): Promise<{ values: { labels: object; value: number }[] }> }, labels: object): Promise<number | undefined> {
  const { values } = await metric.get();
  return values.find((v) => JSON.stringify(v.labels) === JSON.stringify(labels))?.value;
}

describe('measureCache (beacon-ops cache metrics hook)', () => {
  it('counts hits, misses, refreshes and evictions under the cache name', async () => {
    const counters = measureCache('spec_cache');
    counters.hit();
    counters.miss();
    counters.miss();
    counters.refresh();
    counters.eviction();
    expect(await valueOf(cacheMetrics.requests, { cache: 'spec_cache', result: 'hit' })).toBe(1);
    expect(await valueOf(cacheMetrics.requests, { cache: 'spec_cache', result: 'miss' })).toBe(2);
    expect(await valueOf(cacheMetrics.refreshes, { cache: 'spec_cache' })).toBe(1);
    expect(await valueOf(cacheMetrics.evictions, { cache: 'spec_cache' })).toBe(1);
  });
});
