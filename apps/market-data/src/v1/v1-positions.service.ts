import { Inject, Injectable } from '@nestjs/common';
import { Page, toPage } from '@perp/http';
import { LiquidationCandidatesService } from '../positions/liquidation-candidates.service';
import { candidateView } from '../positions/position-views';
import { PositionsService } from '../positions/positions.service';
import { MARKET_DATA_SETTINGS, MarketDataSettings } from '../settings';
import { V1PositionsQuery, V1LiquidatableQuery } from './v1-positions-query.dto';
import { V1LiquidationCandidateDto, V1PositionDto } from './v1-positions.dto';
import { v1CandidateView, v1PositionView } from './v1-positions-views';

/**
 * The frozen /v1/positions answers: the same services as /positions, legacy parameter names
 * mapped in and legacy shapes mapped out. One method per route, so that
 * V1PositionsController only parses input.
 */
@Injectable()
export class V1PositionsService {
  constructor(
    private readonly positions: PositionsService,
    private readonly candidates: LiquidationCandidatesService,
    @Inject(MARKET_DATA_SETTINGS) private readonly settings: MarketDataSettings,
  ) {}

  async list(query: V1PositionsQuery): Promise<Page<V1PositionDto>> {
    const filter = { holder: query.wallet, perpAddress: query.market_id, isOpen: query.is_open, isMaker: query.is_maker, isLong: query.is_long };
    const { items, total } = await this.positions.page(filter, query.limit, query.offset);
    return toPage(
      items.map((v) => v1PositionView(v.position)),
      total,
      query,
    );
  }

  /** Legacy order: most underwater first, whatever the query asks. */
  async liquidatable(query: V1LiquidatableQuery): Promise<Page<V1LiquidationCandidateDto>> {
    const { items, total } = await this.candidates.page({ perpAddress: query.market_id, sort: 'most_underwater', limit: query.limit, offset: query.offset });
    const now = Math.floor(Date.now() / 1000);
    return toPage(
      items.map((fields) => v1CandidateView(candidateView(fields, now, this.settings.staleAfterSeconds))),
      total,
      query,
    );
  }

  /** 404 "Position not found" for an unknown id; 422 when several markets hold it and none is named. */
  async get(id: number, perpAddress?: string): Promise<V1PositionDto> {
    return v1PositionView((await this.positions.get(id, perpAddress)).position);
  }
}
