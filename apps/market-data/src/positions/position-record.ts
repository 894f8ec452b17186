import {
  BandTicks,
  decodeMarketChainRow,
  decodePositionChainRow,
  decodeTickChainRow,
  MARKET_CHAIN_COLUMNS,
  MarkedMarket,
  markMarket,
  MarketChainRow,
  POSITION_CHAIN_COLUMNS,
  PositionChainRow,
  TICK_CHAIN_COLUMNS,
} from '@perp/index-db';

/**
 * A positions row and the market state its derived figures need, decoded from what `pg`
 * returns (int8 and numeric as strings) into exact bigints. Only this file (and index-db's
 * contract-figures.ts, which names the chain columns) knows the column names.
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
  /** Everything the contract settles the position against (checkpoints, band). */
  chain: PositionChainRow;
  /** A maker's two ticks as stored; null for takers, or when a tick row is missing. */
  ticks: BandTicks | null;
}

/** What a position's current figures depend on: the market's chain state, marked at its latest snapshot. */
export interface MarketState {
  perpAddress: string;
  chain: MarketChainRow;
  takerLiqMarginRatioE6: number;
  liquidationFeeE6: number;
  /** Unix seconds of the market's latest snapshot (the mark snapshot); null when there is none. */
  markAsOf: number | null;
  /** The contract's mark and cumulatives at markAsOf (index-db markMarket); null without a mark. */
  marked: MarkedMarket | null;
}

const POSITION_OWN_COLUMNS = [
  'id',
  'perp_address',
  'holder',
  'is_maker',
  'is_long',
  'is_closed',
  'open_timestamp',
  'close_timestamp',
  'was_liquidated',
  'avg_entry_amm_price_x96',
  'backstop_margin_ratio',
];

/** Columns of a positions row (alias `p`), with its band's two ticks as tl_* / tu_* (aliases `tl`, `tu`; see POSITION_TICK_JOINS). */
export const POSITION_COLUMNS = [
  ...[...POSITION_OWN_COLUMNS, ...POSITION_CHAIN_COLUMNS].map((c) => `p.${c}`),
  ...TICK_CHAIN_COLUMNS.flatMap((c) => [`tl.${c} AS tl_${c}`, `tu.${c} AS tu_${c}`]),
].join(', ');

/** The same list with null ticks, for a branch of takers only (no join). */
export const TAKER_POSITION_COLUMNS = [
  ...[...POSITION_OWN_COLUMNS, ...POSITION_CHAIN_COLUMNS].map((c) => `p.${c}`),
  ...TICK_CHAIN_COLUMNS.flatMap((c) => [`NULL::numeric AS tl_${c}`, `NULL::numeric AS tu_${c}`]),
].join(', ');

/** A band's two ticks by the ticks primary key (no match for a taker's null ticks). */
export const POSITION_TICK_JOINS =
  'LEFT JOIN ticks tl ON tl.perp_address = p.perp_address AND tl.tick = p.tick_lower LEFT JOIN ticks tu ON tu.perp_address = p.perp_address AND tu.tick = p.tick_upper';

/** Market columns (alias `m`), prefixed `m_` so that they sit next to a position's in a join. */
export const MARKET_STATE_COLUMNS = [
  'm.perp_address AS m_perp_address',
  'm.taker_liq_margin_ratio AS m_taker_liq_margin_ratio',
  'm.liquidation_fee AS m_liquidation_fee',
  ...MARKET_CHAIN_COLUMNS.map((c) => `m.${c} AS m_${c}`),
].join(', ');

/** The latest snapshot's time of market `m`: one probe of snapshots_market_time_idx. */
export const MARK_AS_OF_SQL = `(SELECT floor(extract(epoch FROM s."timestamp"))::bigint FROM snapshots s WHERE s.perp_address = m.perp_address ORDER BY s."timestamp" DESC, s.id DESC LIMIT 1)`;

type Raw = Record<string, unknown>;

const big = (value: unknown): bigint => BigInt(value as string);
const bigOrNull = (value: unknown): bigint | null => (value === null || value === undefined ? null : BigInt(value as string));
const num = (value: unknown): number => Number(value);
const numOrNull = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));

export function decodePosition(row: Raw): PositionRecord {
  const chain = decodePositionChainRow(row);
  const lower = decodeTickChainRow(row, 'tl_');
  const upper = decodeTickChainRow(row, 'tu_');
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
    margin: chain.margin,
    perpDelta: chain.perpDelta,
    usdDelta: chain.usdDelta,
    avgEntryAmmPriceX96: bigOrNull(row['avg_entry_amm_price_x96']),
    liqMarginRatioE6: chain.liqMarginRatioE6,
    backstopMarginRatioE6: num(row['backstop_margin_ratio']),
    tickLower: chain.tickLower,
    tickUpper: chain.tickUpper,
    liquidity: chain.liquidity,
    chain,
    ticks: lower && upper ? { lower, upper } : null,
  };
}

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

/** The `m_` columns of a row (MARKET_STATE_COLUMNS) and `m_mark_as_of`, marked once: the contract's mark at the snapshot time. */
export function decodeMarketState(row: Raw): MarketState {
  const chain = decodeMarketChainRow(row, 'm_');
  const markAsOf = numOrNull(row['m_mark_as_of']);
  const perpAddress = row['m_perp_address'] as string;
  return {
    perpAddress,
    chain,
    takerLiqMarginRatioE6: num(row['m_taker_liq_margin_ratio']),
    liquidationFeeE6: num(row['m_liquidation_fee']),
    markAsOf,
    marked: markedMarket(perpAddress, row, chain, markAsOf),
  };
}
