import { MarketDataApiError, MarketDataClient, Schemas } from '@perp/market-data-client';
import { compareDecimals } from './decimal-compare';

export type Candidate = Schemas['LiquidationCandidateDto'];

/**
 * What the bot concluded about a candidate:
 * - liquidatable: open, priced from a fresh mark, ratio below the threshold (the contract's strict test);
 * - not_liquidatable: open and fresh, but only inside the service's permissive buffer;
 * - stale: the mark snapshot is older than the service's staleness threshold, so the figures prove nothing;
 * - unknown: the ratio cannot be computed from the index (no mark yet);
 * - closed / gone: the position closed, or is no longer served, since the candidate list was read.
 */
export type Verdict = 'liquidatable' | 'not_liquidatable' | 'stale' | 'unknown' | 'closed' | 'gone';

export interface Confirmation {
  id: number;
  perp_address: string | null;
  verdict: Verdict;
  margin_ratio: string | null;
  liq_margin_ratio: string | null;
  estimated_reward: string | null;
  /** Seconds between the mark snapshot used and now; null when unknown. */
  mark_age_seconds: number | null;
}

/**
 * Confirms one candidate. The dev stack's chain carries no Perp City contracts (the demo
 * positions exist only in the index the simulator fills), so this cannot read the position's
 * health on chain: it re-reads the position (`GET /positions/{id}`: still there, still open?)
 * and trusts the candidate's figures only when their mark is fresh. Against a real deployment,
 * replace this with a read of the PerpManager before sending a liquidation.
 */
export async function confirmCandidate(client: MarketDataClient, candidate: Candidate, nowSeconds: number): Promise<Confirmation> {
  const base = {
    id: candidate.id,
    perp_address: candidate.perp_address,
    margin_ratio: candidate.margin_ratio,
    liq_margin_ratio: candidate.liq_margin_ratio,
    estimated_reward: candidate.estimated_reward,
    mark_age_seconds: candidate.as_of === null ? null : Math.max(0, nowSeconds - candidate.as_of),
  };
  let position: Schemas['PositionDto'];
  try {
    position = await client.getPosition(candidate.id, candidate.perp_address ? { perp_address: candidate.perp_address } : {});
  } catch (error) {
    if (error instanceof MarketDataApiError && error.code === 'not_found') return { ...base, verdict: 'gone' };
    throw error;
  }
  if (position.is_closed) return { ...base, verdict: 'closed' };
  if (candidate.is_stale) return { ...base, verdict: 'stale' };
  if (candidate.margin_ratio === null || candidate.liq_margin_ratio === null) return { ...base, verdict: 'unknown' };
  return { ...base, verdict: compareDecimals(candidate.margin_ratio, candidate.liq_margin_ratio) < 0 ? 'liquidatable' : 'not_liquidatable' };
}
