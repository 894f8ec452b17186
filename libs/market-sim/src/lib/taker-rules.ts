import { Q96 } from '@perp/x96-math';

/**
 * The taker health rule on exact integers (atoms and X96), so that the simulator decides
 * liquidations without rounding: equity = margin + usd_delta - funding + perp_delta * mark,
 * notional = |perp_delta| * mark, liquidatable when equity / notional < r. Both sides are
 * scaled by 2^96 * 1e6 and compared as integers.
 */
export interface TakerBook {
  margin: bigint;
  perpDelta: bigint;
  usdDelta: bigint;
}

const E6 = 1_000_000n;

export function abs(x: bigint): bigint {
  return x < 0n ? -x : x;
}

/** floor(a / b) for b > 0 (bigint division truncates toward zero). */
export function floorDiv(a: bigint, b: bigint): bigint {
  const q = a / b;
  return a % b !== 0n && a < 0n ? q - 1n : q;
}

/** Funding owed in USDC atoms since the last settlement, truncated toward zero; > 0 means the position pays. */
export function fundingOwed(perpDelta: bigint, entryCumulativeX96: bigint, cumulativeX96: bigint): bigint {
  return (perpDelta * (cumulativeX96 - entryCumulativeX96)) / Q96;
}

function equityScaled(p: TakerBook, funding: bigint, markX96: bigint): bigint {
  return (p.margin + p.usdDelta - funding) * Q96 + p.perpDelta * markX96;
}

export function isLiquidatable(p: TakerBook, funding: bigint, markX96: bigint, ratioE6: number): boolean {
  const notional = abs(p.perpDelta) * markX96;
  if (notional === 0n) return false;
  return equityScaled(p, funding, markX96) * E6 < BigInt(ratioE6) * notional;
}

/** Whether equity / notional >= ratio at the mark (the opening / margin-removal requirement). */
export function meetsRatio(p: TakerBook, funding: bigint, markX96: bigint, ratioE6: number): boolean {
  return equityScaled(p, funding, markX96) * E6 >= BigInt(ratioE6) * abs(p.perpDelta) * markX96;
}

/** The least margin (atoms) with which the position meets `ratioE6` at the mark. */
export function marginForRatio(p: Omit<TakerBook, 'margin'>, funding: bigint, markX96: bigint, ratioE6: number): bigint {
  const need = BigInt(ratioE6) * abs(p.perpDelta) * markX96 - equityScaled({ ...p, margin: 0n }, funding, markX96) * E6;
  const scale = Q96 * E6;
  return need <= 0n ? 0n : (need + scale - 1n) / scale;
}

/** Equity at the mark in atoms, floored. */
export function equityAtoms(p: TakerBook, funding: bigint, markX96: bigint): bigint {
  return floorDiv(equityScaled(p, funding, markX96), Q96);
}

/**
 * The liquidation mark with the funding owed at this moment, as a float: only a prefilter
 * that says when the exact rule is worth evaluating.
 */
export function approximateLiquidationMark(p: TakerBook, funding: bigint, ratioE6: number): number {
  const size = Number(abs(p.perpDelta));
  if (size === 0) return Number.NaN;
  const r = ratioE6 / 1e6;
  const backing = Number(p.margin + p.usdDelta - funding);
  return p.perpDelta > 0n ? -backing / (size * (1 - r)) : backing / (size * (1 + r));
}
