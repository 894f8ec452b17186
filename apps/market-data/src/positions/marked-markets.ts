import { BoundedMap, CacheMetricsHook } from '@perp/cache';
import { MARKET_CHAIN_COLUMNS, MarkedMarket, markMarket, MarketChainRow } from '@perp/index-db/figures';

/** Distinct market inputs kept: a few per market (one per snapshot or touch in use). */
const MAX_MARKED = 4_096;

/**
 * Marked markets by their inputs: a market's mark and accrual (expWad, about 50 µs) change only with
 * a new snapshot or touch, while every page of positions across many markets would otherwise redo
 * them. Owned by the reader that decodes rows (PositionsRepository), not kept at module level.
 */
export class MarkedMarkets {
  private readonly byInputs: BoundedMap<string, MarkedMarket | null>;

  constructor(metrics?: CacheMetricsHook) {
    this.byInputs = new BoundedMap({ max: MAX_MARKED, name: 'marked_market', metrics });
  }

  /** markMarket(chain, markAsOf), computed once per distinct input (the row's `m_` chain columns). */
  of(perpAddress: string, row: Record<string, unknown>, chain: MarketChainRow, markAsOf: number | null): MarkedMarket | null {
    const key = [perpAddress, markAsOf, ...MARKET_CHAIN_COLUMNS.map((c) => row[`m_${c}`])].join('|');
    let marked = this.byInputs.get(key);
    if (marked === undefined) {
      marked = markMarket(chain, markAsOf);
      this.byInputs.set(key, marked);
    }
    return marked;
  }
}
