import { RefreshingCache } from './refreshing-cache';

describe('RefreshingCache', () => {
  let now = 0;
  const settle = () => new Promise((resolve) => setImmediate(resolve));
  const cache = () => new RefreshingCache<number>(1_000, 1_000, 10, () => now);

  beforeEach(() => {
    now = 0;
  });

  it('shares one load while fresh, and concurrent first loads', async () => {
    const memo = cache();
    let loads = 0;
    const load = async () => ++loads;
    const [a, b] = await Promise.all([memo.get('k', load), memo.get('k', load)]);
    now = 999;
    expect([a, b, await memo.get('k', load), loads]).toEqual([1, 1, 1, 1]);
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

  it('ttl 0 disables it; the oldest entries go past the bound', async () => {
    let loads = 0;
    const off = new RefreshingCache<number>(0, 0);
    await off.get('k', async () => ++loads);
    await off.get('k', async () => ++loads);
    expect(loads).toBe(2);
    const memo = cache();
    for (let i = 0; i < 11; i++) await memo.get(`k${i}`, async () => i);
    expect(await memo.get('k0', async () => -1)).toBe(-1);
    expect(await memo.get('k10', async () => -1)).toBe(10);
  });
});
