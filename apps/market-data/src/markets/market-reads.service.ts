import { Injectable } from '@nestjs/common';
import { TtlCache, marketNotFound, noLiveData } from '../common';
import { MarketWithSnapshot, PriceWindow, SnapshotRow } from './market-rows';
import { MarketsRepository } from './markets.repository';

/**
 * How long detail, live and stats reads are reused in this process. They change at most
 * once per snapshot; 1 s bounds the staleness a bot sees (and matches max-age=1).
 */
export const MARKET_READ_TTL_MS = 1_000;
export const MARKET_READ_MAX_AGE_SECONDS = 1;

/**
 * The per-market reads both route families share (unversioned and /v1), memoised per
 * market address, so that /markets/{a}, /live and /v1/... for the same market cost one
 * query per second at most. A miss (unknown market) is remembered as long: a market that
 * appears is seen within 1 s. Store failures are never cached.
 */
@Injectable()
export class MarketReadsService {
  private readonly markets = new TtlCache<MarketWithSnapshot | null>(MARKET_READ_TTL_MS);
  private readonly windows = new TtlCache<PriceWindow | null | undefined>(MARKET_READ_TTL_MS);

  constructor(private readonly repository: MarketsRepository) {}

  /** The market and its latest snapshot; 404 "Market not found". */
  async marketWithSnapshot(perpAddress: string): Promise<MarketWithSnapshot> {
    const found = await this.markets.get(perpAddress, () => this.repository.marketWithLatestSnapshot(perpAddress));
    if (!found) throw marketNotFound();
    return found;
  }

  /** For /live: 404 "Market not found", or 404 "No live data for market" before the first snapshot. */
  async live(perpAddress: string): Promise<MarketWithSnapshot & { snapshot: SnapshotRow }> {
    const found = await this.marketWithSnapshot(perpAddress);
    if (!found.snapshot) throw noLiveData();
    return found as MarketWithSnapshot & { snapshot: SnapshotRow };
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
}
