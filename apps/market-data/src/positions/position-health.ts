import {
  atomsToHuman,
  BigNumber,
  distanceToLiquidation,
  estimatedReward,
  makerHeldAmounts,
  marginRatio,
  Q96,
  ratioFromE6,
  takerEquity,
  takerNotional,
  x96ToPrice,
} from '@perp/x96-math';
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

/** A position's exposure in atoms: what its health is judged on. */
export interface ExposureAtoms {
  perp: bigint;
  usd: bigint;
  funding: bigint;
}

/**
 * The exposure whose health is judged, in atoms. A taker: its deltas, and the funding it
 * owes. A maker: its deltas (minus what it lent at entry) plus what its liquidity holds
 * now at the pool price (makerHeldAmounts), i.e. its net inventory; no funding
 * term, since a maker's exposure changes with the pool price and the index keeps no
 * per-maker funding accrual.
 */
export function exposureAtoms(position: PositionRecord, market: MarketState): ExposureAtoms {
  if (!position.isMaker) {
    return {
      perp: position.perpDelta,
      usd: position.usdDelta,
      funding: fundingOwedAtoms(position.perpDelta, position.entryCumulativeFundingX96, market.cumulativeFundingX96),
    };
  }
  // The amounts only: makerPositionValue's decimal valuation is unused here and costs more than the rest of a candidate's figures.
  const held = makerHeldAmounts(
    { tickLower: position.tickLower ?? 0, tickUpper: position.tickUpper ?? 0, liquidity: position.liquidity ?? 0n },
    market.sqrtPriceX96,
  );
  return { perp: position.perpDelta + held.amount0, usd: position.usdDelta + held.amount1, funding: 0n };
}

/** The decoded mark of a market state; a market's rows share one decoding (it is an exact 96-place decimal). */
const decodedMarks = new WeakMap<MarketState, BigNumber>();
function markOf(market: MarketState, markX96: bigint): BigNumber {
  let mark = decodedMarks.get(market);
  if (!mark) decodedMarks.set(market, (mark = x96ToPrice(markX96)));
  return mark;
}

/**
 * DESIGN §3 for takers (equity = margin + perp_delta * mark + usd_delta - funding owed,
 * ratio = equity / (|perp_delta| * mark), reward = min(max(equity, 0), notional * fee));
 * makers get the same formulas on their net exposure (exposureAtoms). Closed positions
 * have no current figures. `exposure`: exposureAtoms(position, market), when the caller has it.
 * The math lib's takerHealth, without the figures no response carries (liquidation mark).
 */
export function positionHealth(position: PositionRecord, market: MarketState, exposure?: ExposureAtoms): PositionHealth {
  if (position.isClosed || market.markX96 === null) return NONE;
  const mark = markOf(market, market.markX96);
  exposure ??= exposureAtoms(position, market);
  const margin = atomsToHuman(position.margin);
  const perpDelta = atomsToHuman(exposure.perp);
  const equity = takerEquity({ margin, perpDelta, usdDelta: atomsToHuman(exposure.usd), fundingOwed: atomsToHuman(exposure.funding) }, mark);
  const notional = takerNotional(perpDelta, mark);
  const ratio = marginRatio(equity, notional);
  return {
    mark,
    equity,
    unrealizedPnl: equity.minus(margin),
    notional,
    marginRatio: ratio,
    distanceToLiquidation: distanceToLiquidation(ratio, ratioFromE6(BigInt(position.liqMarginRatioE6))),
    estimatedReward: estimatedReward(equity, notional, ratioFromE6(BigInt(market.liquidationFeeE6))),
  };
}
