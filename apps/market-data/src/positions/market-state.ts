import { decodeMarketChainRow, decodeMarketStateHead, MarkedMarket, markMarket, MarketChainRow, MarketStateHead } from '@perp/index-db/figures';
import type { MarkedMarkets } from './marked-markets';

/** What a position's current figures depend on: the market's chain state, marked at its latest snapshot. */
export interface MarketState extends MarketStateHead {
  chain: MarketChainRow;
  /** Unix seconds of the market's latest snapshot (the mark snapshot); null when there is none. */
  markAsOf: number | null;
  /** The contract's mark and cumulatives at markAsOf (index-db markMarket); null without a mark. */
  marked: MarkedMarket | null;
}

type Raw = Record<string, unknown>;

/**
 * The `m_` columns of a row (index-db MARKET_STATE_COLUMNS) and `m_mark_as_of`, marked: the contract's
 * mark at the snapshot time, reused from `marked` when its inputs were marked before.
 */
export function decodeMarketState(row: Raw, marked?: MarkedMarkets): MarketState {
  const head = decodeMarketStateHead(row);
  const chain = decodeMarketChainRow(row, 'm_');
  const markAsOf = row['m_mark_as_of'] === null || row['m_mark_as_of'] === undefined ? null : Number(row['m_mark_as_of']);
  return { ...head, chain, markAsOf, marked: marked ? marked.of(head.perpAddress, row, chain, markAsOf) : markMarket(chain, markAsOf) };
}
