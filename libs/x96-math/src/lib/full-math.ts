/**
 * The contracts' full-precision multiply-divide, on bigint words with the EVM's widths.
 *
 * Every function throws a RangeError where the contract reverts: a zero denominator, an
 * operand outside its Solidity type, or a quotient that does not fit the result type.
 * A bigint product never overflows, so the 512-bit intermediate of FullMath is free here.
 */

export const UINT256_MAX = (1n << 256n) - 1n;
export const INT256_MAX = (1n << 255n) - 1n;
export const INT256_MIN = -(1n << 255n);
export const UINT128_MAX = (1n << 128n) - 1n;
/** 1e18, the fixed-point scale of rates and of expWad. */
export const WAD = 10n ** 18n;
/** 1e6, the scale of margin ratios and fees (`50000` = 5%). */
export const E6 = 1_000_000n;

export function requireUint256(value: bigint, name: string): bigint {
  if (value < 0n || value > UINT256_MAX) {
    throw new RangeError(`${name} is outside uint256: ${value}`);
  }
  return value;
}

export function requireInt256(value: bigint, name: string): bigint {
  if (value < INT256_MIN || value > INT256_MAX) {
    throw new RangeError(`${name} is outside int256: ${value}`);
  }
  return value;
}

function checkedQuotient(a: bigint, b: bigint, denominator: bigint, roundUp: boolean): bigint {
  requireUint256(a, 'mulDiv a');
  requireUint256(b, 'mulDiv b');
  requireUint256(denominator, 'mulDiv denominator');
  if (denominator === 0n) {
    throw new RangeError('mulDiv: division by zero');
  }
  const product = a * b;
  let quotient = product / denominator;
  if (roundUp && product % denominator !== 0n) {
    quotient += 1n;
  }
  if (quotient > UINT256_MAX) {
    throw new RangeError('mulDiv: result overflows uint256');
  }
  return quotient;
}

/** FullMath.mulDiv: floor(a * b / denominator) over uint256, the product taken at full width. */
export function mulDiv(a: bigint, b: bigint, denominator: bigint): bigint {
  return checkedQuotient(a, b, denominator, false);
}

/** FullMath.mulDivRoundingUp: ceil(a * b / denominator) over uint256. */
export function mulDivRoundingUp(a: bigint, b: bigint, denominator: bigint): bigint {
  return checkedQuotient(a, b, denominator, true);
}

/**
 * SignedFixedPointMathLib.sFullMulDiv: a * b / denominator on int256 operands and a uint256
 * denominator, the magnitude truncated toward zero. With `roundUp`, a result with a remainder
 * gains one only when it is not negative (rounding toward +infinity): a negative result stays
 * truncated toward zero, so `-0.7` is `0`, never `-1`.
 */
export function sFullMulDiv(a: bigint, b: bigint, denominator: bigint, roundUp: boolean): bigint {
  requireInt256(a, 'sFullMulDiv a');
  requireInt256(b, 'sFullMulDiv b');
  const negative = a < 0n !== b < 0n;
  const magnitude = checkedQuotient(abs(a), abs(b), denominator, roundUp && !negative);
  if (magnitude > INT256_MAX) {
    throw new RangeError('sFullMulDiv: magnitude overflows int256');
  }
  return negative ? -magnitude : magnitude;
}

/** Checked int256 result of a sum or difference the contract computes with checked arithmetic. */
export function checkedInt256(value: bigint, context: string): bigint {
  return requireInt256(value, context);
}

/** Checked uint256 difference: a checkpoint ahead of an accumulator that only grows is a state no block produces. */
export function checkedSubUint(a: bigint, b: bigint, context: string): bigint {
  if (b > a) {
    throw new RangeError(`${context}: checkpoint ${b} is ahead of ${a}`);
  }
  return a - b;
}

/** Wrapping uint256 difference, as Uniswap takes fee growth: modular by design. */
export function wrappingSubUint256(a: bigint, b: bigint): bigint {
  return (a - b) & UINT256_MAX;
}

export function abs(value: bigint): bigint {
  return value < 0n ? -value : value;
}
