import { Injectable } from '@nestjs/common';
import { RefreshingCache } from '@perp/cache';
import { JsonText, marketNotFound, measureCache, memoisedJson, noLiveData } from '../common';
import { MarketWithSnapshot, PriceWindow } from './market-rows';
import { SnapshotApiRow } from '@perp/index-db';
import { MarketsRepository } from './markets.repository';

/**
 * How old a detail, live or stats read may be in this process: it changes at most once per
 * snapshot, and 1 s bounds the staleness a bot sees (matching max-age=1). Reused as is for
 * the first half; in the second half it is still answered while one background load
 * replaces it, so that no request waits for the reload (RefreshingCache).
 */
export const MARKET_READ_MAX_AGE_MS = 1_000;
export const MARKET_READ_MAX_AGE_SECONDS = 1;
const FRESH_MS = MARKET_READ_MAX_AGE_MS / 2;
const READ_WINDOWS = { ttlMs: FRESH_MS, staleMs: MARKET_READ_MAX_AGE_MS - FRESH_MS, max: 10_000 };

/**
 * The per-market reads both route families share (unversioned and /v1), memoised per
 * market address, so that /markets/{a}, /live and /v1/... for the same market cost one
 * query per second at most. A miss (unknown market) is remembered as long: a market that
 * appears is seen within 1 s. Store failures are never cached.
 */
@Injectable()
export class MarketReadsService {
  private readonly markets = new RefreshingCache<MarketWithSnapshot | null>({ ...READ_WINDOWS, name: 'market', metrics: measureCache });
  private readonly windows = new RefreshingCache<PriceWindow | null | undefined>({ ...READ_WINDOWS, name: 'price_window', metrics: measureCache });
  /** Each route's answer for one memoised read: it lives exactly as long as that read's cache entry. */
  private readonly views = new WeakMap<object, Map<string, string>>();

  constructor(private readonly repository: MarketsRepository) {}

  /** The market and its latest snapshot; 404 "Market not found". */
  async marketWithSnapshot(perpAddress: string): Promise<MarketWithSnapshot> {
    const found = await this.markets.get(perpAddress, () => this.repository.marketWithLatestSnapshot(perpAddress));
    if (!found) throw marketNotFound();
    return found;
  }

  /** For /live: 404 "Market not found", or 404 "No live data for market" before the first snapshot. */
  async live(perpAddress: string): Promise<MarketWithSnapshot & { snapshot: SnapshotApiRow }> {
    const found = await this.marketWithSnapshot(perpAddress);
    if (!found.snapshot) throw noLiveData();
    return found as MarketWithSnapshot & { snapshot: SnapshotApiRow };
  }

  /**
   * For /stats: the 24 h window ending at the latest snapshot. Without any snapshot the
   * figures do not exist: 404 "No live data for market", as for /live (never made-up zeros).
   */
  async priceWindow(perpAddress: string): Promise<PriceWindow> {
    const window = await this.windows.get(perpAddress, () => this.repository.priceWindow(perpAddress));
    if (window === undefined) throw marketNotFound();
    if (window === null) throw noLiveData();
    return window;
  }

  /**
   * The answer of route `view` for a read returned by this service, built and serialised
   * once per read (memoisedJson): requests within the same second share the text and its
   * ETag instead of decoding the X96 figures again. `build` must depend only on `read`
   * (and on what keys the read's cache).
   */
  view<T>(read: object, view: string, build: () => T): JsonText<T> {
    let byView = this.views.get(read);
    if (!byView) this.views.set(read, (byView = new Map()));
    let json = byView.get(view);
    if (json === undefined) byView.set(view, (json = memoisedJson(build())));
    return json as JsonText<T>;
  }
}
