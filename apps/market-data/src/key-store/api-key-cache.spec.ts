import { ApiKeyCache } from './api-key-cache';
import { MarketDataSettings } from '../settings';

const cacheWithTtl = (apiKeyCacheTtlMs: number) => new ApiKeyCache({ apiKeyCacheTtlMs } as MarketDataSettings);
const hash = (n: number) => Buffer.alloc(32, n);
const key7 = { id: 7, rateLimit: null };

describe('ApiKeyCache', () => {
  afterEach(() => jest.useRealTimers());

  it('keeps a verified key for the TTL only', () => {
    jest.useFakeTimers({ now: 1_000_000 });
    const cache = cacheWithTtl(1_000);
    cache.set(hash(1), key7, cache.currentGeneration);
    expect(cache.get(hash(1))).toEqual(key7);
    jest.setSystemTime(1_000_999);
    expect(cache.get(hash(1))).toEqual(key7);
    jest.setSystemTime(1_001_000);
    expect(cache.get(hash(1))).toBeUndefined();
  });

  it('drops a revoked key at once, and ignores a lookup that raced with the revocation', () => {
    const cache = cacheWithTtl(1_000);
    cache.set(hash(1), key7, cache.currentGeneration);
    const lookupStarted = cache.currentGeneration;
    cache.invalidate(hash(1));
    expect(cache.get(hash(1))).toBeUndefined();
    cache.set(hash(1), key7, lookupStarted); // its store read may predate the revocation
    expect(cache.get(hash(1))).toBeUndefined();
  });

  it('forgets every key on clear (a revocation notice may have been missed)', () => {
    const cache = cacheWithTtl(1_000);
    cache.set(hash(1), key7, cache.currentGeneration);
    const lookupStarted = cache.currentGeneration;
    cache.clear();
    expect(cache.get(hash(1))).toBeUndefined();
    cache.set(hash(1), key7, lookupStarted);
    expect(cache.get(hash(1))).toBeUndefined();
  });

  it('caches nothing with a TTL of 0', () => {
    const cache = cacheWithTtl(0);
    cache.set(hash(1), key7, cache.currentGeneration);
    expect(cache.get(hash(1))).toBeUndefined();
  });
});
