import { E6, mulDiv, sFullMulDiv } from './full-math';
import { isLiquidatableAtoms } from './health-test';
import { integerSqrt } from './integer-sqrt';
import { getAmount0ForLiquidity, getAmountsForLiquidity } from './maker';
import { MAX_SQRT_PRICE, MIN_SQRT_PRICE, getSqrtPriceAtTick } from './tick-math';
import { Q96 } from './x96';

/** A maker held at one time: its settle legs fixed (funding, util earnings, LP fees at as_of), only the price moves. */
export interface MakerAtPrice {
  /** margin - funding owed + util earnings + LP fees, at as_of (MakerEquityExact.settledMargin). */
  settledMargin: bigint;
  perpDelta: bigint;
  usdDelta: bigint;
  tickLower: number;
  tickUpper: number;
  liquidity: bigint;
  liqMarginRatioE6: bigint;
}

/** The highest X96 price a pool can hold (MAX_SQRT_PRICE squared): the search's upper end. */
export const MAX_POOL_PRICE_X96 = (MAX_SQRT_PRICE * MAX_SQRT_PRICE) / Q96;

/** The pool's sqrt price at an X96 price, clamped to the pool's range: floor(sqrt(price * 2^96)). */
function sqrtAt(priceX96: bigint): bigint {
  const s = fastSqrt(priceX96 << 96n);
  return s < MIN_SQRT_PRICE ? MIN_SQRT_PRICE : s > MAX_SQRT_PRICE ? MAX_SQRT_PRICE : s;
}

/**
 * The contract's maker test with the pool and the mark both at `priceX96`: the band composed at the
 * pool's sqrt price (LiquidityAmounts, floored) and valued at the mark, valPnl and the integer ratio
 * as makerEquityExact computes them, the settle legs held.
 */
export function makerFailsAtPrice(
  maker: MakerAtPrice,
  priceX96: bigint,
  sqrtLower = getSqrtPriceAtTick(maker.tickLower),
  sqrtUpper = getSqrtPriceAtTick(maker.tickUpper),
): boolean {
  const { amount0, amount1 } = getAmountsForLiquidity(sqrtAt(priceX96), sqrtLower, sqrtUpper, maker.liquidity);
  const value = mulDiv(amount0, priceX96, Q96) + amount1;
  const equity = maker.settledMargin + value + sFullMulDiv(maker.perpDelta, priceX96, Q96, false) + maker.usdDelta;
  return isLiquidatableAtoms(equity, value, maker.liqMarginRatioE6);
}

/**
 * makerFailsAtPrice with the band's constants taken out and the arithmetic written inline (no range
 * checks, no objects): the same integers (the spec checks it against makerFailsAtPrice), a few times
 * faster, for the searches that call it a few hundred times per maker.
 */
export function makerTestAtPrice(maker: MakerAtPrice, sqrtLower: bigint, sqrtUpper: bigint): (priceX96: bigint) => boolean {
  const { settledMargin, perpDelta, usdDelta, liquidity, liqMarginRatioE6: r } = maker;
  const lq = liquidity << 96n;
  const amount0Below = (lq * (sqrtUpper - sqrtLower)) / sqrtUpper / sqrtLower;
  const amount1Above = (liquidity * (sqrtUpper - sqrtLower)) / Q96;
  const fixed = settledMargin + usdDelta;
  return (priceX96) => {
    const s = sqrtAt(priceX96);
    let value: bigint;
    if (s <= sqrtLower) value = (amount0Below * priceX96) / Q96;
    else if (s < sqrtUpper) value = (((lq * (sqrtUpper - s)) / sqrtUpper / s) * priceX96) / Q96 + (liquidity * (s - sqrtLower)) / Q96;
    else value = amount1Above;
    const equity = fixed + value + (perpDelta * priceX96) / Q96; // BigInt division truncates toward zero, as sFullMulDiv
    return equity <= 0n ? r > 0n : (equity * E6) / (value + 1n) < r;
  };
}

/**
 * Where a maker's equity minus r times its value peaks. In the continuum that function is concave in
 * the price (the band's value is concave, its slope amount0 falls as the price rises; the perp leg is
 * linear): its slope (1 - r) * amount0 + perpDelta changes sign once, where amount0 = -perpDelta / (1 - r).
 * amount0 of the band at a sqrt price s inside it is L 2^96 (su - s) / (s su), so that s is
 * L 2^96 su / (T su + L 2^96). The exact test is then searched on each side of the peak.
 */
function peakPriceX96(maker: MakerAtPrice, sqrtLower: bigint, sqrtUpper: bigint): bigint {
  const r = maker.liqMarginRatioE6;
  if (maker.perpDelta >= 0n || r >= E6) return MAX_POOL_PRICE_X96; // Never falls as the price rises (or every price fails).
  const target = mulDiv(-maker.perpDelta, E6, E6 - r); // amount0 at the peak
  if (getAmount0ForLiquidity(sqrtLower, sqrtUpper, maker.liquidity) <= target) return 0n; // Falling from the start.
  const lq = maker.liquidity << 96n;
  const s = (lq * sqrtUpper) / (target * sqrtUpper + lq);
  return (s * s) / Q96;
}

/**
 * floor(sqrt(n)), as integerSqrt but from a floating-point start just above the root, so that Newton
 * needs two or three steps instead of about ten (this runs a few hundred times per maker).
 */
function fastSqrt(n: bigint): bigint {
  if (n < 1n << 52n) return integerSqrt(n);
  const guess = BigInt(Math.ceil(Math.sqrt(Number(n)) * (1 + 2 ** -40))) + 1n; // above the root
  let x = guess;
  let y = (x + n / x) >> 1n;
  while (y < x) {
    x = y;
    y = (x + n / x) >> 1n;
  }
  return x;
}

/**
 * Out from `from` (where the test passes) towards `to` by doubling steps, the first step 2^-24 of the
 * price, until the test fails: a bracket as wide as the distance, rather than the whole price range.
 */
function gallop(from: bigint, to: bigint, fails: (p: bigint) => boolean): [bigint, bigint] {
  const up = to > from;
  let step = (from >> 24n) + 1n;
  let safe = from;
  for (;;) {
    const next = up ? (to - from > step ? from + step : to) : from - to > step ? from - step : to;
    if (next === to || fails(next)) return [safe, next];
    safe = next;
    step <<= 1n;
  }
}

/** Bisection to adjacent X96 units of different verdicts: `a` and `b` (either order) must differ; returns the failing one. */
function flip(a: bigint, b: bigint, fails: (p: bigint) => boolean): bigint {
  let [lo, hi] = a < b ? [a, b] : [b, a];
  const loFails = fails(lo);
  while (hi - lo > 1n) {
    const mid = lo + (hi - lo) / 2n;
    if (fails(mid) === loFails) lo = mid;
    else hi = mid;
  }
  return loFails ? lo : hi;
}

export interface MakerLiquidationMarks {
  /** The highest price below the safe range at which the test fails (one unit up it does not); null when no fall liquidates. */
  belowX96: bigint | null;
  /** The lowest price above the safe range at which the test fails (one unit down it does not); null when no rise liquidates. */
  aboveX96: bigint | null;
}

/**
 * A maker's liquidation prices, the pool and the mark moved together, the settle legs held: on each
 * side of the peak of equity - r * value, the X96 unit where makerFailsAtPrice turns, found by bisection
 * (so at the returned price the test fails and one unit towards the peak it does not). Both null when
 * the test fails at the peak (no price makes it safe: no turn to report) or the ratio is 0.
 */
export function makerLiquidationMarksX96(maker: MakerAtPrice): MakerLiquidationMarks {
  if (maker.liqMarginRatioE6 <= 0n || maker.liquidity <= 0n || maker.tickLower >= maker.tickUpper) return { belowX96: null, aboveX96: null };
  const sqrtLower = getSqrtPriceAtTick(maker.tickLower);
  const sqrtUpper = getSqrtPriceAtTick(maker.tickUpper);
  const fails = makerTestAtPrice(maker, sqrtLower, sqrtUpper);
  const peak = peakPriceX96(maker, sqrtLower, sqrtUpper);
  if (fails(peak)) return { belowX96: null, aboveX96: null };
  return {
    belowX96: peak > 0n && fails(0n) ? flip(...gallop(peak, 0n, fails), fails) : null,
    aboveX96: peak < MAX_POOL_PRICE_X96 && fails(MAX_POOL_PRICE_X96) ? flip(...gallop(peak, MAX_POOL_PRICE_X96, fails), fails) : null,
  };
}

/** A side's bracket: `safe` passes the test, `fail` fails it, the turn is between them. */
interface Bracket {
  safe: bigint;
  fail: bigint;
}

/**
 * The liquidation price nearest `markX96` (ties: the lower), the turn makerLiquidationMarksX96 finds on
 * that side; null when neither side has one. Searched from the mark when it passes (it lies between the
 * turns), else from the peak; both sides are bisected in turn, the wider bracket first, only until their
 * distances from the mark no longer overlap: then only the nearer side is finished (about half the work).
 */
export function makerLiquidationMarkX96(maker: MakerAtPrice, markX96: bigint): bigint | null {
  if (maker.liqMarginRatioE6 <= 0n || maker.liquidity <= 0n || maker.tickLower >= maker.tickUpper) return null;
  const sqrtLower = getSqrtPriceAtTick(maker.tickLower);
  const sqrtUpper = getSqrtPriceAtTick(maker.tickUpper);
  const fails = makerTestAtPrice(maker, sqrtLower, sqrtUpper);
  let anchor = markX96;
  if (fails(anchor)) {
    anchor = peakPriceX96(maker, sqrtLower, sqrtUpper);
    if (fails(anchor)) return null;
  }
  const sides: Bracket[] = [];
  if (anchor > 0n && fails(0n)) {
    const [safe, fail] = gallop(anchor, 0n, fails);
    sides.push({ safe, fail });
  }
  if (anchor < MAX_POOL_PRICE_X96 && fails(MAX_POOL_PRICE_X96)) {
    const [safe, fail] = gallop(anchor, MAX_POOL_PRICE_X96, fails);
    sides.push({ safe, fail });
  }
  const distance = (p: bigint) => (p > markX96 ? p - markX96 : markX96 - p);
  // The turn of a bracket is its `fail` end or between: its distance from the mark lies between those of its ends.
  const range = (b: Bracket): [bigint, bigint] => {
    const [x, y] = [distance(b.safe), distance(b.fail)];
    return x < y ? [x, y] : [y, x];
  };
  const width = (b: Bracket) => (b.fail > b.safe ? b.fail - b.safe : b.safe - b.fail);
  const narrow = (b: Bracket) => {
    const mid = b.safe + (b.fail - b.safe) / 2n;
    if (fails(mid)) b.fail = mid;
    else b.safe = mid;
  };
  while (sides.length === 2) {
    const [below, above] = sides;
    const [rb, ra] = [range(below), range(above)];
    if (rb[1] < ra[0] || (rb[1] === ra[0] && width(below) <= 1n && width(above) <= 1n)) sides.pop();
    else if (ra[1] < rb[0]) sides.shift();
    else if (width(below) <= 1n && width(above) <= 1n) {
      if (distance(above.fail) < distance(below.fail)) sides.shift();
      else sides.pop();
    } else narrow(width(below) >= width(above) ? below : above);
  }
  if (sides.length === 0) return null;
  const [side] = sides;
  while (width(side) > 1n) narrow(side);
  return side.fail;
}
