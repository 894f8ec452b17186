import { Controller, Get, Inject, Param, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { ApiPageResponse, Page, ParseIntPathPipe, toPage } from '@perp/http';
import { RequireApiKey } from '../auth';
import { ApiErrors } from '../common/api-errors';
import { LiquidationCandidatesService } from '../positions/liquidation-candidates.service';
import { toCandidateDto } from '../positions/position-view';
import { PositionsService } from '../positions/positions.service';
import { MARKET_DATA_SETTINGS, MarketDataSettings } from '../settings';
import { V1PositionsQuery, V1LiquidatableQuery } from './v1-positions-query.dto';
import { V1LiquidationCandidateDto, V1PositionDto } from './v1-positions.dto';
import { toV1Candidate, toV1Position } from './v1-positions-view';

/** Frozen legacy routes: same data and rules as /positions, legacy shapes and parameter names. */
@ApiTags('v1')
@RequireApiKey()
@Controller('v1/positions')
export class V1PositionsController {
  constructor(
    private readonly positions: PositionsService,
    private readonly candidates: LiquidationCandidatesService,
    @Inject(MARKET_DATA_SETTINGS) private readonly settings: MarketDataSettings,
  ) {}

  @Get()
  @ApiOperation({ summary: 'Positions, ordered by id (legacy shape)' })
  @ApiPageResponse(V1PositionDto)
  @ApiErrors({ 422: 'Invalid query: limit outside 1-500, negative offset, malformed address or boolean', stores: ['Index store'] })
  async list(@Query() query: V1PositionsQuery): Promise<Page<V1PositionDto>> {
    const filter = { holder: query.wallet, perpAddress: query.market_id, isOpen: query.is_open, isMaker: query.is_maker, isLong: query.is_long };
    const { items, total } = await this.positions.page(filter, query.limit, query.offset);
    return toPage(
      items.map((v) => toV1Position(v.position)),
      total,
      query,
    );
  }

  @Get('liquidatable')
  @ApiOperation({ summary: 'Permissive liquidation candidates, most underwater first (legacy shape)' })
  @ApiPageResponse(V1LiquidationCandidateDto)
  @ApiErrors({ 422: 'Invalid query: limit outside 1-500, negative offset, malformed address', stores: ['Index store'] })
  async liquidatable(@Query() query: V1LiquidatableQuery): Promise<Page<V1LiquidationCandidateDto>> {
    const { items, total } = await this.candidates.page(query.market_id, 'most_underwater', query.limit, query.offset);
    const now = Math.floor(Date.now() / 1000);
    return toPage(
      items.map((c) => toV1Candidate(toCandidateDto(c, now, this.settings.staleAfterSeconds))),
      total,
      query,
    );
  }

  @Get(':position_id')
  @ApiOperation({ summary: 'One position by its on-chain id (legacy shape)' })
  @ApiParam({ name: 'position_id', type: 'integer', description: 'On-chain position id' })
  @ApiOkResponse({ type: V1PositionDto })
  @ApiErrors({ 422: 'position_id is not an integer', 404: 'Position not found', stores: ['Index store'] })
  async get(@Param('position_id', ParseIntPathPipe) id: number): Promise<V1PositionDto> {
    return toV1Position((await this.positions.get(id)).position);
  }
}
