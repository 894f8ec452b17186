import { makerFigures, takerFigures, PositionRecord } from '@perp/index-db/figures';
import { estimatedRewardAtoms } from '@perp/x96-math';
import { MarketState } from './market-state';

/**
 * A position's figures as the contract computes them at the market's mark (atoms, X96, E6),
 * all from @perp/x96-math through index-db's contract-figures.ts; formatted at the edge
 * (position-views.ts). All null for a closed position or a market without a mark.
 */
export interface PositionFigures {
  /** The contract's mark at as_of (the fair price, EMAs advanced), X96. */
  markX96: bigint | null;
  /** settledMargin + pnl: margin - funding owed - util owed (taker), margin - funding + util earnings + LP fees (maker), plus valPnl's pnl. */
  equityAtoms: bigint | null;
  /** valPnl's pnl: value at the mark + USD leg (taker), band value + perp leg + USD leg (maker). */
  unrealizedPnlAtoms: bigint | null;
  /** valPnl's value, the health test's denominator: |perp| at the mark truncated (taker), the band at the mark (maker). */
  valueAtoms: bigint | null;
  /** floor(equity * 1e6 / (value + 1)), 0 when equity <= 0; null without exposure (not an open taker) or without a band's ticks. */
  marginRatioE6: bigint | null;
  /** min(max(equity, 0), floor(value * liquidation fee / 1e6)). */
  estimatedRewardAtoms: bigint | null;
  /** equity less valPnl's pnl: the legs a move of the mark leaves alone (liquidation-price.ts holds them). */
  settledMarginAtoms: bigint | null;
}

const NONE: PositionFigures = {
  markX96: null,
  equityAtoms: null,
  unrealizedPnlAtoms: null,
  valueAtoms: null,
  marginRatioE6: null,
  estimatedRewardAtoms: null,
  settledMarginAtoms: null,
};

export function positionFigures(position: PositionRecord, market: MarketState): PositionFigures {
  const marked = market.marked;
  if (position.isClosed || marked === null) return NONE;
  const fee = BigInt(market.liquidationFeeE6);
  if (!position.isMaker) {
    const h = takerFigures(marked, position.chain);
    return {
      markX96: marked.markX96,
      equityAtoms: h.equity,
      unrealizedPnlAtoms: h.unrealizedPnl,
      valueAtoms: h.positionValue,
      // The contract's role test: no exposure is no open taker, so it has no ratio to test.
      marginRatioE6: position.perpDelta === 0n ? null : h.marginRatioE6,
      estimatedRewardAtoms: estimatedRewardAtoms(h.equity, h.positionValue, fee),
      settledMarginAtoms: h.settledMargin,
    };
  }
  if (position.ticks === null) return { ...NONE, markX96: marked.markX96 };
  const f = makerFigures(marked, market.chain, position.chain, position.ticks);
  return {
    markX96: marked.markX96,
    equityAtoms: f.equity,
    unrealizedPnlAtoms: f.unrealizedPnl,
    valueAtoms: f.positionValue,
    marginRatioE6: f.marginRatioE6,
    estimatedRewardAtoms: estimatedRewardAtoms(f.equity, f.positionValue, fee),
    settledMarginAtoms: f.settledMargin,
  };
}
