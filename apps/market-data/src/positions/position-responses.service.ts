import { Injectable } from '@nestjs/common';
import { Page, toPage } from '@perp/http';
import { measureCache } from '../common/cache-metrics';
import type { KeptAnswer } from '../common/kept-answers';
import type { LiquidationCandidateDto } from './liquidation-candidate.dto';
import { LiquidationCandidatesService } from './liquidation-candidates.service';
import { MarkDecimals } from './mark-decimals';
import { PositionDto } from './position.dto';
import { positionView } from './position-views';
import { LiquidatableQuery, PositionLookupQuery, PositionsQuery, resolvePerpFilter } from './positions-query.dto';
import { PositionsService } from './positions.service';

const nowSeconds = (): number => Math.floor(Date.now() / 1000);

/**
 * The /positions answers in their canonical shapes: the filter a query means, the page from
 * PositionsService or LiquidationCandidatesService, and the DTO mapping (a candidate's
 * staleness needs the clock and the setting). One method per route, so that
 * PositionsController only parses input (controller -> service -> repository).
 */
@Injectable()
export class PositionResponsesService {
  private readonly marks = new MarkDecimals(measureCache);

  constructor(
    private readonly positions: PositionsService,
    private readonly candidates: LiquidationCandidatesService,
  ) {}

  async list(query: PositionsQuery): Promise<Page<PositionDto>> {
    const filter = { holder: query.holder, perpAddress: resolvePerpFilter(query), isOpen: query.is_open, isMaker: query.is_maker, isLong: query.is_long };
    const { items, total } = await this.positions.page(filter, query.limit, query.offset);
    return toPage(
      items.map((v) => positionView(v.position, v.figures, v.closed, this.marks)),
      total,
      query,
    );
  }

  /** A Page of LiquidationCandidateDto as JSON bytes: the same page goes to every request of its second (LiquidationCandidatesService). */
  liquidatable(query: LiquidatableQuery): Promise<KeptAnswer<Page<LiquidationCandidateDto>>> {
    return this.candidates.pageJson({ perpAddress: resolvePerpFilter(query), sort: query.sort, limit: query.limit, offset: query.offset }, nowSeconds());
  }

  /** 404 "Position not found" for an unknown id; 422 when several markets hold it and none is named. */
  async get(id: number, query: PositionLookupQuery): Promise<PositionDto> {
    const { position, figures, closed } = await this.positions.get(id, resolvePerpFilter(query));
    return positionView(position, figures, closed, this.marks);
  }
}
