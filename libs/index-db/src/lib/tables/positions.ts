import { big, bigOrNull, Cell, num, numOrNull, RawRow, TableRow } from './cells';
import { BandTicks, decodeTickChainRow, TICK_CHAIN_COLUMNS } from './ticks';

/**
 * Every column of `positions`, in writer order, with how pg returns it: numeric(78,0) and int8 as
 * strings (decoded to bigint, or to number where it fits: unix seconds, block numbers), int4 as number.
 */
const POSITIONS_COLUMN_KINDS = {
  id: 'bigint',
  perp_address: 'text',
  holder: 'text',
  is_maker: 'bool',
  is_long: 'bool',
  is_closed: 'bool',
  open_timestamp: 'number',
  close_timestamp: 'number',
  was_liquidated: 'bool',
  margin: 'bigint',
  perp_delta: 'bigint',
  usd_delta: 'bigint',
  avg_entry_amm_price_x96: 'bigint',
  liq_margin_ratio: 'number',
  backstop_margin_ratio: 'number',
  tick_lower: 'number',
  tick_upper: 'number',
  liquidity: 'bigint',
  entry_cumulative_funding_x96: 'bigint',
  liq_mark_x96: 'bigint',
  liq_key_x96: 'bigint',
  entry_long_util_payments_x96: 'bigint',
  entry_short_util_payments_x96: 'bigint',
  entry_long_util_earnings_x96: 'bigint',
  entry_short_util_earnings_x96: 'bigint',
  capacity_long: 'bigint',
  capacity_short: 'bigint',
  entry_funding_below_x96: 'bigint',
  entry_funding_within_x96: 'bigint',
  entry_funding_div_sqrt_within_x96: 'bigint',
  fee_growth_inside1_last_x128: 'bigint',
  block_number: 'number',
} as const;

export type PositionsColumn = keyof typeof POSITIONS_COLUMN_KINDS;

export const POSITIONS_COLUMNS = Object.keys(POSITIONS_COLUMN_KINDS) as readonly PositionsColumn[];

export type PositionsRow = TableRow<typeof POSITIONS_COLUMNS>;

/** The positions columns the contract's figures read (contract-figures.ts), decoded by decodePositionChainRow. */
export const POSITION_CHAIN_COLUMNS = [
  'margin',
  'perp_delta',
  'usd_delta',
  'liq_margin_ratio',
  'entry_cumulative_funding_x96',
  'entry_long_util_payments_x96',
  'entry_short_util_payments_x96',
  'tick_lower',
  'tick_upper',
  'liquidity',
  'entry_long_util_earnings_x96',
  'entry_short_util_earnings_x96',
  'capacity_long',
  'capacity_short',
  'entry_funding_below_x96',
  'entry_funding_within_x96',
  'entry_funding_div_sqrt_within_x96',
  'fee_growth_inside1_last_x128',
] as const satisfies ReadonlyArray<PositionsColumn>;

/** A positions row's contract state, decoded. Maker fields are 0 / null for takers. */
export interface PositionChainRow {
  margin: bigint;
  perpDelta: bigint;
  usdDelta: bigint;
  liqMarginRatioE6: number;
  entryCumulativeFundingX96: bigint;
  entryLongUtilPaymentsX96: bigint;
  entryShortUtilPaymentsX96: bigint;
  tickLower: number | null;
  tickUpper: number | null;
  liquidity: bigint | null;
  entryLongUtilEarningsX96: bigint;
  entryShortUtilEarningsX96: bigint;
  capacityLong: bigint;
  capacityShort: bigint;
  entryFundingBelowX96: bigint;
  entryFundingWithinX96: bigint;
  entryFundingDivSqrtWithinX96: bigint;
  feeGrowthInside1LastX128: bigint;
}

/** Decodes POSITION_CHAIN_COLUMNS from a pg row, each name read with `prefix`. */
export function decodePositionChainRow(row: RawRow, prefix = ''): PositionChainRow {
  const v = (name: (typeof POSITION_CHAIN_COLUMNS)[number]) => row[prefix + name];
  return {
    margin: big(v('margin')),
    perpDelta: big(v('perp_delta')),
    usdDelta: big(v('usd_delta')),
    liqMarginRatioE6: num(v('liq_margin_ratio')),
    entryCumulativeFundingX96: big(v('entry_cumulative_funding_x96')),
    entryLongUtilPaymentsX96: big(v('entry_long_util_payments_x96')),
    entryShortUtilPaymentsX96: big(v('entry_short_util_payments_x96')),
    tickLower: numOrNull(v('tick_lower')),
    tickUpper: numOrNull(v('tick_upper')),
    liquidity: bigOrNull(v('liquidity')),
    entryLongUtilEarningsX96: big(v('entry_long_util_earnings_x96')),
    entryShortUtilEarningsX96: big(v('entry_short_util_earnings_x96')),
    capacityLong: big(v('capacity_long')),
    capacityShort: big(v('capacity_short')),
    entryFundingBelowX96: big(v('entry_funding_below_x96')),
    entryFundingWithinX96: big(v('entry_funding_within_x96')),
    entryFundingDivSqrtWithinX96: big(v('entry_funding_div_sqrt_within_x96')),
    feeGrowthInside1LastX128: big(v('fee_growth_inside1_last_x128')),
  };
}

/** The columns of a position as the API reads it, besides its chain state. */
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
] as const satisfies ReadonlyArray<PositionsColumn>;

const POSITION_READ_COLUMNS = [...POSITION_OWN_COLUMNS, ...POSITION_CHAIN_COLUMNS].map((c) => `p.${c}`);

/** A positions row (alias `p`) with its band's two ticks as tl_* / tu_* (aliases `tl`, `tu`; see POSITION_TICK_JOINS). */
export const POSITION_COLUMNS = [...POSITION_READ_COLUMNS, ...TICK_CHAIN_COLUMNS.flatMap((c) => [`tl.${c} AS tl_${c}`, `tu.${c} AS tu_${c}`])].join(', ');

/** The same list with null ticks, for a branch of takers only (no join). */
export const TAKER_POSITION_COLUMNS = [
  ...POSITION_READ_COLUMNS,
  ...TICK_CHAIN_COLUMNS.flatMap((c) => [`NULL::numeric AS tl_${c}`, `NULL::numeric AS tu_${c}`]),
].join(', ');

/** A band's two ticks by the ticks primary key (no match for a taker's null ticks). */
export const POSITION_TICK_JOINS =
  'LEFT JOIN ticks tl ON tl.perp_address = p.perp_address AND tl.tick = p.tick_lower LEFT JOIN ticks tu ON tu.perp_address = p.perp_address AND tu.tick = p.tick_upper';

/** A position as read by POSITION_COLUMNS, decoded into exact bigints. */
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

export function decodePosition(row: RawRow): PositionRecord {
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

/** A whole positions row as pg returns it (int8 and numeric as strings), back in the writer's types (PositionsRow). */
export function decodePositionsRow(raw: RawRow): PositionsRow {
  const row = {} as Record<PositionsColumn, Cell>;
  for (const column of POSITIONS_COLUMNS) {
    const value = raw[column] as Cell | undefined;
    const kind = POSITIONS_COLUMN_KINDS[column];
    row[column] = value === null || value === undefined ? null : kind === 'bigint' ? big(value) : kind === 'number' ? num(value) : value;
  }
  return row;
}
