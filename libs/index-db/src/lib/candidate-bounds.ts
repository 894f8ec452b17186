import { floorDiv, shiftedLiquidationMarkX96, TakerCumulativesX96 } from './liquidation-mark';

const E6 = 1_000_000n;
const E12 = E6 * E6;

export interface CandidateKeyBounds {
  /** Long takers with liq_key_x96 >= this are candidates; null: every long is. */
  longMinKeyX96: bigint | null;
  /** Short takers with liq_key_x96 <= this are candidates. */
  shortMaxKeyX96: bigint;
}

/**
 * Key ranges that hold every candidate of one market: every taker whose contract margin ratio
 * (floor(E * 1e6 / (V + 1)), 0 for E <= 0) is at most r (1 + buffer), so every taker the contract
 * would liquidate (ratio < r) and more.
 *
 * Why no candidate is missed. Write P = |perp| * mark (real), E_c = margin + usd + perp * mark -
 * funding_c - util_c the continuous equity (exact fractions). The contract's E > E_c - 3 (value
 * truncated, funding and util rounded up, each by < 1 atom) and V <= P. With k = r (1 + buffer),
 * ratio <= k implies E * 1e6 / (V + 1) < k * 1e6 + 1, so E < k' (P + 1) with k' = k + 1e-6, and
 * E_c < k' P + k' + 3 <= k' P + 4 when k' <= 1 (E <= 0 gives E_c < 3 the same way). So the
 * continuous test with margin - 4 atoms (the key's KEY_SLACK_ATOMS) holds at ratio k':
 *   long:  (fixed - 4) + P (1 - k') < 0  <=>  mark < L (1 - r) / (1 - k')   (L: the key's mark, at r)
 *   short: (fixed - 4) - P (1 + k') < 0  <=>  mark > L (1 + r) / (1 + k')
 * with L = key + shift / (1 -+ r) (liquidation-mark.ts). Both bounds are rounded outwards by 3 X96
 * units, more than the floors of the key (< 1), of the shift (< 1) and of the mark factor (< 1).
 * For a long with k' >= 1 every long is a candidate (null bound). r is the market's taker ratio;
 * the contract tests each taker at the ratio stored in its position, so takers stored with another
 * ratio are read whole by their own query branch (positions_open_takers_ratio_idx), never through this range.
 */
export function candidateKeyBounds(
  markX96: bigint,
  market: TakerCumulativesX96,
  liqMarginRatioE6: number | bigint,
  bufferE6: number | bigint,
): CandidateKeyBounds {
  const r = BigInt(liqMarginRatioE6);
  const k = r * (E6 + BigInt(bufferE6)) + E6; // k' scaled by 1e12
  const shortMark = -floorDiv(-markX96 * (E12 + k), E6 * (E6 + r));
  const shortMaxKeyX96 = shortMark - shiftedLiquidationMarkX96(0n, market, false, r) + 3n;
  if (k >= E12 || r >= E6) return { longMinKeyX96: null, shortMaxKeyX96 };
  const longMark = floorDiv(markX96 * (E12 - k), E6 * (E6 - r));
  return { longMinKeyX96: longMark - shiftedLiquidationMarkX96(0n, market, true, r) - 3n, shortMaxKeyX96 };
}
