import { CandleApiRow } from '@perp/index-db';
import { lowerAddress, toIsoUtc } from '../common';
import { atomsDec, sqrtX96PriceDec, x96PriceDecOrNull } from '../markets/market-decimals';
import { CandleDto } from './candle.dto';
import { CandleResolution } from './candles-query.dto';

const sqrtPriceOrNull = (x: string | null): string | null => (x === null ? null : sqrtX96PriceDec(x));

/** A rollup row -> Candle: the pool sqrt prices squared exactly as /snapshots mark_price, the index as a plain X96 price, atoms in human units. */
export function candleView(perpAddress: string, resolution: CandleResolution, row: CandleApiRow): CandleDto {
  return {
    timestamp: toIsoUtc(row.bucket),
    perp_address: lowerAddress(perpAddress),
    resolution,
    open: sqrtPriceOrNull(row.open_sqrt_x96),
    high: sqrtPriceOrNull(row.high_sqrt_x96),
    low: sqrtPriceOrNull(row.low_sqrt_x96),
    close: sqrtPriceOrNull(row.close_sqrt_x96),
    index_open: x96PriceDecOrNull(row.open_index_x96),
    index_high: x96PriceDecOrNull(row.high_index_x96),
    index_low: x96PriceDecOrNull(row.low_index_x96),
    index_close: x96PriceDecOrNull(row.close_index_x96),
    volume_usd: atomsDec(row.volume_usd),
    volume_perps: atomsDec(row.volume_perps),
    trade_count: Number(row.trade_count),
  };
}
