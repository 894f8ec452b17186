import { MarketChainRow, markMarket, MarketApiRow, SnapshotApiRow, TradeApiRow } from '@perp/index-db';
import { formatDecimal, x96ToPrice } from '@perp/x96-math';
import { lowerAddress, toIsoUtc, withPerpAlias } from '../common';
import { LiveMarketDto } from './live-market.dto';
import {
  atomsDec,
  atomsDecOrNull,
  fundingDailyDecOrNull,
  indexX96OrNull,
  integerDec,
  ratioDec,
  sqrtX96PriceDec,
  toInt,
  toIntOrNull,
  x96PriceDecOrNull,
} from './market-decimals';
import { MarketDetailDto } from './market-detail.dto';
import { MarketWithSnapshot, PriceWindow } from './market-rows';
import { MarketStatsDto } from './market-stats.dto';
import { MarketDto } from './market.dto';
import { priceStats } from './price-stats';
import { SnapshotDto } from './snapshot.dto';
import { TradeDto } from './trade.dto';

/** Rows -> the unversioned response shapes (field order as in the spec). */
export function marketView(row: MarketApiRow): MarketDto {
  return withPerpAlias({
    perp_address: lowerAddress(row.perp_address),
    beacon_address: lowerAddress(row.beacon_address),
    owner: lowerAddress(row.owner),
    name: row.name,
    symbol: row.symbol,
    token_uri: row.token_uri,
    pool_id: row.pool_id.toLowerCase(),
    pricing_module: lowerAddress(row.pricing_module),
    funding_module: lowerAddress(row.funding_module),
    fees_module: lowerAddress(row.fees_module),
    margin_ratios_module: lowerAddress(row.margin_ratios_module),
    price_impact_module: lowerAddress(row.price_impact_module),
    ema_window: integerDec(row.ema_window),
    protocol_fee: ratioDec(row.protocol_fee),
    mark_price: x96PriceDecOrNull(row.ema_amm_price_x96),
    index_price: x96PriceDecOrNull(row.ema_index_price_x96),
    funding_rate_daily: fundingDailyDecOrNull(row.funding_per_day),
    open_interest_long: atomsDec(row.open_interest_long),
    open_interest_short: atomsDec(row.open_interest_short),
    capacity_long: atomsDec(row.capacity_long),
    capacity_short: atomsDec(row.capacity_short),
    liquidity: integerDec(row.liquidity),
    tick: row.tick,
    insurance: atomsDec(row.insurance),
    bad_debt: atomsDec(row.bad_debt),
    total_margin: atomsDec(row.total_margin),
    created_at: toIntOrNull(row.created_at),
    last_touched_at: toIntOrNull(row.last_touched_at),
    description: row.description,
    photo_url: row.photo_url,
    data_source: row.data_source,
    card_label: row.card_label,
    ticker: row.ticker,
  });
}

export function snapshotView(row: SnapshotApiRow): SnapshotDto {
  return withPerpAlias({
    id: toInt(row.id),
    timestamp: toIsoUtc(row.timestamp),
    perp_address: lowerAddress(row.perp_address),
    amm_price_x96: integerDec(row.amm_price_x96),
    mark_price: sqrtX96PriceDec(row.amm_price_x96),
  });
}

export function tradeView(row: TradeApiRow): TradeDto {
  return withPerpAlias({
    id: toInt(row.id),
    timestamp: toIsoUtc(row.timestamp),
    perp_address: lowerAddress(row.perp_address),
    pos_id: toInt(row.pos_id),
    was_liquidated: row.was_liquidated,
    perp_delta: atomsDec(row.perp_delta),
    usd_delta: atomsDec(row.usd_delta),
    mark_price: x96PriceDecOrNull(row.mark_price_x96),
    funding: atomsDecOrNull(row.funding),
    util_fees: atomsDecOrNull(row.util_fees),
    liq_fee: atomsDecOrNull(row.liq_fee),
  });
}

/**
 * The live figures without an identifier field: both families add their own (perp_address / perp_id).
 * mark_price is the contract's mark at the snapshot's time (index-db markMarket: the fair price with the
 * EMAs advanced), the same number as the positions' current_mark_price; before the market's first EMA
 * update it is the snapshot's pool price.
 */
export function liveFigures(market: MarketApiRow, snapshot: SnapshotApiRow, chain: MarketChainRow) {
  const marked = markMarket(chain, Math.floor(snapshot.timestamp.getTime() / 1000));
  return {
    mark_price: marked === null ? sqrtX96PriceDec(snapshot.amm_price_x96) : formatDecimal(x96ToPrice(marked.markX96)),
    // "Live" is the latest snapshot: its own index (none -> null), not the market's EMA index.
    index_price: x96PriceDecOrNull(indexX96OrNull(snapshot.index_price_x96)),
    funding_rate_daily: fundingDailyDecOrNull(market.funding_per_day),
    timestamp: toIsoUtc(snapshot.timestamp),
  };
}

export function liveView(market: MarketApiRow, snapshot: SnapshotApiRow, chain: MarketChainRow): LiveMarketDto {
  return { ...withPerpAlias({ perp_address: lowerAddress(market.perp_address) }), ...liveFigures(market, snapshot, chain) };
}

export function marketDetailView({ market, snapshot, chain }: MarketWithSnapshot): MarketDetailDto {
  return {
    market: marketView(market),
    latest_snapshot: snapshot ? snapshotView(snapshot) : null,
    live: snapshot ? liveView(market, snapshot, chain) : null,
  };
}

export function statsView(perpAddress: string, window: PriceWindow): MarketStatsDto {
  return { ...withPerpAlias({ perp_address: lowerAddress(perpAddress) }), ...priceStats(window) };
}
