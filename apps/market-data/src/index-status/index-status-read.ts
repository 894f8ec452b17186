/** What one freshness read returns: the repository fills it, the view shapes it. */

export interface ChainCursorRow {
  chain_id: string;
  block_number: string;
  block_hash: string;
  block_timestamp: string;
  updated_at: Date;
}

export interface MarketFreshnessRow {
  perp_address: string;
  last_snapshot_at: Date | null;
}

export interface IndexStatusRead {
  checkedAt: Date;
  chains: ChainCursorRow[];
  marketsTotal: number;
  markets: MarketFreshnessRow[];
}
