import { Inject, Injectable } from '@nestjs/common';
import { BoundedMap } from '@perp/cache';
import { measureCache } from '../common/cache-metrics';
import { MARKET_DATA_SETTINGS, MarketDataSettings } from '../settings';
import type { ActiveKey } from './api-key-record';

const MAX_ENTRIES = 10_000;

/**
 * A short positive cache of verified keys (hash -> key id and rate limit), sparing the Key
 * store one lookup per request for busy bots. Revocation: this process drops the entry at
 * once, and every other replica when the store's NOTIFY reaches it (KeyRevocationListener,
 * milliseconds); API_KEY_CACHE_TTL_MS (default 1 s, at most 5 s, 0 disables the cache)
 * bounds it only while a replica's listener is disconnected. Unknown keys are never cached.
 */
@Injectable()
export class ApiKeyCache {
  private readonly entries: BoundedMap<string, ActiveKey>;
  private readonly ttlMs: number;
  // Bumped by every invalidation: a lookup that started before one must not cache its (maybe stale) answer.
  private generation = 0;

  constructor(@Inject(MARKET_DATA_SETTINGS) settings: MarketDataSettings) {
    this.ttlMs = settings.apiKeyCacheTtlMs;
    this.entries = new BoundedMap({ max: MAX_ENTRIES, ttlMs: this.ttlMs, name: 'api_key', metrics: measureCache });
  }

  /** Pass to `set` the value taken before the store lookup. */
  get currentGeneration(): number {
    return this.generation;
  }

  get(hash: Buffer): ActiveKey | undefined {
    return this.entries.get(hash.toString('hex'));
  }

  set(hash: Buffer, key: ActiveKey, lookupGeneration: number): void {
    if (this.ttlMs === 0 || lookupGeneration !== this.generation) return;
    this.entries.set(hash.toString('hex'), key);
  }

  invalidate(hash: Buffer): void {
    this.generation++;
    this.entries.delete(hash.toString('hex'));
  }

  /** Forgets everything (a revocation may have been missed). */
  clear(): void {
    this.generation++;
    this.entries.clear();
  }
}
