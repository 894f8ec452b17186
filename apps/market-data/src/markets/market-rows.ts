import type { MarketChainRow } from '@perp/index-db';

/**
 * Rows as `pg` returns them for the raw queries of MarketsRepository: numeric(78,0) and
 * bigint come back as strings (never through a float), integer as number, timestamptz as Date.
 */
export interface MarketRow {
  perp_address: string;
  beacon_address: string;
  owner: string;
  name: string;
  symbol: string;
  token_uri: string;
  pool_id: string;
  pricing_module: string;
  funding_module: string;
  fees_module: string;
  margin_ratios_module: string;
  price_impact_module: string;
  ema_window: string;
  protocol_fee: number;
  tick: number;
  liquidity: string;
  ema_amm_price_x96: string | null;
  ema_index_price_x96: string | null;
  funding_per_day: string | null;
  open_interest_long: string;
  open_interest_short: string;
  capacity_long: string;
  capacity_short: string;
  insurance: string;
  bad_debt: string;
  total_margin: string;
  created_at: string | null;
  last_touched_at: string | null;
  description: string | null;
  photo_url: string | null;
  data_source: string | null;
  card_label: string | null;
  ticker: string | null;
}

export interface SnapshotRow {
  id: string;
  timestamp: Date;
  perp_address: string;
  amm_price_x96: string;
  index_price_x96: string | null;
}

export interface TradeRow {
  id: string;
  timestamp: Date;
  perp_address: string;
  pos_id: string;
  was_liquidated: boolean;
  perp_delta: string;
  usd_delta: string;
  mark_price_x96: string | null;
  funding: string | null;
  util_fees: string | null;
  liq_fee: string | null;
}

/** A market and its latest snapshot (null before the first one): detail, live. */
export interface MarketWithSnapshot {
  market: MarketRow;
  snapshot: SnapshotRow | null;
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

const MARKET_COLUMN_NAMES: Array<keyof MarketRow> = [
  'perp_address',
  'beacon_address',
  'owner',
  'name',
  'symbol',
  'token_uri',
  'pool_id',
  'pricing_module',
  'funding_module',
  'fees_module',
  'margin_ratios_module',
  'price_impact_module',
  'ema_window',
  'protocol_fee',
  'tick',
  'liquidity',
  'ema_amm_price_x96',
  'ema_index_price_x96',
  'funding_per_day',
  'open_interest_long',
  'open_interest_short',
  'capacity_long',
  'capacity_short',
  'insurance',
  'bad_debt',
  'total_margin',
  'created_at',
  'last_touched_at',
  'description',
  'photo_url',
  'data_source',
  'card_label',
  'ticker',
];

/** The select list of a market row, optionally qualified by a table alias. */
export function marketColumns(alias?: string): string {
  return MARKET_COLUMN_NAMES.map((column) => (alias ? `${alias}.${column}` : column)).join(', ');
}

export const SNAPSHOT_COLUMNS = 'id, "timestamp", perp_address, amm_price_x96, index_price_x96';

export const TRADE_COLUMNS = 'id, "timestamp", perp_address, pos_id, was_liquidated, perp_delta, usd_delta, mark_price_x96, funding, util_fees, liq_fee';
