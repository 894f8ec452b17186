import { Q96 } from '@perp/x96-math';

/** A taker's book at its last write, in atoms: what its liquidation mark depends on. */
export interface TakerAtoms {
  margin: bigint;
  perpDelta: bigint;
  usdDelta: bigint;
}

/** The checkpoints a taker settles against (positions.entry_*), X96. */
export interface TakerCheckpointsX96 {
  entryCumulativeFundingX96: bigint;
  entryLongUtilPaymentsX96: bigint;
  entryShortUtilPaymentsX96: bigint;
}

/** The market cumulatives the taker test reads (cumulatives(), as stored), X96. */
export interface TakerCumulativesX96 {
  cumulativeFundingX96: bigint;
  longUtilPaymentsX96: bigint;
  shortUtilPaymentsX96: bigint;
}

const E6 = 1_000_000n;

/**
 * Atoms taken off the margin in the candidate key. The contract's integer test differs from the
 * continuous one by less than this: value truncated (< 1 atom), funding owed rounded up (< 1),
 * util owed rounded up (< 1), and the +1 atom of the denominator times a ratio <= 1 (<= 1). So a
 * position the contract (or the candidate rule) calls liquidatable is one the continuous test
 * with margin - 4 atoms calls liquidatable (candidate-bounds.ts has the proof in full).
 */
export const KEY_SLACK_ATOMS = 4n;

export const LIQ_KEY_COMMENT =
  'candidate key (liquidation-mark.ts): floor(closed-form liquidation mark with margin - 4 atoms) - (entry funding + entry long util) / (1 - r) for a long, - (entry funding - entry short util) / (1 + r) for a short';

/** floor(a / b), b > 0. */
export function floorDiv(a: bigint, b: bigint): bigint {
  const q = a / b;
  return a % b !== 0n && a < 0n ? q - 1n : q;
}

/** 1e6 * (1 - r) for a long, 1e6 * (1 + r) for a short: the denominator of the liquidation mark. */
function sideFactorE6(isLong: boolean, liqMarginRatioE6: number | bigint): bigint {
  return isLong ? E6 - BigInt(liqMarginRatioE6) : E6 + BigInt(liqMarginRatioE6);
}

/**
 * positions.liq_mark_x96: the continuous closed form of the mark where equity / value meets r,
 * funding and util excluded, floor(L * 2^96) in X96. Long: -(margin + usd) / (|perp| (1 - r));
 * short: (margin + usd) / (|perp| (1 + r)). Signed (a long with a non-positive mark is not
 * liquidated by price alone); null without exposure or for a long with r >= 1 (every mark fails).
 * A price screen only: the served verdicts are the contract's integer test (takerHealthExact).
 */
export function liquidationMarkX96(position: TakerAtoms, liqMarginRatioE6: number | bigint): bigint | null {
  const { perpDelta } = position;
  if (perpDelta === 0n) return null;
  const isLong = perpDelta > 0n;
  const side = sideFactorE6(isLong, liqMarginRatioE6);
  if (side <= 0n) return null;
  const backing = position.margin + position.usdDelta;
  const size = isLong ? perpDelta : -perpDelta;
  return floorDiv((isLong ? -backing : backing) * E6 * Q96, size * side);
}

/** The per-perp fee cumulative that moves a taker's mark: funding + long util for a long, funding - short util for a short. */
export function takerShiftX96(isLong: boolean, fundingX96: bigint, longUtilX96: bigint, shortUtilX96: bigint): bigint {
  return isLong ? fundingX96 + longUtilX96 : fundingX96 - shortUtilX96;
}

/**
 * positions.liq_key_x96. Funding and util owed move a taker's continuous liquidation mark by the
 * same amount per perp whatever its size: a long's mark is L0 + (ΔF + ΔUlong) / (1 - r), a short's
 * L0 + (ΔF - ΔUshort) / (1 + r). Storing L0 (with margin - KEY_SLACK_ATOMS) minus the entry shift
 * leaves a key whose mark now is key + (market shift) / (1 -+ r): one constant per market and side
 * at query time, so candidates stay a range scan. null where liquidationMarkX96 is.
 */
export function liquidationKeyX96(position: TakerAtoms & TakerCheckpointsX96, liqMarginRatioE6: number | bigint): bigint | null {
  const mark = liquidationMarkX96({ ...position, margin: position.margin - KEY_SLACK_ATOMS }, liqMarginRatioE6);
  if (mark === null) return null;
  const isLong = position.perpDelta > 0n;
  const entry = takerShiftX96(isLong, position.entryCumulativeFundingX96, position.entryLongUtilPaymentsX96, position.entryShortUtilPaymentsX96);
  return mark - floorDiv(entry * E6, sideFactorE6(isLong, liqMarginRatioE6));
}

/** The shifted liquidation mark (X96) of a key at the market's cumulatives: key + shift / (1 -+ r), floored. */
export function shiftedLiquidationMarkX96(liqKeyX96: bigint, market: TakerCumulativesX96, isLong: boolean, liqMarginRatioE6: number | bigint): bigint {
  const shift = takerShiftX96(isLong, market.cumulativeFundingX96, market.longUtilPaymentsX96, market.shortUtilPaymentsX96);
  return liqKeyX96 + floorDiv(shift * E6, sideFactorE6(isLong, liqMarginRatioE6));
}
