import { TakerCumulativesX96 } from './liquidation-mark';
import {
  accrueCumulatives,
  feeGrowthInside1X128,
  MarketCumulatives,
  makerEquityExact,
  MakerEquityExact,
  markAt,
  takerHealthExact,
  TakerHealthExact,
  TickFundingX96,
} from '@perp/x96-math';

/**
 * The bridge from index-store rows to @perp/x96-math: which stored column feeds which contract
 * input. Every served figure (market-data) and every simulator check goes through here, so that
 * the store, the simulator and the API cannot price a position differently.
 */

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

/** A ticks row, decoded. */
export interface TickChainRow extends TickFundingX96 {
  feeGrowthOutside1X128: bigint;
}

/** A market priced at one time: the contract's mark and every cumulative accrued to it. */
export interface MarkedMarket {
  /** The time marked: the mark snapshot's (as_of), never earlier than the stored touch. */
  asOf: number;
  markX96: bigint;
  cumulatives: MarketCumulatives;
}

/**
 * A market at `asOf` (the time of its mark snapshot), as PerpLogic.accrue would leave it then: the fair
 * price of the pool price, the index and both EMAs advanced from rates_last_touch by expWad, and funding,
 * funding per sqrt price and utilization (payments and earnings) accrued over the elapsed time at that
 * mark. A snapshot older than the stored touch marks at the touch (nothing to advance). null before the
 * market's first EMA update (no EMA, index or touch stored) or without a snapshot.
 */
export function markMarket(market: MarketChainRow, asOf: number | null): MarkedMarket | null {
  if (asOf === null || market.emaAmmPriceX96 === null || market.emaIndexPriceX96 === null || market.indexPriceX96 === null || market.ratesLastTouch === null) {
    return null;
  }
  const time = asOf > market.ratesLastTouch ? asOf : market.ratesLastTouch;
  const { markPriceX96 } = markAt({
    sqrtPriceX96: market.sqrtPriceX96,
    indexX96: market.indexPriceX96,
    emas: { amm: market.emaAmmPriceX96, index: market.emaIndexPriceX96, lastTouch: BigInt(market.ratesLastTouch) },
    emaWindowSeconds: BigInt(market.emaWindow),
    timestamp: BigInt(time),
  });
  const cumulatives = accrueCumulatives(
    {
      fundingX96: market.cumulativeFundingX96,
      fundingDivSqrtPX96: market.fundingDivSqrtPX96,
      longUtilPaymentsX96: market.longUtilPaymentsX96,
      shortUtilPaymentsX96: market.shortUtilPaymentsX96,
      longUtilEarningsX96: market.longUtilEarningsX96,
      shortUtilEarningsX96: market.shortUtilEarningsX96,
    },
    {
      fundingPerDayWad: market.fundingPerDay ?? 0n,
      longUtilFeePerDayWad: market.longUtilFeePerDay,
      shortUtilFeePerDayWad: market.shortUtilFeePerDay,
      lastTouch: BigInt(market.ratesLastTouch),
      timestamp: BigInt(time),
      openInterestLong: market.openInterestLong,
      openInterestShort: market.openInterestShort,
      capacityLong: market.capacityLong,
      capacityShort: market.capacityShort,
      markPriceX96,
      sqrtPriceX96: market.sqrtPriceX96,
    },
  );
  return { asOf: time, markX96: markPriceX96, cumulatives };
}

/** The taker side of the cumulatives, in the shape of the candidate bounds. */
export function takerCumulatives(marked: MarkedMarket): TakerCumulativesX96 {
  return {
    cumulativeFundingX96: marked.cumulatives.fundingX96,
    longUtilPaymentsX96: marked.cumulatives.longUtilPaymentsX96,
    shortUtilPaymentsX96: marked.cumulatives.shortUtilPaymentsX96,
  };
}

/** liquidateTaker's test (and every leg of it) at the marked market: funding and util owed since the checkpoints, value at the mark. */
export function takerFigures(marked: MarkedMarket, position: PositionChainRow, markX96 = marked.markX96): TakerHealthExact {
  return takerHealthExact(
    {
      fundingX96: marked.cumulatives.fundingX96,
      longUtilPaymentsX96: marked.cumulatives.longUtilPaymentsX96,
      shortUtilPaymentsX96: marked.cumulatives.shortUtilPaymentsX96,
      markPriceX96: markX96,
    },
    {
      perpDelta: position.perpDelta,
      usdDelta: position.usdDelta,
      margin: position.margin,
      liqMarginRatioE6: BigInt(position.liqMarginRatioE6),
      lastCumlFundingX96: position.entryCumulativeFundingX96,
      lastLongUtilPaymentsX96: position.entryLongUtilPaymentsX96,
      lastShortUtilPaymentsX96: position.entryShortUtilPaymentsX96,
    },
  );
}

/** The two ticks of a band. */
export interface BandTicks {
  lower: TickChainRow;
  upper: TickChainRow;
}

/**
 * What a touch at the marked time would settle for an open maker, and its health test (the SDK's
 * maker_equity): its band's funding legs from its two ticks, util earnings, LP fees from the fee growth
 * inside, valPnl at the mark.
 */
export function makerFigures(
  marked: MarkedMarket,
  market: Pick<MarketChainRow, 'tick' | 'sqrtPriceX96' | 'feeGrowthGlobal1X128'>,
  position: PositionChainRow,
  ticks: BandTicks,
): MakerEquityExact {
  if (position.tickLower === null || position.tickUpper === null || position.liquidity === null) {
    throw new RangeError('makerFigures needs a band');
  }
  return makerEquityExact(
    { ...marked.cumulatives, tick: market.tick, sqrtPriceX96: market.sqrtPriceX96, markPriceX96: marked.markX96 },
    {
      margin: position.margin,
      liqMarginRatioE6: BigInt(position.liqMarginRatioE6),
      perpDelta: position.perpDelta,
      usdDelta: position.usdDelta,
      lastCumlFundingX96: position.entryCumulativeFundingX96,
      tickLower: position.tickLower,
      tickUpper: position.tickUpper,
      liquidity: position.liquidity,
      lastLongUtilEarningsX96: position.entryLongUtilEarningsX96,
      lastShortUtilEarningsX96: position.entryShortUtilEarningsX96,
      capacityLong: position.capacityLong,
      capacityShort: position.capacityShort,
      lastBelowX96: position.entryFundingBelowX96,
      lastWithinX96: position.entryFundingWithinX96,
      lastDivSqrtWithinX96: position.entryFundingDivSqrtWithinX96,
      tickLowerFunding: ticks.lower,
      tickUpperFunding: ticks.upper,
      feeGrowthInside1X128: feeGrowthInside1X128(
        market.feeGrowthGlobal1X128,
        ticks.lower.feeGrowthOutside1X128,
        ticks.upper.feeGrowthOutside1X128,
        position.tickLower,
        position.tickUpper,
        market.tick,
      ),
      feeGrowthInside1LastX128: position.feeGrowthInside1LastX128,
    },
  );
}

type Raw = Record<string, unknown>;
const big = (value: unknown): bigint => BigInt(value as string);
const bigOrNull = (value: unknown): bigint | null => (value === null || value === undefined ? null : BigInt(value as string));
const numOrNull = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));

/** The markets columns contractMarkX96 / takerFigures / makerFigures read, with an optional prefix on the output names. */
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
] as const;

/** The positions columns they read. */
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
] as const;

/** Decodes MARKET_CHAIN_COLUMNS from a pg row (numerics come back as strings), each name read with `prefix`. */
export function decodeMarketChainRow(row: Raw, prefix = ''): MarketChainRow {
  const v = (name: string) => row[prefix + name];
  return {
    sqrtPriceX96: big(v('sqrt_price_x96')),
    tick: Number(v('tick')),
    emaWindow: Number(v('ema_window')),
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

/** Decodes POSITION_CHAIN_COLUMNS from a pg row. */
export function decodePositionChainRow(row: Raw, prefix = ''): PositionChainRow {
  const v = (name: string) => row[prefix + name];
  return {
    margin: big(v('margin')),
    perpDelta: big(v('perp_delta')),
    usdDelta: big(v('usd_delta')),
    liqMarginRatioE6: Number(v('liq_margin_ratio')),
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

/** Decodes a ticks row. */
export function decodeTickChainRow(row: Raw, prefix = ''): TickChainRow | null {
  if (row[prefix + 'cuml_funding_opp_x96'] === null || row[prefix + 'cuml_funding_opp_x96'] === undefined) return null;
  return {
    cumlFundingOppX96: big(row[prefix + 'cuml_funding_opp_x96']),
    cumlFundingDivSqrtPOppX96: big(row[prefix + 'cuml_funding_div_sqrt_p_opp_x96']),
    feeGrowthOutside1X128: big(row[prefix + 'fee_growth_outside1_x128']),
  };
}

/** The ticks columns, for `SELECT` with an alias and an output prefix (a band's two ticks in one row). */
export const TICK_CHAIN_COLUMNS = ['cuml_funding_opp_x96', 'cuml_funding_div_sqrt_p_opp_x96', 'fee_growth_outside1_x128'] as const;
