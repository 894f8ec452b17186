import { candidateKeyBounds } from '@perp/index-db';
import { Q96, ratioFromE6 } from '@perp/x96-math';
import { ExposureAtoms, PositionHealth } from './position-health';
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

const E1E6 = 1_000_000n;
/** 10^68: with the 10^12 of the two 1e6 scales, a slack of 10^-80 on the threshold (below). */
const E68 = 10n ** 68n;
const E80 = 10n ** 80n;

/**
 * A cheap exact pre-check on integers, true for every position that isCandidate can keep
 * (a superset): most open positions are far from their threshold, and ruling them out
 * here spares their decimal figures. With equity and notional scaled by 1e6 * 2^96 (atoms
 * times an X96 mark: all integers),
 *   E = (margin + usd - funding) * 2^96 + perp * mark_x96,   N = |perp| * mark_x96,
 * the exact ratio is E / N, and isCandidate compares that ratio, rounded at the math lib's
 * 80 decimal places, with r * (1 + buffer). Keeping E / N <= r * (1 + buffer) + 10^-80
 * therefore keeps every position whose rounded ratio passes. No mark or no exposure: the
 * ratio is null, a candidate. Closed positions are left to the exact rule.
 */
export function mayBeCandidate(position: PositionRecord, market: MarketState, exposure: ExposureAtoms, bufferE6: number): boolean {
  if (position.isClosed || market.markX96 === null) return true;
  const notional = (exposure.perp < 0n ? -exposure.perp : exposure.perp) * market.markX96;
  if (notional === 0n) return true;
  const equity = (position.margin + exposure.usd - exposure.funding) * Q96 + exposure.perp * market.markX96;
  const thresholdE12 = BigInt(position.liqMarginRatioE6) * (E1E6 + BigInt(bufferE6));
  return equity * E80 <= (thresholdE12 * E68 + 1n) * notional;
}
