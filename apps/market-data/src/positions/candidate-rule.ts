import { candidateKeyBounds, takerCumulatives, PositionRecord } from '@perp/index-db/figures';
import { isCandidateE6 } from '@perp/x96-math';
import { PositionFigures } from './position-figures';
import { MarketState } from './market-state';

/** Key bounds of one market's taker range scan (positions_liquidation_key_idx). */
export interface MarketKeyBounds {
  perpAddress: string;
  longMinKeyX96: bigint;
  shortMaxKeyX96: bigint;
  /** The taker ratio the key range is computed at: takers stored with another ratio are read whole. */
  liqMarginRatioE6: number;
}

/**
 * Beyond any stored key (numeric(78,0) keys stay far below 10^77): the bounds of a market
 * without a mark, whose every open taker is a candidate (its ratio cannot be computed).
 */
const EVERY_KEY = 10n ** 77n;

/**
 * DESIGN §4: a candidate has margin_ratio <= liq_margin_ratio * (1 + buffer), on the contract's
 * integer ratio. For takers that is a range on liq_key_x96 around the market's mark and accrued
 * funding and util (candidateKeyBounds, proven to hold every candidate: index-db candidate-bounds.ts);
 * isCandidate then trims the range to the exact rule. Every open maker is read and tested exactly.
 */
export function marketKeyBounds(market: MarketState, bufferE6: number): MarketKeyBounds {
  if (market.marked === null) {
    return { perpAddress: market.perpAddress, longMinKeyX96: -EVERY_KEY, shortMaxKeyX96: EVERY_KEY, liqMarginRatioE6: market.takerLiqMarginRatioE6 };
  }
  const bounds = candidateKeyBounds(market.marked.markX96, takerCumulatives(market.marked), market.takerLiqMarginRatioE6, bufferE6);
  return {
    perpAddress: market.perpAddress,
    longMinKeyX96: bounds.longMinKeyX96 ?? -EVERY_KEY,
    shortMaxKeyX96: bounds.shortMaxKeyX96,
    liqMarginRatioE6: market.takerLiqMarginRatioE6,
  };
}

/** The exact rule on the contract's ratio (isCandidateE6); an uncomputable ratio (no mark, no exposure, no ticks) is a candidate too. */
export function isCandidate(position: PositionRecord, figures: PositionFigures, bufferE6: number): boolean {
  if (figures.marginRatioE6 === null) return true;
  return isCandidateE6(figures.marginRatioE6, BigInt(position.liqMarginRatioE6), BigInt(bufferE6));
}
