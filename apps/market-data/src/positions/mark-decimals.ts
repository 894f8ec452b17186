import { BoundedMap, CacheMetricsHook } from '@perp/cache';
import { formatDecimal, x96ToPrice } from '@perp/x96-math';

/** Distinct marks kept: a market's rows share one mark at a time. */
const MAX_MARKS = 4_096;

/**
 * Marks rendered as decimals: an exact 96-place decimal costs tens of µs, and a market's rows share
 * one mark. Owned by the service that renders positions (PositionResponsesService), not kept at
 * module level.
 */
export class MarkDecimals {
  private readonly byMark: BoundedMap<bigint, string>;

  constructor(metrics?: CacheMetricsHook) {
    this.byMark = new BoundedMap({ max: MAX_MARKS, name: 'mark_decimal', metrics });
  }

  /** formatDecimal(x96ToPrice(markX96)), computed once per mark. */
  of(markX96: bigint): string {
    let decimal = this.byMark.get(markX96);
    if (decimal === undefined) {
      decimal = formatDecimal(x96ToPrice(markX96));
      this.byMark.set(markX96, decimal);
    }
    return decimal;
  }
}
