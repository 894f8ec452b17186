import { bigOrNull, TableRow, type RawRow } from './cells';

/** Every column of `position_settlements`, in writer order. */
export const POSITION_SETTLEMENTS_COLUMNS = ['id', 'perp_address', 'pos_id', 'timestamp', 'opened', 'realized_pnl', 'funding', 'block_number'] as const;

export type PositionSettlementsRow = TableRow<typeof POSITION_SETTLEMENTS_COLUMNS>;

/**
 * The PnL one touch of a taker realized, USDC atoms: the USD its swaps moved, plus the USD leg
 * the contract held before, less the one it holds after (0 once closed). What leaves the USD
 * leg went into the margin. A full close realizes the close swap's usd plus the entry usd (the
 * contract's `margin += next.amount1()`); a reduce that keeps the whole USD leg in the position
 * (the dev chain's double: `next = before + swap`) realizes 0, one that moves part of it into the
 * margin realizes that part. Exact for a block's several events together: the views are read once
 * per block, so the indexer writes one row per position and block.
 */
export function takerRealizedPnl(swapUsd: bigint, usdDeltaBefore: bigint, usdDeltaAfter: bigint): bigint {
  return swapUsd + usdDeltaBefore - usdDeltaAfter;
}

/**
 * A position's settlement sums (alias `ps`), for a statement over positions `p`: a lateral
 * aggregate over position_settlements_position_idx, probed only for a closed position (the
 * figures of an open one are null). An aggregate without GROUP BY always yields one row.
 */
export const POSITION_SETTLEMENT_JOIN =
  'LEFT JOIN LATERAL (SELECT bool_or(s.opened) AS opened, count(*) - count(s.realized_pnl) AS inexact, sum(s.realized_pnl) AS realized, sum(s.funding) AS funding' +
  ' FROM position_settlements s WHERE p.is_closed AND s.perp_address = p.perp_address AND s.pos_id = p.id) ps ON true';

/** The select list of POSITION_SETTLEMENT_JOIN. */
export const POSITION_SETTLEMENT_COLUMNS = 'ps.opened AS ps_opened, ps.inexact AS ps_inexact, ps.realized AS ps_realized, ps.funding AS ps_funding';

/** A closed position's settled figures, USDC atoms; null while open or where not exact. */
export interface ClosedPositionFigures {
  /** The sum of its touches' realized PnL; null for makers and for a position with a maker leg (a converted maker). */
  realizedPnl: bigint | null;
  /** Funding received (> 0) or paid (< 0): minus the sum of the funding its touches settled. */
  netFunding: bigint | null;
}

/**
 * Decodes POSITION_SETTLEMENT_COLUMNS. A position whose rows lack its opening (closed before the
 * store kept settlements, or written by a writer that keeps none for it) has no complete history:
 * both figures are null, never a partial sum.
 */
export function decodeClosedPositionFigures(row: RawRow, position: { isClosed: boolean; isMaker: boolean }): ClosedPositionFigures {
  if (!position.isClosed || row['ps_opened'] !== true) return { realizedPnl: null, netFunding: null };
  const funding = bigOrNull(row['ps_funding']) ?? 0n;
  const exact = !position.isMaker && BigInt(row['ps_inexact'] as string) === 0n;
  return { realizedPnl: exact ? (bigOrNull(row['ps_realized']) ?? 0n) : null, netFunding: -funding };
}
