import { Inject, Injectable } from '@nestjs/common';
import { RefreshingCache } from '../common/refreshing-cache';
import { MARKET_DATA_SETTINGS, MarketDataSettings } from '../settings';
import { compareCandidates, CandidateSort, RankedCandidate } from './candidate-order';
import { isCandidate, marketKeyBounds } from './candidate-rule';
import type { LiquidationCandidateDto } from './liquidation-candidate.dto';
import { positionFigures } from './position-figures';
import { MarketState } from './market-state';
import { PositionsRepository } from './positions.repository';

export interface Candidate extends RankedCandidate {
  market: MarketState;
  /** The response fields that do not depend on the time of the request, filled on first use (position-views.ts). */
  fields?: Omit<LiquidationCandidateDto, 'is_stale'>;
}

/**
 * How long one evaluation of the candidates is reused, and how much longer it is still
 * answered while the next one is computed in the background (RefreshingCache): an answer
 * reflects the index as it was at most 2 s before. Marks move once per snapshot; is_stale
 * is still judged at each request.
 */
export const CANDIDATES_TTL_MS = 1_000;
export const CANDIDATES_STALE_MS = 1_000;

/** The evaluation yields to the event loop every so many positions, so that requests keep being answered meanwhile. */
const YIELD_EVERY = 64; // a maker's exact figures cost about 50 µs: at most a few ms between yields
const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Permissive liquidation candidates without a scan: a key range per market and side
 * (takers), the open makers of each market, then the exact rule and the sort in memory.
 * The range is a superset of the rule, so what is returned equals the naive computation
 * over every open position.
 *
 * Every open maker of a market comes back from the range read, so an evaluation costs
 * about as much as the open makers (thousands at bench scale): it is shared by every
 * request of the same market filter (all markets, or one) for CANDIDATES_TTL_MS. Figures
 * are the contract's integers (no decimals until a candidate is formatted). Each sort of
 * an evaluation is computed once.
 */
@Injectable()
export class LiquidationCandidatesService {
  private readonly evaluations = new RefreshingCache<Candidate[]>(CANDIDATES_TTL_MS, CANDIDATES_STALE_MS).measuredAs('candidates');
  private readonly sorted = new WeakMap<Candidate[], Map<CandidateSort, Candidate[]>>();

  constructor(
    private readonly positions: PositionsRepository,
    @Inject(MARKET_DATA_SETTINGS) private readonly settings: MarketDataSettings,
  ) {}

  async page(perpAddress: string | undefined, sort: CandidateSort, limit: number, offset: number): Promise<{ items: Candidate[]; total: number }> {
    const candidates = await this.evaluations.get(perpAddress ?? '', () => this.evaluate(perpAddress));
    const ordered = this.inOrder(candidates, sort);
    return { items: ordered.slice(offset, offset + limit), total: ordered.length };
  }

  private inOrder(candidates: Candidate[], sort: CandidateSort): Candidate[] {
    let bySort = this.sorted.get(candidates);
    if (!bySort) this.sorted.set(candidates, (bySort = new Map()));
    let ordered = bySort.get(sort);
    if (!ordered) bySort.set(sort, (ordered = [...candidates].sort(compareCandidates(sort))));
    return ordered;
  }

  /** Every candidate of one market (or of all), in no particular order. */
  private async evaluate(perpAddress: string | undefined): Promise<Candidate[]> {
    const buffer = this.settings.candidateBufferE6;
    const markets = await this.positions.marketsWithMarkTime(perpAddress);
    const byAddress = new Map(markets.map((m) => [m.perpAddress, m]));
    const rows = await this.positions.candidatePositions(markets.map((m) => marketKeyBounds(m, buffer)));
    const candidates: Candidate[] = [];
    for (let i = 0; i < rows.length; i++) {
      if (i % YIELD_EVERY === YIELD_EVERY - 1) await yieldToEventLoop();
      const position = rows[i];
      const market = byAddress.get(position.perpAddress);
      if (!market) continue;
      // Without a mark the figures are all null: a candidate by the rule.
      const figures = positionFigures(position, market);
      if (isCandidate(position, figures, buffer)) candidates.push({ position, market, figures });
    }
    return candidates;
  }
}
