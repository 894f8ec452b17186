import { BigNumber, DecimalInput, toDecimal } from './decimal';
import { integerSqrt } from './integer-sqrt';

/** 2^96, the fixed-point scale of Uniswap's Q64.96 numbers. */
export const Q96 = 2n ** 96n;
const Q192 = Q96 * Q96;

// x / 2^k == x * 5^k / 10^k: a decimal shift instead of a division, so decoding is exact
// whatever DECIMAL_PLACES is (1/2^96 has 96 fractional digits, 1/2^192 has 192).
const FIVE_POW_96 = 5n ** 96n;
const FIVE_POW_192 = 5n ** 192n;

/** A plain X96 price (EMA mark / index): x / 2^96, exact. */
export function x96ToPrice(x: bigint): BigNumber {
  return new BigNumber((x * FIVE_POW_96).toString()).shiftedBy(-96);
}

/** A sqrt X96 price (the pool's sqrtPriceX96): (x / 2^96)^2, exact. */
export function sqrtX96ToPrice(sqrtX96: bigint): BigNumber {
  return new BigNumber((sqrtX96 * sqrtX96 * FIVE_POW_192).toString()).shiftedBy(-192);
}

/** floor(price * 2^96). Prices are USD per perp and never negative. */
export function priceToX96(price: DecimalInput): bigint {
  return floorScaled(price, Q96);
}

/**
 * floor(sqrt(price) * 2^96), computed as floor(sqrt(floor(price * 2^192))): the inner
 * floor cannot change the outer one, and it keeps the square root on exact integers.
 */
export function priceToSqrtX96(price: DecimalInput): bigint {
  return integerSqrt(floorScaled(price, Q192));
}

function floorScaled(price: DecimalInput, scale: bigint): bigint {
  const value = toDecimal(price);
  if (value.isNegative()) {
    throw new RangeError(`A price cannot be negative: ${value.toFixed()}`);
  }
  const scaled = value.times(scale.toString()).integerValue(BigNumber.ROUND_FLOOR);
  return BigInt(scaled.toFixed());
}
