import BigNumberJs from 'bignumber.js';

/**
 * Local bignumber.js clone: the global constructor's config is shared with every other
 * package in the process, so it is never mutated. DECIMAL_PLACES only bounds division and
 * sqrt (multiplication is always exact); 80 places keeps those errors far below the 18
 * places we ever print. EXPONENTIAL_AT at its maximum so toString() never uses exponents.
 */
export const BigNumber = BigNumberJs.clone({
  DECIMAL_PLACES: 80,
  ROUNDING_MODE: BigNumberJs.ROUND_HALF_UP,
  EXPONENTIAL_AT: 1e9,
});
export type BigNumber = BigNumberJs;
export type RoundingMode = BigNumberJs.RoundingMode;

/** A decimal value in a form that never passes through a JS float. */
export type DecimalInput = BigNumber | string;

/** The spec's decimal regex ("Conventions" of the market-data API). */
export const DECIMAL_REGEX = /^(?!^[-+.]*$)[+-]?0*\d*\.?\d*$/;

/** Most fractional digits a response ever carries. */
export const MAX_FRACTION_DIGITS = 18;

/**
 * Parses into the local clone, so that later divisions use its precision even when the
 * caller built the value with the global constructor. Throws on NaN and +-Infinity.
 */
export function toDecimal(value: DecimalInput | bigint): BigNumber {
  const parsed = new BigNumber(typeof value === 'bigint' ? value.toString() : value);
  if (!parsed.isFinite()) {
    throw new RangeError(`Not a finite decimal: ${String(value)}`);
  }
  return parsed;
}

/**
 * The one formatter for every `dec` response field: plain notation, at most 18 fractional
 * digits rounded half away from zero, no trailing zeros, and never "-0".
 */
export function formatDecimal(value: DecimalInput | bigint): string {
  const rounded = toDecimal(value).decimalPlaces(MAX_FRACTION_DIGITS, BigNumber.ROUND_HALF_UP);
  if (rounded.isZero()) {
    return '0';
  }
  // toFixed() without arguments prints every stored digit in plain notation; bignumber.js
  // stores no trailing zeros, so none are printed.
  return rounded.toFixed();
}

/** Integer strings (raw Uniswap liquidity, base-unit `amount`): plain base-10 digits. */
export function formatInteger(value: bigint): string {
  return value.toString(10);
}
