import { atomsToHuman, BigNumber, makerPositionValue, Q96, ratioFromE6, takerHealth, x96ToPrice } from '@perp/x96-math';
import { MarketState, PositionRecord } from './position-record';

/** A position's figures at the market's current mark (human units); all null when the market has no mark yet. */
export interface PositionHealth {
  /** The market's EMA AMM price: the same mark as the market's `mark_price`. */
  mark: BigNumber | null;
  /** Effective margin: margin + unrealizedPnl. */
  equity: BigNumber | null;
  unrealizedPnl: BigNumber | null;
  /** |net perp exposure| * mark. */
  notional: BigNumber | null;
  /** equity / notional; null without a mark or without exposure. */
  marginRatio: BigNumber | null;
  distanceToLiquidation: BigNumber | null;
  estimatedReward: BigNumber | null;
}

const NONE: PositionHealth = {
  mark: null,
  equity: null,
  unrealizedPnl: null,
  notional: null,
  marginRatio: null,
  distanceToLiquidation: null,
  estimatedReward: null,
};

/** Funding a taker owes since it was last settled, in atoms: trunc(perp_delta * (cumulative - entry) / 2^96) (index-db units). */
export function fundingOwedAtoms(perpDelta: bigint, entryCumulativeX96: bigint, cumulativeX96: bigint): bigint {
  return (perpDelta * (cumulativeX96 - entryCumulativeX96)) / Q96;
}

/**
 * The exposure whose health is judged, in atoms. A taker: its deltas, and the funding it
 * owes. A maker: its deltas (minus what it lent at entry) plus what its liquidity holds
 * now at the pool price (makerPositionValue's amounts), i.e. its net inventory; no funding
 * term, since a maker's exposure changes with the pool price and the index keeps no
 * per-maker funding accrual.
 */
function exposureAtoms(position: PositionRecord, market: MarketState): { perp: bigint; usd: bigint; funding: bigint } {
  if (!position.isMaker) {
    return {
      perp: position.perpDelta,
      usd: position.usdDelta,
      funding: fundingOwedAtoms(position.perpDelta, position.entryCumulativeFundingX96, market.cumulativeFundingX96),
    };
  }
  const held = makerPositionValue(
    { tickLower: position.tickLower ?? 0, tickUpper: position.tickUpper ?? 0, liquidity: position.liquidity ?? 0n },
    market.sqrtPriceX96,
  );
  return { perp: position.perpDelta + held.amount0, usd: position.usdDelta + held.amount1, funding: 0n };
}

/**
 * DESIGN §3 for takers (equity = margin + perp_delta * mark + usd_delta - funding owed,
 * ratio = equity / (|perp_delta| * mark), reward = min(max(equity, 0), notional * fee));
 * makers get the same formulas on their net exposure (exposureAtoms). Closed positions
 * have no current figures.
 */
export function positionHealth(position: PositionRecord, market: MarketState): PositionHealth {
  if (position.isClosed || market.markX96 === null) return NONE;
  const mark = x96ToPrice(market.markX96);
  const exposure = exposureAtoms(position, market);
  const margin = atomsToHuman(position.margin);
  const health = takerHealth(
    { margin, perpDelta: atomsToHuman(exposure.perp), usdDelta: atomsToHuman(exposure.usd), fundingOwed: atomsToHuman(exposure.funding) },
    mark,
    ratioFromE6(BigInt(position.liqMarginRatioE6)),
    ratioFromE6(BigInt(market.liquidationFeeE6)),
  );
  return {
    mark,
    equity: health.equity,
    unrealizedPnl: health.equity.minus(margin),
    notional: health.notional,
    marginRatio: health.marginRatio,
    distanceToLiquidation: health.distanceToLiquidation,
    estimatedReward: health.estimatedReward,
  };
}
