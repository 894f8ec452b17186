import { fundingAdjustedLiquidationMarkX96 } from './liquidation-mark';

const E6 = 1_000_000n;
const E12 = E6 * E6;

export interface CandidateKeyBounds {
  /** Long takers with liq_key_x96 >= this are candidates. */
  longMinKeyX96: bigint;
  /** Short takers with liq_key_x96 <= this are candidates. */
  shortMaxKeyX96: bigint;
}

function floorDiv(a: bigint, b: bigint): bigint {
  const q = a / b;
  return a % b !== 0n && a < 0n ? q - 1n : q;
}

/**
 * Key ranges of the permissive candidates of one market (DESIGN: margin_ratio <=
 * r * (1 + buffer)), funding included. With k = r (1 + buffer) and funding-inclusive
 * liquidation mark L (which is liq_key + shift, see liquidationKeyX96):
 *   long:  ratio <= k  <=>  mark <= L (1 - r) / (1 - k)  <=>  L >= mark (1 - k) / (1 - r)
 *   short: ratio <= k  <=>  mark >= L (1 + r) / (1 + k)  <=>  L <= mark (1 + k) / (1 + r)
 * Rounded outwards by a few X96 units so that floors in the stored keys never drop a candidate.
 * r is the market's taker ratio (positions store their own; they agree while it is unchanged).
 */
export function candidateKeyBounds(
  markX96: bigint,
  cumulativeFundingX96: bigint,
  liqMarginRatioE6: number | bigint,
  bufferE6: number | bigint,
): CandidateKeyBounds {
  const r = BigInt(liqMarginRatioE6);
  const k = r * (E6 + BigInt(bufferE6)); // k scaled by 1e12
  const longMark = floorDiv(markX96 * (E12 - k), E6 * (E6 - r));
  const shortMark = -floorDiv(-markX96 * (E12 + k), E6 * (E6 + r));
  return {
    longMinKeyX96: longMark - fundingAdjustedLiquidationMarkX96(0n, cumulativeFundingX96, true, r) - 2n,
    shortMaxKeyX96: shortMark - fundingAdjustedLiquidationMarkX96(0n, cumulativeFundingX96, false, r) + 2n,
  };
}
