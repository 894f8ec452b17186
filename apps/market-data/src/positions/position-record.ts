/**
 * A positions row and the market state its derived figures need, decoded from what `pg`
 * returns (int8 and numeric as strings) into exact bigints. Only this file knows the
 * column names; the queries select POSITION_COLUMNS / MARKET_STATE_COLUMNS.
 */
export interface PositionRecord {
  id: bigint;
  perpAddress: string;
  holder: string;
  isMaker: boolean;
  isLong: boolean | null;
  isClosed: boolean;
  openTimestamp: number;
  closeTimestamp: number | null;
  wasLiquidated: boolean | null;
  /** Atoms, as stored. */
  margin: bigint;
  perpDelta: bigint;
  usdDelta: bigint;
  avgEntryAmmPriceX96: bigint | null;
  /** 1e6-scaled. */
  liqMarginRatioE6: number;
  backstopMarginRatioE6: number;
  tickLower: number | null;
  tickUpper: number | null;
  liquidity: bigint | null;
  entryCumulativeFundingX96: bigint;
}

/** What a position's current figures depend on: the market's mark, funding and pool price. */
export interface MarketState {
  perpAddress: string;
  /** The EMA AMM price (spec `mark_price`), plain X96; null before the first update. */
  markX96: bigint | null;
  cumulativeFundingX96: bigint;
  /** The pool's sqrt price: where a maker's liquidity currently sits. */
  sqrtPriceX96: bigint;
  takerLiqMarginRatioE6: number;
  liquidationFeeE6: number;
  /** Unix seconds of the market's latest snapshot (the mark snapshot); null when there is none or it was not read. */
  markAsOf: number | null;
}

/** Columns of a positions row, for `SELECT ${POSITION_COLUMNS('p')}`. */
export const POSITION_COLUMNS = (alias: string): string =>
  [
    'id',
    'perp_address',
    'holder',
    'is_maker',
    'is_long',
    'is_closed',
    'open_timestamp',
    'close_timestamp',
    'was_liquidated',
    'margin',
    'perp_delta',
    'usd_delta',
    'avg_entry_amm_price_x96',
    'liq_margin_ratio',
    'backstop_margin_ratio',
    'tick_lower',
    'tick_upper',
    'liquidity',
    'entry_cumulative_funding_x96',
  ]
    .map((c) => `${alias}.${c}`)
    .join(', ');

/** Market columns, prefixed `m_` so that they sit next to a position's in a join. */
export const MARKET_STATE_COLUMNS = (alias: string): string =>
  [
    `${alias}.perp_address AS m_perp_address`,
    `${alias}.ema_amm_price_x96 AS m_mark_x96`,
    `${alias}.cumulative_funding_x96 AS m_cumulative_funding_x96`,
    `${alias}.sqrt_price_x96 AS m_sqrt_price_x96`,
    `${alias}.taker_liq_margin_ratio AS m_taker_liq_margin_ratio`,
    `${alias}.liquidation_fee AS m_liquidation_fee`,
  ].join(', ');

type Raw = Record<string, unknown>;

const big = (value: unknown): bigint => BigInt(value as string);
const bigOrNull = (value: unknown): bigint | null => (value === null || value === undefined ? null : BigInt(value as string));
const num = (value: unknown): number => Number(value);
const numOrNull = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));

export function decodePosition(row: Raw): PositionRecord {
  return {
    id: big(row['id']),
    perpAddress: row['perp_address'] as string,
    holder: row['holder'] as string,
    isMaker: row['is_maker'] as boolean,
    isLong: row['is_long'] as boolean | null,
    isClosed: row['is_closed'] as boolean,
    openTimestamp: num(row['open_timestamp']),
    closeTimestamp: numOrNull(row['close_timestamp']),
    wasLiquidated: row['was_liquidated'] as boolean | null,
    margin: big(row['margin']),
    perpDelta: big(row['perp_delta']),
    usdDelta: big(row['usd_delta']),
    avgEntryAmmPriceX96: bigOrNull(row['avg_entry_amm_price_x96']),
    liqMarginRatioE6: num(row['liq_margin_ratio']),
    backstopMarginRatioE6: num(row['backstop_margin_ratio']),
    tickLower: numOrNull(row['tick_lower']),
    tickUpper: numOrNull(row['tick_upper']),
    liquidity: bigOrNull(row['liquidity']),
    entryCumulativeFundingX96: big(row['entry_cumulative_funding_x96']),
  };
}

/** The `m_` columns of a row (MARKET_STATE_COLUMNS), plus `m_mark_as_of` when the query read it. */
export function decodeMarketState(row: Raw): MarketState {
  return {
    perpAddress: row['m_perp_address'] as string,
    markX96: bigOrNull(row['m_mark_x96']),
    cumulativeFundingX96: big(row['m_cumulative_funding_x96']),
    sqrtPriceX96: big(row['m_sqrt_price_x96']),
    takerLiqMarginRatioE6: num(row['m_taker_liq_margin_ratio']),
    liquidationFeeE6: num(row['m_liquidation_fee']),
    markAsOf: numOrNull(row['m_mark_as_of']),
  };
}
