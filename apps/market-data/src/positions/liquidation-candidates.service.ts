import { Inject, Injectable } from '@nestjs/common';
import { MARKET_DATA_SETTINGS, MarketDataSettings } from '../settings';
import { compareCandidates, CandidateSort, RankedCandidate } from './candidate-order';
import { isCandidate, marketKeyBounds } from './candidate-rule';
import { positionHealth } from './position-health';
import { MarketState } from './position-record';
import { PositionsRepository } from './positions.repository';

export interface Candidate extends RankedCandidate {
  market: MarketState;
}

/**
 * Permissive liquidation candidates without a scan: a key range per market and side
 * (takers), the open makers of each market, then the exact rule and the sort in memory.
 * The range is a superset of the rule, so what is returned equals the naive computation
 * over every open position.
 */
@Injectable()
export class LiquidationCandidatesService {
  constructor(
    private readonly positions: PositionsRepository,
    @Inject(MARKET_DATA_SETTINGS) private readonly settings: MarketDataSettings,
  ) {}

  async page(perpAddress: string | undefined, sort: CandidateSort, limit: number, offset: number): Promise<{ items: Candidate[]; total: number }> {
    const buffer = this.settings.candidateBufferE6;
    const markets = await this.positions.marketsWithMarkTime(perpAddress);
    const byAddress = new Map(markets.map((m) => [m.perpAddress, m]));
    const rows = await this.positions.candidatePositions(markets.map((m) => marketKeyBounds(m, buffer)));
    const candidates: Candidate[] = [];
    for (const position of rows) {
      const market = byAddress.get(position.perpAddress);
      if (!market) continue;
      const health = positionHealth(position, market);
      if (isCandidate(position, health, buffer)) candidates.push({ position, market, health });
    }
    candidates.sort(compareCandidates(sort));
    return { items: candidates.slice(offset, offset + limit), total: candidates.length };
  }
}
