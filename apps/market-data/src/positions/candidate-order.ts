import type { PositionRecord } from '@perp/index-db/figures';
import type { PositionFigures } from './position-figures';

export const CANDIDATE_SORTS = ['most_underwater', 'largest_reward'] as const;
export type CandidateSort = (typeof CANDIDATE_SORTS)[number];

export interface RankedCandidate {
  position: PositionRecord;
  figures: PositionFigures;
}

/** What both sorts compare, computed once per candidate rather than once per comparison. */
export interface SortKeys {
  /** The ratio cannot be computed: last in both sorts. */
  uncomputable: boolean;
  /** distance_to_liquidation (ratio - threshold), E6; null when uncomputable. */
  distance: bigint | null;
  /** -estimated_reward, atoms (so that both sorts ascend); null without a reward. */
  negReward: bigint | null;
  id: bigint;
  perpAddress: string;
}

export function sortKeys({ position, figures }: RankedCandidate): SortKeys {
  return {
    uncomputable: figures.marginRatioE6 === null,
    distance: figures.marginRatioE6 === null ? null : figures.marginRatioE6 - BigInt(position.liqMarginRatioE6),
    negReward: figures.estimatedRewardAtoms === null ? null : -figures.estimatedRewardAtoms,
    id: position.id,
    perpAddress: position.perpAddress,
  };
}

const cmp = (a: bigint, b: bigint): number => (a < b ? -1 : a > b ? 1 : 0);

/** Ascending, nulls after every value. */
function ascNullsLast(a: bigint | null, b: bigint | null): number {
  if (a === null || b === null) return a === b ? 0 : a === null ? 1 : -1;
  return cmp(a, b);
}

/**
 * DESIGN §4 sorts. Positions whose ratio cannot be computed come last in both (for
 * largest_reward too: a zero-size taker has a computable reward of 0 but no ratio), then
 * most_underwater: distance_to_liquidation (ratio - threshold, E6) ascending; largest_reward:
 * estimated_reward descending, nulls last; ties by (id, perp_address): ids are local to each perp.
 */
export function compareSortKeys(sort: CandidateSort): (a: SortKeys, b: SortKeys) => number {
  return (a, b) => {
    const uncomputable = Number(a.uncomputable) - Number(b.uncomputable);
    if (uncomputable !== 0) return uncomputable;
    const key = sort === 'most_underwater' ? ascNullsLast(a.distance, b.distance) : ascNullsLast(a.negReward, b.negReward);
    if (key !== 0) return key;
    return cmp(a.id, b.id) || (a.perpAddress < b.perpAddress ? -1 : a.perpAddress > b.perpAddress ? 1 : 0);
  };
}
