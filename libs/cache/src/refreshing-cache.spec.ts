import { RefreshingCache } from './refreshing-cache';

describe('RefreshingCache', () => {
  let now = 0;
  const settle = () => new Promise((resolve) => setImmediate(resolve));
  let events: string[] = [];
  const cache = () =>
    new RefreshingCache<number>({
      ttlMs: 1_000,
      staleMs: 1_000,
      max: 10,
      now: () => now,
      name: 'r',
      metrics: (name) => ({
        hit: () => events.push(`${name}:hit`),
        miss: () => events.push(`${name}:miss`),
        eviction: () => events.push(`${name}:eviction`),
        refresh: () => events.push(`${name}:refresh`),
      }),
    });

  beforeEach(() => {
    now = 0;
    events = [];
  });

  it('shares one load while fresh, and concurrent first loads', async () => {
    const memo = cache();
    let loads = 0;
    const load = async () => ++loads;
    const [a, b] = await Promise.all([memo.get('k', load), memo.get('k', load)]);
    now = 999;
    expect([a, b, await memo.get('k', load), loads]).toEqual([1, 1, 1, 1]);
    expect(events).toEqual(['r:miss', 'r:hit', 'r:hit']);
  });

  it('answers the old value at once while one background load replaces it', async () => {
    const memo = cache();
    let loads = 0;
    let release!: () => void;
    await memo.get('k', async () => ++loads);
    now = 1_500;
    const slow = async () => {
      await new Promise<void>((resolve) => (release = resolve));
      return ++loads;
    };
    expect(await memo.get('k', slow)).toBe(1);
    expect(await memo.get('k', slow)).toBe(1);
    release();
    await settle();
    expect(loads).toBe(2);
    expect(await memo.get('k', slow)).toBe(2);
    // One refresh in flight at most: the second stale lookup started none.
    expect(events).toEqual(['r:miss', 'r:refresh', 'r:hit', 'r:hit', 'r:hit']);
  });

  it('dates a refreshed value from when its load started', async () => {
    const memo = cache();
    await memo.get('k', async () => 1);
    now = 1_500;
    let release!: () => void;
    await memo.get('k', () => new Promise<number>((resolve) => (release = () => resolve(2))));
    now = 1_900;
    release();
    await settle();
    expect(memo.oldestAgeMs()).toBe(400);
    now = 2_499;
    expect(await memo.get('k', async () => 3)).toBe(2);
    now = 3_500;
    expect(await memo.get('k', async () => 4)).toBe(4);
  });

  it('peeks the loaded value without counting or waiting: none while loading, the old one while a reload runs', async () => {
    const memo = cache();
    let release!: (value: number) => void;
    const first = memo.get('k', () => new Promise<number>((resolve) => (release = resolve)));
    expect(memo.peek('k')).toBeUndefined();
    release(1);
    await first;
    await settle();
    expect(memo.peek('k')).toBe(1);
    now = 1_500;
    await memo.get('k', () => new Promise<number>((resolve) => (release = resolve)));
    expect(memo.peek('k')).toBe(1);
    release(2);
    await settle();
    expect(memo.peek('k')).toBe(2);
    expect(memo.peek('other')).toBeUndefined();
    expect(events).toEqual(['r:miss', 'r:refresh', 'r:hit']);
  });

  it("starts a stale value's one reload on request, uncounted; a fresh, expired or unknown key none", async () => {
    const memo = cache();
    let loads = 0;
    const load = async () => ++loads;
    await memo.get('k', load);
    memo.refreshIfStale('k', load);
    memo.refreshIfStale('unknown', load);
    expect(loads).toBe(1);
    now = 1_500;
    memo.refreshIfStale('k', load);
    memo.refreshIfStale('k', load);
    await settle();
    expect([loads, memo.peek('k')]).toEqual([2, 2]);
    now = 4_000;
    memo.refreshIfStale('k', load);
    expect(loads).toBe(2);
    expect(events).toEqual(['r:miss', 'r:refresh']);
  });

  it('waits for a load once the value is older than ttl + stale', async () => {
    const memo = cache();
    let loads = 0;
    await memo.get('k', async () => ++loads);
    now = 2_000;
    expect(await memo.get('k', async () => ++loads)).toBe(2);
  });

  it('never keeps a failure: neither a first load nor a refresh', async () => {
    const memo = cache();
    await expect(memo.get('k', async () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await memo.get('k', async () => 7)).toBe(7);
    now = 1_500;
    expect(await memo.get('k', async () => Promise.reject(new Error('down')))).toBe(7);
    await settle();
    await expect(memo.get('k', async () => Promise.reject(new Error('still down')))).rejects.toThrow('still down');
  });

  it('ttl 0 disables it; the least recently used entries go past the bound, counted', async () => {
    let loads = 0;
    const off = new RefreshingCache<number>({ ttlMs: 0, staleMs: 0, max: 1 });
    await off.get('k', async () => ++loads);
    await off.get('k', async () => ++loads);
    expect(loads).toBe(2);
    const memo = cache();
    for (let i = 0; i < 11; i++) await memo.get(`k${i}`, async () => i);
    expect(await memo.get('k0', async () => -1)).toBe(-1);
    expect(await memo.get('k10', async () => -1)).toBe(10);
    expect([memo.size, events.filter((e) => e === 'r:eviction').length]).toEqual([10, 2]);
  });

  it('reports no age when empty, and refuses windows or bounds it cannot keep', () => {
    expect(cache().oldestAgeMs()).toBeUndefined();
    expect(() => new RefreshingCache({ ttlMs: -1, staleMs: 0, max: 1 })).toThrow("a refreshing cache's ttl and stale window are at least 0 ms, not -1 and 0");
    expect(() => new RefreshingCache({ ttlMs: 1, staleMs: 0, max: 0 })).toThrow('a refreshing cache needs a positive integer bound, not 0');
  });
});
