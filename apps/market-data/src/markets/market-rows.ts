import type { MarketApiRow, MarketChainRow, SnapshotApiRow } from '@perp/index-db';

/** A market and its latest snapshot (null before the first one): detail, live. */
export interface MarketWithSnapshot {
  market: MarketApiRow;
  snapshot: SnapshotApiRow | null;
  /** The market's chain state (index-db contract-figures.ts), for the contract's mark of /live. */
  chain: MarketChainRow;
}

/** The sqrt prices (X96) that the 24 h stats are computed from; null when the market has no snapshot. */
export interface PriceWindow {
  first: string;
  last: string;
  low: string;
  high: string;
}
