import { BigNumber } from './decimal';
import { getSqrtPriceAtTick } from './tick-math';
import { ATOM_DECIMALS } from './units';
import { Q96, sqrtX96ToPrice } from './x96';

export interface TokenAmounts {
  /** token0 atoms: the perp. */
  amount0: bigint;
  /** token1 atoms: USD. */
  amount1: bigint;
}

export interface MakerPosition {
  tickLower: number;
  tickUpper: number;
  /** Raw Uniswap liquidity. */
  liquidity: bigint;
}

export interface MakerValue extends TokenAmounts {
  /** USD per perp at the pool price. */
  price: BigNumber;
  /** amount0 * price + amount1, in USD atoms (exact, may be fractional). */
  valueAtoms: BigNumber;
  /** valueAtoms / 1e6, in USD. */
  value: BigNumber;
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

/** What a maker's liquidity holds at the pool price, in atoms of each token (rounded down, as the pool does). */
export function makerHeldAmounts(position: MakerPosition, sqrtPriceX96: bigint): TokenAmounts {
  if (position.tickLower >= position.tickUpper) {
    throw new RangeError(`tickLower (${position.tickLower}) must be below tickUpper (${position.tickUpper})`);
  }
  return getAmountsForLiquidity(sqrtPriceX96, getSqrtPriceAtTick(position.tickLower), getSqrtPriceAtTick(position.tickUpper), position.liquidity);
}

/**
 * Value of a maker's liquidity at the pool price. token0 is the perp and token1 USD, both
 * 6 decimals, so the decoded sqrt price is directly USD per perp and the sum is exact.
 */
export function makerPositionValue(position: MakerPosition, sqrtPriceX96: bigint): MakerValue {
  const amounts = makerHeldAmounts(position, sqrtPriceX96);
  const price = sqrtX96ToPrice(sqrtPriceX96);
  const valueAtoms = price.times(amounts.amount0.toString()).plus(amounts.amount1.toString());
  return { ...amounts, price, valueAtoms, value: valueAtoms.shiftedBy(-ATOM_DECIMALS) };
}

function ordered(a: bigint, b: bigint): [bigint, bigint] {
  return a <= b ? [a, b] : [b, a];
}
