import { BigNumber } from '@perp/x96-math';
import { PositionHealth } from './position-health';
import { PositionRecord } from './position-record';

export const CANDIDATE_SORTS = ['most_underwater', 'largest_reward'] as const;
export type CandidateSort = (typeof CANDIDATE_SORTS)[number];

export interface RankedCandidate {
  position: PositionRecord;
  health: PositionHealth;
}

/** Ascending, nulls after every number. */
function ascNullsLast(a: BigNumber | null, b: BigNumber | null): number {
  if (a === null || b === null) return a === b ? 0 : a === null ? 1 : -1;
  return a.comparedTo(b) ?? 0;
}

const byId = (a: RankedCandidate, b: RankedCandidate): number => (a.position.id < b.position.id ? -1 : a.position.id > b.position.id ? 1 : 0);

/**
 * DESIGN §4 sorts. Positions whose ratio cannot be computed come last in both (for
 * largest_reward too: a zero-size taker has a computable reward of 0 but no ratio), then
 * most_underwater: distance_to_liquidation ascending; largest_reward: estimated_reward
 * descending, nulls last; ties by id.
 */
export function compareCandidates(sort: CandidateSort): (a: RankedCandidate, b: RankedCandidate) => number {
  return (a, b) => {
    const uncomputable = Number(a.health.marginRatio === null) - Number(b.health.marginRatio === null);
    if (uncomputable !== 0) return uncomputable;
    const key =
      sort === 'most_underwater'
        ? ascNullsLast(a.health.distanceToLiquidation, b.health.distanceToLiquidation)
        : ascNullsLast(a.health.estimatedReward?.negated() ?? null, b.health.estimatedReward?.negated() ?? null);
    return key !== 0 ? key : byId(a, b);
  };
}
