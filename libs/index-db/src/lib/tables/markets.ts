import { big, bigOrNull, num, numOrNull, RawRow, TableRow } from './cells';

/** Every column of `markets`, in the order writers list them (COPY, INSERT). */
export const MARKETS_COLUMNS = [
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
  'tick_spacing',
  'min_tick',
  'max_tick',
  'taker_liq_margin_ratio',
  'taker_backstop_margin_ratio',
  'maker_liq_margin_ratio',
  'maker_backstop_margin_ratio',
  'creator_fee',
  'insurance_fee',
  'lp_fee',
  'liquidation_fee',
  'sqrt_price_x96',
  'tick',
  'liquidity',
  'ema_amm_price_x96',
  'ema_index_price_x96',
  'funding_per_day',
  'cumulative_funding_x96',
  'index_price_x96',
  'rates_last_touch',
  'funding_div_sqrt_p_x96',
  'long_util_payments_x96',
  'short_util_payments_x96',
  'long_util_earnings_x96',
  'short_util_earnings_x96',
  'long_util_fee_per_day',
  'short_util_fee_per_day',
  'fee_growth_global1_x128',
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
  'block_number',
] as const;

/** A whole markets row as a writer supplies it. */
export type MarketsRow = TableRow<typeof MARKETS_COLUMNS>;

/** The columns the spec's Market is built from. */
export const MARKET_API_COLUMNS = [
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
] as const satisfies ReadonlyArray<(typeof MARKETS_COLUMNS)[number]>;

/**
 * MARKET_API_COLUMNS as `pg` returns them: numeric(78,0) and bigint as strings (never through a
 * float), integer as number. The API formats these strings itself, so they are not decoded.
 */
export interface MarketApiRow {
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

/** The select list of MARKET_API_COLUMNS, optionally qualified by a table alias. */
export function marketApiColumns(alias?: string): string {
  return MARKET_API_COLUMNS.map((column) => (alias ? `${alias}.${column}` : column)).join(', ');
}

/** The markets columns the contract's figures read (contract-figures.ts), decoded by decodeMarketChainRow. */
export const MARKET_CHAIN_COLUMNS = [
  'sqrt_price_x96',
  'tick',
  'ema_window',
  'ema_amm_price_x96',
  'ema_index_price_x96',
  'index_price_x96',
  'rates_last_touch',
  'funding_per_day',
  'long_util_fee_per_day',
  'short_util_fee_per_day',
  'cumulative_funding_x96',
  'funding_div_sqrt_p_x96',
  'long_util_payments_x96',
  'short_util_payments_x96',
  'long_util_earnings_x96',
  'short_util_earnings_x96',
  'open_interest_long',
  'open_interest_short',
  'capacity_long',
  'capacity_short',
  'fee_growth_global1_x128',
] as const satisfies ReadonlyArray<(typeof MARKETS_COLUMNS)[number]>;

/** A markets row's chain state, decoded (numeric columns as bigint). */
export interface MarketChainRow {
  sqrtPriceX96: bigint;
  tick: number;
  emaWindow: number;
  emaAmmPriceX96: bigint | null;
  emaIndexPriceX96: bigint | null;
  indexPriceX96: bigint | null;
  ratesLastTouch: number | null;
  fundingPerDay: bigint | null;
  longUtilFeePerDay: bigint;
  shortUtilFeePerDay: bigint;
  cumulativeFundingX96: bigint;
  fundingDivSqrtPX96: bigint;
  longUtilPaymentsX96: bigint;
  shortUtilPaymentsX96: bigint;
  longUtilEarningsX96: bigint;
  shortUtilEarningsX96: bigint;
  openInterestLong: bigint;
  openInterestShort: bigint;
  capacityLong: bigint;
  capacityShort: bigint;
  feeGrowthGlobal1X128: bigint;
}

/** Decodes MARKET_CHAIN_COLUMNS from a pg row, each name read with `prefix`. */
export function decodeMarketChainRow(row: RawRow, prefix = ''): MarketChainRow {
  const v = (name: (typeof MARKET_CHAIN_COLUMNS)[number]) => row[prefix + name];
  return {
    sqrtPriceX96: big(v('sqrt_price_x96')),
    tick: num(v('tick')),
    emaWindow: num(v('ema_window')),
    emaAmmPriceX96: bigOrNull(v('ema_amm_price_x96')),
    emaIndexPriceX96: bigOrNull(v('ema_index_price_x96')),
    indexPriceX96: bigOrNull(v('index_price_x96')),
    ratesLastTouch: numOrNull(v('rates_last_touch')),
    fundingPerDay: bigOrNull(v('funding_per_day')),
    longUtilFeePerDay: big(v('long_util_fee_per_day')),
    shortUtilFeePerDay: big(v('short_util_fee_per_day')),
    cumulativeFundingX96: big(v('cumulative_funding_x96')),
    fundingDivSqrtPX96: big(v('funding_div_sqrt_p_x96')),
    longUtilPaymentsX96: big(v('long_util_payments_x96')),
    shortUtilPaymentsX96: big(v('short_util_payments_x96')),
    longUtilEarningsX96: big(v('long_util_earnings_x96')),
    shortUtilEarningsX96: big(v('short_util_earnings_x96')),
    openInterestLong: big(v('open_interest_long')),
    openInterestShort: big(v('open_interest_short')),
    capacityLong: big(v('capacity_long')),
    capacityShort: big(v('capacity_short')),
    feeGrowthGlobal1X128: big(v('fee_growth_global1_x128')),
  };
}

/** A market's state for position figures (alias `m`), its columns prefixed `m_` so that they sit next to a position's in a join. */
export const MARKET_STATE_COLUMNS = [
  'm.perp_address AS m_perp_address',
  'm.taker_liq_margin_ratio AS m_taker_liq_margin_ratio',
  'm.liquidation_fee AS m_liquidation_fee',
  ...MARKET_CHAIN_COLUMNS.map((c) => `m.${c} AS m_${c}`),
].join(', ');

/** The plain columns of MARKET_STATE_COLUMNS, decoded (the chain part: decodeMarketChainRow(row, 'm_')). */
export interface MarketStateHead {
  perpAddress: string;
  takerLiqMarginRatioE6: number;
  liquidationFeeE6: number;
}

export function decodeMarketStateHead(row: RawRow): MarketStateHead {
  return {
    perpAddress: row['m_perp_address'] as string,
    takerLiqMarginRatioE6: num(row['m_taker_liq_margin_ratio']),
    liquidationFeeE6: num(row['m_liquidation_fee']),
  };
}
