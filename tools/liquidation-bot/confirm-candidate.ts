import { MarketDataApiError, MarketDataClient, Schemas } from '@perp/market-data-client';
import type { ChainLiquidator } from './chain-liquidator';
import { compareDecimals } from './decimal-compare';

export type Candidate = Schemas['LiquidationCandidateDto'];

/**
 * What the bot concluded about a candidate:
 * - liquidatable: open, priced from a fresh mark, ratio below the threshold (the contract's strict test);
 * - not_liquidatable: open and fresh, but only inside the service's permissive buffer;
 * - stale: the mark snapshot is older than the service's staleness threshold, so the figures prove nothing;
 * - unknown: the ratio cannot be computed from the index (no mark yet);
 * - closed / gone: the position closed, or is no longer served, since the candidate list was read;
 * - liquidated: confirmed on chain and liquidated by the bot (`--liquidate`).
 * With a chain (`--rpc`), liquidatable and not_liquidatable are the chain's own answer, whatever the mark's age.
 */
export type Verdict = 'liquidatable' | 'not_liquidatable' | 'stale' | 'unknown' | 'closed' | 'gone' | 'liquidated';

export interface Confirmation {
  id: number;
  perp_address: string | null;
  verdict: Verdict;
  margin_ratio: string | null;
  liq_margin_ratio: string | null;
  estimated_reward: string | null;
  /** Seconds between the mark snapshot used and now; null when unknown. */
  mark_age_seconds: number | null;
  /** The verdict is the chain's liquidation test's (not the index's figures). */
  confirmed_on_chain: boolean;
  /** The liquidation sent (`liquidated`), else null. */
  tx_hash: string | null;
}

/** With a chain: ask it, and liquidate when told to. */
export interface ChainConfirm {
  liquidator: ChainLiquidator;
  liquidate: boolean;
}

/**
 * Confirms one candidate: it re-reads the position (`GET /positions/{id}`: still there, still
 * open?); then, with a chain, asks the Perp's own liquidation test (chain-liquidator.ts) and
 * liquidates when told to. Without one it can only trust the candidate's figures when their mark
 * is fresh, and sends nothing.
 */
export async function confirmCandidate(client: MarketDataClient, candidate: Candidate, nowSeconds: number, chain?: ChainConfirm): Promise<Confirmation> {
  const base = {
    confirmed_on_chain: false,
    tx_hash: null,
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
  if (chain && candidate.perp_address) {
    const amount = BigInt(candidate.amount);
    const accepted = await chain.liquidator.accepts(candidate.perp_address, candidate.id, candidate.is_maker, amount);
    const onChain = { ...base, confirmed_on_chain: true };
    if (!accepted) return { ...onChain, verdict: 'not_liquidatable' };
    if (!chain.liquidate) return { ...onChain, verdict: 'liquidatable' };
    const hash = await chain.liquidator.liquidate(candidate.perp_address, candidate.id, candidate.is_maker, amount);
    return hash === null ? { ...onChain, verdict: 'closed' } : { ...onChain, verdict: 'liquidated', tx_hash: hash };
  }
  if (candidate.is_stale) return { ...base, verdict: 'stale' };
  if (candidate.margin_ratio === null || candidate.liq_margin_ratio === null) return { ...base, verdict: 'unknown' };
  return { ...base, verdict: compareDecimals(candidate.margin_ratio, candidate.liq_margin_ratio) < 0 ? 'liquidatable' : 'not_liquidatable' };
}
