import {
  decodeMarketChainRow,
  decodeMarketStateHead,
  MARKET_CHAIN_COLUMNS,
  MarkedMarket,
  markMarket,
  MarketChainRow,
  MarketStateHead,
} from '@perp/index-db/figures';

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
 * Marked markets by their inputs: a market's mark and accrual (expWad, about 50 µs) change only with a
 * new snapshot or touch, while every page of positions across many markets would otherwise redo them.
 */
const markedByInputs = new Map<string, MarkedMarket | null>();
const MARKED_LIMIT = 4096;

function markedMarket(perpAddress: string, row: Raw, chain: MarketChainRow, markAsOf: number | null): MarkedMarket | null {
  const key = [perpAddress, markAsOf, ...MARKET_CHAIN_COLUMNS.map((c) => row[`m_${c}`])].join('|');
  let marked = markedByInputs.get(key);
  if (marked === undefined) {
    marked = markMarket(chain, markAsOf);
    if (markedByInputs.size >= MARKED_LIMIT) markedByInputs.clear();
    markedByInputs.set(key, marked);
  }
  return marked;
}

/** The `m_` columns of a row (index-db MARKET_STATE_COLUMNS) and `m_mark_as_of`, marked once: the contract's mark at the snapshot time. */
export function decodeMarketState(row: Raw): MarketState {
  const head = decodeMarketStateHead(row);
  const chain = decodeMarketChainRow(row, 'm_');
  const markAsOf = row['m_mark_as_of'] === null || row['m_mark_as_of'] === undefined ? null : Number(row['m_mark_as_of']);
  return { ...head, chain, markAsOf, marked: markedMarket(head.perpAddress, row, chain, markAsOf) };
}
