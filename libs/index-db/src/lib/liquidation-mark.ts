import { BigNumber, liquidationMarkFromAtoms, Q96, ratioFromE6 } from '@perp/x96-math';

export interface TakerAtoms {
  margin: bigint;
  perpDelta: bigint;
  usdDelta: bigint;
}

const E6 = 1_000_000n;

/**
 * The value stored in positions.liq_mark_x96: the math lib's liquidation mark (funding
 * excluded) as floor(mark * 2^96), so that it compares directly with the X96 EMA mark.
 * Signed (a long with a non-positive mark can never be liquidated by price), null for a
 * zero-size position. Indexer, simulator and tests all call this one function.
 */
export function liquidationMarkX96(position: TakerAtoms, liqMarginRatioE6: number | bigint): bigint | null {
  const mark = liquidationMarkFromAtoms(position, ratioFromE6(BigInt(liqMarginRatioE6)));
  if (mark === null) return null;
  return BigInt(mark.times(Q96.toString()).integerValue(BigNumber.ROUND_FLOOR).toFixed());
}

/** 1e6 * (1 - r) for a long, 1e6 * (1 + r) for a short: the denominator of the liquidation mark. */
function sideFactorE6(isLong: boolean, liqMarginRatioE6: number | bigint): bigint {
  return isLong ? E6 - BigInt(liqMarginRatioE6) : E6 + BigInt(liqMarginRatioE6);
}

/** floor(a / b), b > 0. */
function floorDiv(a: bigint, b: bigint): bigint {
  const q = a / b;
  return a % b !== 0n && a < 0n ? q - 1n : q;
}

/**
 * positions.liq_key_x96. Funding owed moves a position's liquidation mark by the same
 * amount per perp whatever its size: with funding, the mark is
 *   liq_mark_x96 + (cumulative_funding_x96 - entry_cumulative_funding_x96) / (1 -+ r)
 * (1 - r for a long, 1 + r for a short). Storing liq_mark_x96 - entry / (1 -+ r) leaves a
 * key whose funding-inclusive mark is key + cumulative / (1 -+ r): one constant per market
 * and side at query time, so candidates stay a range scan even for positions that have
 * accrued funding for weeks. Both divisions floor: exact to a few 2^-96 USD.
 */
export function liquidationKeyX96(
  liqMarkX96: bigint | null,
  entryCumulativeFundingX96: bigint,
  isLong: boolean,
  liqMarginRatioE6: number | bigint,
): bigint | null {
  if (liqMarkX96 === null) return null;
  return liqMarkX96 - floorDiv(entryCumulativeFundingX96 * E6, sideFactorE6(isLong, liqMarginRatioE6));
}

/** The funding-inclusive liquidation mark (X96) of a key at the market's current cumulative funding. */
export function fundingAdjustedLiquidationMarkX96(liqKeyX96: bigint, cumulativeFundingX96: bigint, isLong: boolean, liqMarginRatioE6: number | bigint): bigint {
  return liqKeyX96 + floorDiv(cumulativeFundingX96 * E6, sideFactorE6(isLong, liqMarginRatioE6));
}
