import { CandleApiRow } from '@perp/index-db';
import { atomsText, sqrtX96PriceText, x96PriceText } from '@perp/x96-math';
import { lowerAddress, toIsoUtc } from '../common';
import { CandleDto } from './candle.dto';
import { CandleResolution } from './candles-query.dto';

const orNull =
  (f: (x: bigint) => string) =>
  (x: string | null): string | null =>
    x === null ? null : f(BigInt(x));
// The bigint formatters give formatDecimal's text (x96-math decimal-text.spec.ts) without a BigNumber per value: a page holds 8000 prices.
const markPrice = orNull(sqrtX96PriceText);
const indexPrice = orNull(x96PriceText);
const perps = orNull(atomsText);

/** A rollup row -> Candle: the pool sqrt prices squared as /snapshots mark_price, the index as a plain X96 price, atoms in human units. */
export function candleView(perpAddress: string, resolution: CandleResolution, row: CandleApiRow): CandleDto {
  return {
    timestamp: toIsoUtc(row.bucket),
    perp_address: lowerAddress(perpAddress),
    resolution,
    open: markPrice(row.open_sqrt_x96),
    high: markPrice(row.high_sqrt_x96),
    low: markPrice(row.low_sqrt_x96),
    close: markPrice(row.close_sqrt_x96),
    index_open: indexPrice(row.open_index_x96),
    index_high: indexPrice(row.high_index_x96),
    index_low: indexPrice(row.low_index_x96),
    index_close: indexPrice(row.close_index_x96),
    volume_usd: atomsText(BigInt(row.volume_usd)),
    volume_perps: atomsText(BigInt(row.volume_perps)),
    trade_count: Number(row.trade_count),
    open_interest_long: perps(row.open_interest_long),
    open_interest_short: perps(row.open_interest_short),
  };
}
