import { cacheMetrics, measureCache } from './cache-metrics';

/** The value of one series of `metric` (collected, as a scrape does); undefined when it has none. */
async function valueOf(metric: { get(): Promise<{ values: { labels: object; value: number }[] }> }, labels: object): Promise<number | undefined> {
  const { values } = await metric.get();
  return values.find((v) => JSON.stringify(v.labels) === JSON.stringify(labels))?.value;
}

describe('measureCache (market-data cache metrics hook)', () => {
  it('hands counts to the existing counters at scrape, under the cache name, and the oldest age to the gauge', async () => {
    let age: number | undefined = 1_500;
    const counters = measureCache('spec_cache', () => age);
    counters.hit();
    counters.hit();
    counters.miss();
    counters.refresh();
    counters.eviction();
    expect(await valueOf(cacheMetrics.requests, { cache: 'spec_cache', result: 'hit' })).toBe(2);
    expect(await valueOf(cacheMetrics.requests, { cache: 'spec_cache', result: 'miss' })).toBe(1);
    expect(await valueOf(cacheMetrics.refreshes, { cache: 'spec_cache' })).toBe(1);
    expect(await valueOf(cacheMetrics.evictions, { cache: 'spec_cache' })).toBe(1);
    expect(await valueOf(cacheMetrics.refreshAge, { cache: 'spec_cache' })).toBe(1.5);
    // A second scrape adds nothing new; an empty cache reports no age.
    counters.hit();
    age = undefined;
    expect(await valueOf(cacheMetrics.requests, { cache: 'spec_cache', result: 'hit' })).toBe(3);
    expect(await valueOf(cacheMetrics.requests, { cache: 'spec_cache', result: 'miss' })).toBe(1);
    expect(await valueOf(cacheMetrics.refreshAge, { cache: 'spec_cache' })).toBeUndefined();
  });

  it('shares the counts of a name measured twice (a second app in one process), the newest cache giving the age', async () => {
    const first = measureCache('spec_twice', () => 1_000);
    const second = measureCache('spec_twice', () => 2_000);
    first.miss();
    second.miss();
    expect(await valueOf(cacheMetrics.requests, { cache: 'spec_twice', result: 'miss' })).toBe(2);
    expect(await valueOf(cacheMetrics.refreshAge, { cache: 'spec_twice' })).toBe(2);
  });
});
