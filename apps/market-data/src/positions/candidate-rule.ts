import { candidateKeyBounds } from '@perp/index-db';
import { ratioFromE6 } from '@perp/x96-math';
import { PositionHealth } from './position-health';
import { MarketState, PositionRecord } from './position-record';

/** Key bounds of one market's taker range scan (positions_liquidation_key_idx). */
export interface MarketKeyBounds {
  perpAddress: string;
  longMinKeyX96: bigint;
  shortMaxKeyX96: bigint;
}

/**
 * Beyond any stored key (numeric(78,0) keys stay far below 10^77): the bounds of a market
 * without a mark, whose every open taker is a candidate (its ratio cannot be computed).
 */
const EVERY_KEY = 10n ** 77n;
const E6 = 1_000_000;

/**
 * DESIGN §4: a candidate has margin_ratio <= liq_margin_ratio * (1 + buffer). For takers
 * that is a range on liq_key_x96 around the current mark and funding (candidateKeyBounds,
 * rounded outwards: a superset that isCandidate then trims exactly). The market's taker
 * ratio sets the range; positions store their own ratio, equal to it while the market's
 * is unchanged.
 */
export function marketKeyBounds(market: MarketState, bufferE6: number): MarketKeyBounds {
  if (market.markX96 === null || market.takerLiqMarginRatioE6 >= E6) {
    return { perpAddress: market.perpAddress, longMinKeyX96: -EVERY_KEY, shortMaxKeyX96: EVERY_KEY };
  }
  const bounds = candidateKeyBounds(market.markX96, market.cumulativeFundingX96, market.takerLiqMarginRatioE6, bufferE6);
  return { perpAddress: market.perpAddress, ...bounds };
}

/** The exact rule, on the computed ratio; an uncomputable ratio (no mark, no exposure) is a candidate too. */
export function isCandidate(position: PositionRecord, health: PositionHealth, bufferE6: number): boolean {
  if (health.marginRatio === null) return true;
  const threshold = ratioFromE6(BigInt(position.liqMarginRatioE6)).times(ratioFromE6(BigInt(E6 + bufferE6)));
  return health.marginRatio.lte(threshold);
}
