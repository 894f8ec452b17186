import { Q96 } from './x96';

export interface TokenAmounts {
  /** token0 atoms: the perp. */
  amount0: bigint;
  /** token1 atoms: USD. */
  amount1: bigint;
}

/** SqrtPriceMath.getAmount0Delta rounding down: L * 2^96 * (b - a) / b / a, two floors like the contract. */
export function getAmount0ForLiquidity(sqrtA: bigint, sqrtB: bigint, liquidity: bigint): bigint {
  const [lo, hi] = ordered(sqrtA, sqrtB);
  return ((liquidity << 96n) * (hi - lo)) / hi / lo;
}

/** SqrtPriceMath.getAmount1Delta rounding down: L * (b - a) / 2^96. */
export function getAmount1ForLiquidity(sqrtA: bigint, sqrtB: bigint, liquidity: bigint): bigint {
  const [lo, hi] = ordered(sqrtA, sqrtB);
  return (liquidity * (hi - lo)) / Q96;
}

/**
 * LiquidityAmounts.getAmountsForLiquidity: what removing all of `liquidity` would return.
 * Below the range it is all token0, above it all token1, inside both. Rounds down, which
 * is what a withdrawal pays out.
 */
export function getAmountsForLiquidity(sqrtPriceX96: bigint, sqrtA: bigint, sqrtB: bigint, liquidity: bigint): TokenAmounts {
  if (sqrtPriceX96 <= 0n || sqrtA <= 0n || sqrtB <= 0n) {
    throw new RangeError('Sqrt prices must be positive');
  }
  if (liquidity < 0n) {
    throw new RangeError('Liquidity cannot be negative');
  }
  const [lo, hi] = ordered(sqrtA, sqrtB);
  if (sqrtPriceX96 <= lo) {
    return { amount0: getAmount0ForLiquidity(lo, hi, liquidity), amount1: 0n };
  }
  if (sqrtPriceX96 < hi) {
    return {
      amount0: getAmount0ForLiquidity(sqrtPriceX96, hi, liquidity),
      amount1: getAmount1ForLiquidity(lo, sqrtPriceX96, liquidity),
    };
  }
  return { amount0: 0n, amount1: getAmount1ForLiquidity(lo, hi, liquidity) };
}

function ordered(a: bigint, b: bigint): [bigint, bigint] {
  return a <= b ? [a, b] : [b, a];
}
