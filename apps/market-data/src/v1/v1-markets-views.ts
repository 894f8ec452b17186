import { MarketChainRow, MarketApiRow, OpenInterestHistoryApiRow, SnapshotApiRow, TradeApiRow } from '@perp/index-db';
import { lowerAddress } from '../common';
import { MarketWithSnapshot, PriceWindow } from '../markets/market-rows';
import { liveFigures, snapshotView, tradeView } from '../markets/market-views';
import { priceStats } from '../markets/price-stats';
import { openInterestPointView } from '../markets/market-history-views';
import { V1LiveMarketDto, V1MarketDetailDto, V1MarketDto, V1OiPointDto, V1SnapshotDto, V1StatsDto, V1TradeDto } from './v1-markets.dto';

/** Rows -> frozen /v1 shapes: the same figures as the unversioned routes, legacy names, no extra keys. */
export function v1MarketView(row: MarketApiRow): V1MarketDto {
  return {
    id: lowerAddress(row.perp_address),
    beacon: lowerAddress(row.beacon_address),
    name: row.name,
    ticker: row.ticker,
    description: row.description,
    photo_url: row.photo_url,
    data_source: row.data_source,
    card_label: row.card_label,
  };
}

export function v1SnapshotView(row: SnapshotApiRow): V1SnapshotDto {
  const { id, timestamp, perp_address, amm_price_x96, mark_price } = snapshotView(row);
  return { id, timestamp, perp: perp_address, amm_price_x96, mark_price };
}

export function v1MarketDetailView({ market, snapshot }: MarketWithSnapshot): V1MarketDetailDto {
  return { market: v1MarketView(market), latest_snapshot: snapshot ? v1SnapshotView(snapshot) : null };
}

export function v1LiveView(market: MarketApiRow, snapshot: SnapshotApiRow, chain: MarketChainRow): V1LiveMarketDto {
  return { perp_id: lowerAddress(market.perp_address), ...liveFigures(market, snapshot, chain) };
}

export function v1StatsView(perpAddress: string, window: PriceWindow): V1StatsDto {
  return { perp_id: lowerAddress(perpAddress), ...priceStats(window) };
}

export function v1TradeView(row: TradeApiRow): V1TradeDto {
  const { id, timestamp, perp_address, pos_id, was_liquidated, perp_delta, usd_delta, mark_price, funding, util_fees, liq_fee } = tradeView(row);
  return { id, timestamp, perp: perp_address, pos_id, was_liquidated, perp_delta, usd_delta, mark_price, funding, util_fees, liq_fee };
}

/** An open-interest point in the frozen legacy shape: the same figures as the unversioned one, capacity left out. */
export function v1OiPointView(perpAddress: string, row: OpenInterestHistoryApiRow): V1OiPointDto {
  const point = openInterestPointView(row);
  return { perp_id: lowerAddress(perpAddress), taker_long_oi: point.open_interest_long, taker_short_oi: point.open_interest_short, timestamp: point.timestamp };
}
