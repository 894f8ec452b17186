import { getSqrtPriceAtTick, MAX_TICK, MIN_TICK } from '@perp/x96-math';

/**
 * TickMath.getTickAtSqrtPrice: the greatest tick whose sqrt price is <= sqrtPriceX96.
 * A binary search over the math lib's exact getSqrtPriceAtTick (the math lib has no
 * inverse yet); about 21 probes, which is fine for per-position and per-market use.
 */
export function tickAtSqrtPrice(sqrtPriceX96: bigint): number {
  let lo = MIN_TICK;
  let hi = MAX_TICK;
  if (sqrtPriceX96 < getSqrtPriceAtTick(lo)) throw new RangeError('sqrt price below MIN_TICK');
  while (lo < hi) {
    const mid = Math.floor((lo + hi + 1) / 2);
    if (getSqrtPriceAtTick(mid) <= sqrtPriceX96) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** The nearest multiple of `spacing` at or below `tick` (floor, also for negative ticks). */
export function alignDown(tick: number, spacing: number): number {
  return Math.floor(tick / spacing) * spacing;
}

/** tickAtSqrtPrice by a walk from a nearby tick (the pool moves a few ticks per step): the same answer, a few TickMath calls. */
export function tickNear(sqrtPriceX96: bigint, fromTick: number): number {
  let tick = fromTick;
  for (let i = 0; i < 64; i++) {
    if (getSqrtPriceAtTick(tick) > sqrtPriceX96) tick--;
    else if (tick < MAX_TICK && getSqrtPriceAtTick(tick + 1) <= sqrtPriceX96) tick++;
    else return tick;
  }
  return tickAtSqrtPrice(sqrtPriceX96);
}
