import { PositionFigures } from './position-figures';
import { PositionRecord } from '@perp/index-db';

export const CANDIDATE_SORTS = ['most_underwater', 'largest_reward'] as const;
export type CandidateSort = (typeof CANDIDATE_SORTS)[number];

export interface RankedCandidate {
  position: PositionRecord;
  figures: PositionFigures;
}

const cmp = (a: bigint, b: bigint): number => (a < b ? -1 : a > b ? 1 : 0);
/** Ids are local to each perp: ties by (id, perp_address), the order of the position lists. */
const byId = (a: RankedCandidate, b: RankedCandidate): number =>
  cmp(a.position.id, b.position.id) || (a.position.perpAddress < b.position.perpAddress ? -1 : a.position.perpAddress > b.position.perpAddress ? 1 : 0);

/** Ascending, nulls after every value. */
function ascNullsLast(a: bigint | null, b: bigint | null): number {
  if (a === null || b === null) return a === b ? 0 : a === null ? 1 : -1;
  return cmp(a, b);
}

/**
 * DESIGN §4 sorts. Positions whose ratio cannot be computed come last in both (for
 * largest_reward too: a zero-size taker has a computable reward of 0 but no ratio), then
 * most_underwater: distance_to_liquidation (ratio - threshold, E6) ascending; largest_reward:
 * estimated_reward descending, nulls last; ties by (id, perp_address).
 */
export function compareCandidates(sort: CandidateSort): (a: RankedCandidate, b: RankedCandidate) => number {
  const distance = (c: RankedCandidate): bigint | null =>
    c.figures.marginRatioE6 === null ? null : c.figures.marginRatioE6 - BigInt(c.position.liqMarginRatioE6);
  const negReward = (c: RankedCandidate): bigint | null => (c.figures.estimatedRewardAtoms === null ? null : -c.figures.estimatedRewardAtoms);
  return (a, b) => {
    const uncomputable = Number(a.figures.marginRatioE6 === null) - Number(b.figures.marginRatioE6 === null);
    if (uncomputable !== 0) return uncomputable;
    const key = sort === 'most_underwater' ? ascNullsLast(distance(a), distance(b)) : ascNullsLast(negReward(a), negReward(b));
    return key !== 0 ? key : byId(a, b);
  };
}
