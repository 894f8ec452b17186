import { MarketDataClient, pageItems } from '@perp/market-data-client';
import { ChainConfirm, Confirmation, confirmCandidate, Verdict } from './confirm-candidate';

export interface ScanOptions {
  /** Candidates per request (1-500). */
  pageSize: number;
  /** Stop after this many candidates. */
  maxCandidates: number;
  sort: 'most_underwater' | 'largest_reward';
  /** Only this market. */
  perpAddress?: string;
  /** Confirm on chain (and liquidate) instead of trusting the index's figures. */
  chain?: ChainConfirm;
  now?: () => number;
}

export interface ScanReport {
  /** Candidates read (each (perp_address, id) once). */
  scanned: number;
  /** Requests for candidate pages. */
  pages: number;
  counts: Record<Verdict, number>;
  confirmations: Confirmation[];
}

/**
 * One pass of the bot: pages through GET /positions/liquidatable (permissive candidates,
 * DESIGN.md §4) and confirms each one (confirm-candidate.ts). A candidate seen twice (rows
 * move between offset pages) is confirmed once.
 */
export async function scanLiquidations(client: MarketDataClient, options: ScanOptions): Promise<ScanReport> {
  const now = options.now ?? (() => Math.floor(Date.now() / 1000));
  const counts: Record<Verdict, number> = { liquidatable: 0, not_liquidatable: 0, stale: 0, unknown: 0, closed: 0, gone: 0, liquidated: 0 };
  // Position ids are local to each market: a candidate is (perp_address, id).
  const seen = new Set<string>();
  const confirmations: Confirmation[] = [];
  let pages = 0;
  const fetchPage = (page: { limit?: number; offset: number }) => {
    pages++;
    return client.getLiquidatablePositions({ ...page, sort: options.sort, ...(options.perpAddress ? { perp_address: options.perpAddress } : {}) });
  };
  for await (const candidate of pageItems(fetchPage, { limit: options.pageSize, maxItems: options.maxCandidates })) {
    const key = `${candidate.perp_address}:${candidate.id}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const confirmation = await confirmCandidate(client, candidate, now(), options.chain);
    counts[confirmation.verdict]++;
    confirmations.push(confirmation);
  }
  return { scanned: seen.size, pages, counts, confirmations };
}
