import { LiteralField, PageLimits } from '@perp/http';
import { TimeRangePageQuery } from '../common';

/** Resolution names and their seconds (the candles table's `resolution`). */
export const CANDLE_RESOLUTION_SECONDS = { '1m': 60, '5m': 300, '15m': 900, '1h': 3_600, '4h': 14_400, '1d': 86_400 } as const;
export type CandleResolution = keyof typeof CANDLE_RESOLUTION_SECONDS;
export const CANDLE_RESOLUTION_NAMES = Object.keys(CANDLE_RESOLUTION_SECONDS) as CandleResolution[];

/** Like /markets/{ticker}/history: 1-1000, default 500 (a page is read from one rollup, never from the snapshots). */
export const CANDLE_PAGE_LIMITS: PageLimits = { min: 1, max: 1000, default: 500 };

/** GET /markets/{perp_address}/candles: start_time and end_time bound the candles' start times, both inclusive. */
export class CandlesQuery extends TimeRangePageQuery(CANDLE_PAGE_LIMITS) {
  @LiteralField(CANDLE_RESOLUTION_NAMES, { required: true, description: 'Candle width' })
  resolution!: CandleResolution;
}
