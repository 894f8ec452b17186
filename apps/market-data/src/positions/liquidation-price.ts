import type { PositionRecord } from '@perp/index-db/figures';
import { makerLiquidationMarkX96, takerLiquidationMarkX96 } from '@perp/x96-math';
import type { PositionFigures } from './position-figures';

/**
 * The mark (X96) at which the contract's integer test flips for this position, funding and util owed
 * (and a maker's util earnings and LP fees) held at as_of: at it the test says liquidatable, one unit
 * towards the safe side it does not. Takers: x96-math takerLiquidationMarkX96 (the closed form of the
 * stored key's mark, settled to the unit by the exact test, monotone in the mark). Makers: the pool and
 * the mark moved together (makerLiquidationMarkX96), the turn nearest the current mark. null when no
 * turn exists (a side no mark can liquidate, or one every mark does), without figures, or for a closed position.
 */
export function liquidationPriceX96(position: PositionRecord, figures: PositionFigures): bigint | null {
  const { markX96, settledMarginAtoms } = figures;
  if (position.isClosed || markX96 === null || settledMarginAtoms === null) return null;
  const ratio = BigInt(position.liqMarginRatioE6);
  if (!position.isMaker) {
    const turn = takerLiquidationMarkX96(settledMarginAtoms, position.perpDelta, position.usdDelta, ratio);
    // A short that fails at mark 0 fails at every mark: nothing flips.
    return turn === 0n && position.perpDelta < 0n ? null : turn;
  }
  if (position.tickLower === null || position.tickUpper === null || position.liquidity === null) return null;
  return makerLiquidationMarkX96(
    {
      settledMargin: settledMarginAtoms,
      perpDelta: position.perpDelta,
      usdDelta: position.usdDelta,
      tickLower: position.tickLower,
      tickUpper: position.tickUpper,
      liquidity: position.liquidity,
      liqMarginRatioE6: ratio,
    },
    markX96,
  );
}
