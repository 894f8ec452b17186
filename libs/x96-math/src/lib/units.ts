import { BigNumber, DecimalInput, RoundingMode, toDecimal } from './decimal';

/** USDC and perp amounts are both 6-decimal atoms. */
export const ATOM_DECIMALS = 6;
/** Margin ratios and fees are stored on chain scaled by 1e6 (50000 = 0.05). */
export const RATIO_DECIMALS = 6;
/** fundingPerDay is stored on chain scaled by 1e18. */
export const FUNDING_DECIMALS = 18;

// A decimal shift is exact; a division would round at DECIMAL_PLACES.
function fromScaled(raw: bigint, decimals: number): BigNumber {
  return new BigNumber(raw.toString()).shiftedBy(-decimals);
}

/** Atoms (USDC or perp base units) to human units. */
export function atomsToHuman(atoms: bigint): BigNumber {
  return fromScaled(atoms, ATOM_DECIMALS);
}

/**
 * Human units to atoms. Without a rounding mode a value finer than one atom throws, so
 * money is never dropped silently; pass e.g. BigNumber.ROUND_DOWN to truncate on purpose.
 */
export function humanToAtoms(value: DecimalInput, rounding?: RoundingMode): bigint {
  const scaled = toDecimal(value).shiftedBy(ATOM_DECIMALS);
  if (rounding === undefined && !scaled.isInteger()) {
    throw new RangeError(`${scaled.shiftedBy(-ATOM_DECIMALS).toFixed()} has more than ${ATOM_DECIMALS} decimals`);
  }
  return BigInt(scaled.integerValue(rounding ?? BigNumber.ROUND_DOWN).toFixed());
}

/** A 1e6-scaled margin ratio or fee to its fraction (50000n -> 0.05). */
export function ratioFromE6(raw: bigint): BigNumber {
  return fromScaled(raw, RATIO_DECIMALS);
}

/** fundingPerDay (1e18-scaled, signed; positive means longs pay shorts) to a daily rate. */
export function fundingPerDayFromE18(raw: bigint): BigNumber {
  return fromScaled(raw, FUNDING_DECIMALS);
}
