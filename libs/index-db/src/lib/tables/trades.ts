import { TableRow } from './cells';

/** Every column of `trades`, in writer order. */
export const TRADES_COLUMNS = [
  'id',
  'perp_address',
  'timestamp',
  'pos_id',
  'was_liquidated',
  'perp_delta',
  'usd_delta',
  'mark_price_x96',
  'funding',
  'util_fees',
  'liq_fee',
  'block_number',
] as const;

export type TradesRow = TableRow<typeof TRADES_COLUMNS>;

/** A trades row as `pg` returns it: numerics and int8 as strings, timestamptz as Date. */
export interface TradeApiRow {
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

/** The select list of a TradeApiRow. */
export const TRADE_API_COLUMNS = 'id, "timestamp", perp_address, pos_id, was_liquidated, perp_delta, usd_delta, mark_price_x96, funding, util_fees, liq_fee';
