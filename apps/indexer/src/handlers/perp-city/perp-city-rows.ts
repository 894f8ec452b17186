import {
  liquidationKeyX96,
  liquidationMarkX96,
  takerRealizedPnl,
  type MarketsRow,
  type PositionSettlementsRow,
  type PositionsRow,
  type TicksRow,
} from '@perp/index-db';
import { marketTickBounds } from '@perp/perp-city-abi';
import type { MarketViews, PositionViews, TickViews } from './perp-city-reads';

const Q96 = 2n ** 96n;

/** What PerpCreated says of a market and nothing reads back (the static columns). */
export interface MarketIdentity {
  perpAddress: string;
  poolId: string;
  owner: string;
  name: string;
  symbol: string;
  tokenUri: string;
  emaWindow: number;
  protocolFee: number;
  createdAt: number;
}

/**
 * The markets row of a market at one block: its identity and every view of that block. min_tick and
 * max_tick are the Perp's own tick bounds (perp-city-abi marketTickBounds): openMaker refuses a band
 * outside them, so every band and every pool price lies in that range.
 */
export function marketRow(identity: MarketIdentity, v: MarketViews, block: { number: number; timestamp: number }): MarketsRow {
  const bounds = marketTickBounds(v.build);
  return {
    perp_address: identity.perpAddress,
    beacon_address: v.modules.beacon,
    owner: identity.owner,
    name: identity.name,
    symbol: identity.symbol,
    token_uri: identity.tokenUri,
    pool_id: identity.poolId,
    pricing_module: v.modules.pricing,
    funding_module: v.modules.funding,
    fees_module: v.modules.fees,
    margin_ratios_module: v.modules.marginRatios,
    price_impact_module: v.modules.priceImpact,
    ema_window: identity.emaWindow,
    protocol_fee: identity.protocolFee,
    tick_spacing: v.tickSpacing,
    min_tick: bounds.minTick,
    max_tick: bounds.maxTick,
    ...v.moduleColumns,
    sqrt_price_x96: v.poolState.sqrtPriceX96,
    tick: v.poolState.tick,
    liquidity: v.poolState.liquidity,
    ema_amm_price_x96: v.emas.ammPrice,
    ema_index_price_x96: v.emas.index,
    funding_per_day: v.rates.fundingPerDay,
    cumulative_funding_x96: v.cumulatives.fundingX96,
    index_price_x96: v.indexX96,
    rates_last_touch: v.rates.lastTouch,
    funding_div_sqrt_p_x96: v.cumulatives.fundingDivSqrtPX96,
    long_util_payments_x96: v.cumulatives.longUtilPaymentsX96,
    short_util_payments_x96: v.cumulatives.shortUtilPaymentsX96,
    long_util_earnings_x96: v.cumulatives.longUtilEarningsX96,
    short_util_earnings_x96: v.cumulatives.shortUtilEarningsX96,
    long_util_fee_per_day: v.rates.longUtilFeePerDay,
    short_util_fee_per_day: v.rates.shortUtilFeePerDay,
    fee_growth_global1_x128: v.feeGrowthGlobal1X128,
    open_interest_long: v.openInterest.long,
    open_interest_short: v.openInterest.short,
    capacity_long: v.capacity.long,
    capacity_short: v.capacity.short,
    insurance: v.insurance,
    bad_debt: v.badDebt,
    total_margin: v.totalMargin,
    created_at: identity.createdAt,
    last_touched_at: block.timestamp,
    // Cosmetic fields are not on chain: an operator sets them in the store.
    description: null,
    photo_url: null,
    data_source: null,
    card_label: null,
    ticker: null,
    block_number: block.number,
  };
}

/** What the store keeps of a position that its views forget once it is closed. */
export interface PositionHistory {
  isMaker: boolean;
  holder: string;
  openTimestamp: number;
  /** The last open state, kept on close ("closed positions keep their last margin and deltas"). */
  last: PositionsRow | null;
}

/** Average entry price of a taker's book, plain X96; null with no exposure. */
function entryPriceX96(perpDelta: bigint, usdDelta: bigint): bigint | null {
  if (perpDelta === 0n) return null;
  const perp = perpDelta < 0n ? -perpDelta : perpDelta;
  const usd = usdDelta < 0n ? -usdDelta : usdDelta;
  return (usd * Q96) / perp;
}

/**
 * The positions row of an open position at one block, from its views and, for a maker, its pool
 * position's feeGrowthInside1LastX128 (the LP-fee leg's checkpoint; takers pass 0n).
 */
export function openPositionRow(
  perpAddress: string,
  id: bigint,
  v: PositionViews,
  h: PositionHistory,
  blockNumber: number,
  feeGrowthInside1LastX128: bigint,
): PositionsRow {
  const taker = !h.isMaker;
  const book = { margin: v.margin, perpDelta: v.perpDelta, usdDelta: v.usdDelta };
  const hasExposure = taker && v.perpDelta !== 0n;
  return {
    id,
    perp_address: perpAddress,
    holder: v.holder ?? h.holder,
    is_maker: h.isMaker,
    is_long: taker ? v.perpDelta >= 0n : null,
    is_closed: false,
    open_timestamp: h.openTimestamp,
    close_timestamp: null,
    was_liquidated: null,
    margin: v.margin,
    perp_delta: v.perpDelta,
    usd_delta: v.usdDelta,
    avg_entry_amm_price_x96: taker ? entryPriceX96(v.perpDelta, v.usdDelta) : null,
    liq_margin_ratio: v.liqMarginRatio,
    backstop_margin_ratio: v.backstopMarginRatio,
    tick_lower: taker ? null : v.maker.tickLower,
    tick_upper: taker ? null : v.maker.tickUpper,
    liquidity: taker ? null : v.maker.liquidity,
    entry_cumulative_funding_x96: v.lastCumlFundingX96,
    liq_mark_x96: hasExposure ? liquidationMarkX96(book, v.liqMarginRatio) : null,
    liq_key_x96: hasExposure
      ? liquidationKeyX96(
          {
            ...book,
            entryCumulativeFundingX96: v.lastCumlFundingX96,
            entryLongUtilPaymentsX96: v.lastLongUtilPaymentsX96,
            entryShortUtilPaymentsX96: v.lastShortUtilPaymentsX96,
          },
          v.liqMarginRatio,
        )
      : null,
    entry_long_util_payments_x96: taker ? v.lastLongUtilPaymentsX96 : 0n,
    entry_short_util_payments_x96: taker ? v.lastShortUtilPaymentsX96 : 0n,
    entry_long_util_earnings_x96: taker ? 0n : v.maker.lastLongUtilEarningsX96,
    entry_short_util_earnings_x96: taker ? 0n : v.maker.lastShortUtilEarningsX96,
    capacity_long: taker ? 0n : v.maker.capacityLong,
    capacity_short: taker ? 0n : v.maker.capacityShort,
    entry_funding_below_x96: taker ? 0n : v.maker.belowX96,
    entry_funding_within_x96: taker ? 0n : v.maker.withinX96,
    entry_funding_div_sqrt_within_x96: taker ? 0n : v.maker.divSqrtPriceWithinX96,
    fee_growth_inside1_last_x128: taker ? 0n : feeGrowthInside1LastX128,
    block_number: blockNumber,
  };
}

/** The ticks row of one band tick at one block. */
export function tickRow(perpAddress: string, tick: number, v: TickViews, blockNumber: number): TicksRow {
  return {
    perp_address: perpAddress,
    tick,
    cuml_funding_opp_x96: v.cumlFundingOppX96,
    cuml_funding_div_sqrt_p_opp_x96: v.cumlFundingDivSqrtPOppX96,
    fee_growth_outside1_x128: v.feeGrowthOutside1X128,
    block_number: blockNumber,
  };
}

/** The row of a position closed at `block`: its last open state, closed, with no liquidation key. */
export function closedPositionRow(last: PositionsRow, close: { timestamp: number; liquidated: boolean; blockNumber: number }): PositionsRow {
  return {
    ...last,
    is_closed: true,
    close_timestamp: close.timestamp,
    was_liquidated: close.liquidated,
    liq_mark_x96: null,
    liq_key_x96: null,
    block_number: close.blockNumber,
  };
}

/** A position's settling events of one block, summed. */
export interface Settled {
  /** The USD leg of its swaps (BalanceDelta amount1), USDC atoms. */
  swapUsd: bigint;
  /** As the events sign it: paid > 0. */
  funding: bigint;
  /** A maker event: its PnL is not exact from events and views (index-db position-settlements.ts). */
  makerLeg: boolean;
}

/**
 * The position_settlements row of a position's settling events in one block: realized PnL from
 * the USD leg before (the stored row; 0 when it opened in the block) and after (the views at the
 * block; 0 once closed), funding as the events settled it. A maker leg, or a position whose earlier
 * state the store lacks, realizes an unknown amount (null).
 */
export function settlementRow(
  perpAddress: string,
  id: bigint,
  settled: Settled,
  block: { opened: boolean; closed: boolean },
  last: PositionsRow | null,
  usdDeltaNow: bigint,
  timestamp: string,
  blockNumber: number,
): Omit<PositionSettlementsRow, 'id'> {
  const before = block.opened ? 0n : ((last?.usd_delta as bigint | undefined) ?? null);
  const after = block.closed ? 0n : usdDeltaNow;
  return {
    perp_address: perpAddress,
    pos_id: id,
    timestamp,
    opened: block.opened,
    realized_pnl: settled.makerLeg || before === null ? null : takerRealizedPnl(settled.swapUsd, before, after),
    funding: settled.funding,
    block_number: blockNumber,
  };
}
