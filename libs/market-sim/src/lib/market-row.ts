import { MarketsRow } from '@perp/index-db';
import { marketTickBounds } from '@perp/perp-city-abi';
import { MarketConfig, PROTOCOL } from './market-setup';
import { MarketFinalState } from './market-sim';

const CHAIN_TICK_BOUNDS = marketTickBounds('v0.1.0');

/** The markets row of a simulated market: its configuration plus the state the run ended with. */
export function marketRow(c: MarketConfig, s: MarketFinalState): MarketsRow {
  return {
    perp_address: c.perpAddress,
    beacon_address: c.beaconAddress,
    owner: c.owner,
    name: c.name,
    symbol: c.symbol,
    token_uri: c.tokenUri,
    pool_id: c.poolId,
    pricing_module: c.pricingModule,
    funding_module: c.fundingModule,
    fees_module: c.feesModule,
    margin_ratios_module: c.marginRatiosModule,
    price_impact_module: c.priceImpactModule,
    ema_window: PROTOCOL.emaWindowSeconds,
    protocol_fee: c.protocolFee,
    tick_spacing: PROTOCOL.tickSpacing,
    // What the chain means by them (the Perp's own tick bounds), as the indexer writes them; the
    // simulator's price model keeps to a narrower band of its own (c.minTick..c.maxTick).
    min_tick: CHAIN_TICK_BOUNDS.minTick,
    max_tick: CHAIN_TICK_BOUNDS.maxTick,
    taker_liq_margin_ratio: PROTOCOL.takerLiqMarginRatio,
    taker_backstop_margin_ratio: c.takerBackstopMarginRatio,
    maker_liq_margin_ratio: PROTOCOL.makerLiqMarginRatio,
    maker_backstop_margin_ratio: PROTOCOL.makerBackstopMarginRatio,
    creator_fee: PROTOCOL.creatorFee,
    insurance_fee: c.insuranceFee,
    lp_fee: c.lpFee,
    liquidation_fee: c.liquidationFee,
    sqrt_price_x96: s.sqrtPriceX96,
    tick: s.tick,
    liquidity: s.liquidity,
    ema_amm_price_x96: s.emaAmmPriceX96,
    ema_index_price_x96: s.emaIndexPriceX96,
    funding_per_day: s.fundingPerDay,
    cumulative_funding_x96: s.cumulativeFundingX96,
    index_price_x96: s.indexPriceX96,
    rates_last_touch: s.ratesLastTouch,
    funding_div_sqrt_p_x96: s.fundingDivSqrtPX96,
    long_util_payments_x96: s.longUtilPaymentsX96,
    short_util_payments_x96: s.shortUtilPaymentsX96,
    long_util_earnings_x96: s.longUtilEarningsX96,
    short_util_earnings_x96: s.shortUtilEarningsX96,
    long_util_fee_per_day: s.longUtilFeePerDay,
    short_util_fee_per_day: s.shortUtilFeePerDay,
    fee_growth_global1_x128: s.feeGrowthGlobal1X128,
    open_interest_long: s.openInterestLong,
    open_interest_short: s.openInterestShort,
    capacity_long: s.capacityLong,
    capacity_short: s.capacityShort,
    insurance: s.insurance,
    bad_debt: s.badDebt,
    total_margin: s.totalMargin,
    created_at: c.createdAt,
    last_touched_at: s.lastTouchedAt,
    description: c.description,
    photo_url: c.photoUrl,
    data_source: c.dataSource,
    card_label: c.cardLabel,
    ticker: c.ticker,
    block_number: null,
  };
}
