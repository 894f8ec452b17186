import { E6, mulDiv } from './full-math';

/**
 * The margin ratio as PerpLogic.isHealthy computes it, scaled by 1e6:
 * 0 when equity <= 0, else floor(equity * 1e6 / (value + 1)). `equity` is signed USDC atoms,
 * `value` the position value in USDC atoms (>= 0; the +1 atom keeps a zero value divisible).
 */
export function marginRatioE6(equityAtoms: bigint, valueAtoms: bigint): bigint {
  if (valueAtoms < 0n) {
    throw new RangeError(`A position value cannot be negative: ${valueAtoms}`);
  }
  if (equityAtoms <= 0n) {
    return 0n;
  }
  return mulDiv(equityAtoms, E6, valueAtoms + 1n);
}

/** PerpLogic.isHealthy: marginRatioE6(equity, value) >= liqMarginRatioE6 (the position's stored uint24 ratio). */
export function isHealthy(equityAtoms: bigint, valueAtoms: bigint, liqMarginRatioE6: bigint): boolean {
  return marginRatioE6(equityAtoms, valueAtoms) >= liqMarginRatioE6;
}

/** The liquidation test of both roles: !isHealthy, i.e. the ratio strictly below the position's threshold. */
export function isLiquidatableAtoms(equityAtoms: bigint, valueAtoms: bigint, liqMarginRatioE6: bigint): boolean {
  return !isHealthy(equityAtoms, valueAtoms, liqMarginRatioE6);
}

/**
 * The permissive candidate rule (market-data DESIGN §4) on the contract's ratio: ratio <= r * (1 + buffer),
 * i.e. marginRatioE6 * 1e6 <= r * (1e6 + buffer). With buffer 0 it keeps the boundary too, a superset of
 * the liquidatable (ratio < r).
 */
export function isCandidateE6(marginRatioE6Value: bigint, liqMarginRatioE6: bigint, bufferE6: bigint): boolean {
  return marginRatioE6Value * E6 <= liqMarginRatioE6 * (E6 + bufferE6);
}

/** A liquidator's estimated reward (market-data DESIGN §3): min(max(equity, 0), floor(value * liquidationFee / 1e6)), USDC atoms. */
export function estimatedRewardAtoms(equityAtoms: bigint, valueAtoms: bigint, liquidationFeeE6: bigint): bigint {
  const cap = mulDiv(valueAtoms, liquidationFeeE6, E6);
  const equity = equityAtoms > 0n ? equityAtoms : 0n;
  return equity < cap ? equity : cap;
}
