import { Controller, Get, Inject, Param, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { ApiPageResponse, Page, ParseIntPathPipe, toPage } from '@perp/http';
import { RequireApiKey } from '../auth';
import { ApiErrors } from '../common/api-errors';
import { MARKET_DATA_SETTINGS, MarketDataSettings } from '../settings';
import { LiquidationCandidateDto } from './liquidation-candidate.dto';
import { LiquidationCandidatesService } from './liquidation-candidates.service';
import { PositionDto } from './position.dto';
import { toCandidateDto, toPositionDto } from './position-view';
import { LiquidatableQuery, PositionsQuery, resolvePerpFilter } from './positions-query.dto';
import { PositionsService } from './positions.service';

const nowSeconds = (): number => Math.floor(Date.now() / 1000);

@ApiTags('positions')
@RequireApiKey()
@Controller('positions')
export class PositionsController {
  constructor(
    private readonly positions: PositionsService,
    private readonly candidates: LiquidationCandidatesService,
    @Inject(MARKET_DATA_SETTINGS) private readonly settings: MarketDataSettings,
  ) {}

  @Get()
  @ApiOperation({
    summary: 'Positions, ordered by id',
    description: 'Filters combine with AND. Open positions carry their current figures at the market mark; closed ones have them null.',
  })
  @ApiPageResponse(PositionDto)
  @ApiErrors({ 422: 'Invalid query: limit outside 1-500, negative offset, malformed address or boolean', stores: ['Index store'] })
  async list(@Query() query: PositionsQuery): Promise<Page<PositionDto>> {
    const filter = { holder: query.holder, perpAddress: resolvePerpFilter(query), isOpen: query.is_open, isMaker: query.is_maker, isLong: query.is_long };
    const { items, total } = await this.positions.page(filter, query.limit, query.offset);
    return toPage(
      items.map((v) => toPositionDto(v.position, v.figures)),
      total,
      query,
    );
  }

  @Get('liquidatable')
  @ApiOperation({
    summary: 'Permissive liquidation candidates',
    description:
      'Open positions whose margin ratio at the mark is within the candidate buffer of their maintenance ratio (margin_ratio <= liq_margin_ratio * (1 + CANDIDATE_BUFFER)), ' +
      'or whose ratio cannot be computed (listed last). A candidate is not a guarantee: confirm it on-chain before acting.',
  })
  @ApiPageResponse(LiquidationCandidateDto)
  @ApiErrors({ 422: 'Invalid query: limit outside 1-500, negative offset, unknown sort, malformed address', stores: ['Index store'] })
  async liquidatable(@Query() query: LiquidatableQuery): Promise<Page<LiquidationCandidateDto>> {
    const { items, total } = await this.candidates.page(resolvePerpFilter(query), query.sort, query.limit, query.offset);
    const now = nowSeconds();
    return toPage(
      items.map((c) => toCandidateDto(c, now, this.settings.staleAfterSeconds)),
      total,
      query,
    );
  }

  @Get(':position_id')
  @ApiOperation({ summary: 'One position by its on-chain id' })
  @ApiParam({ name: 'position_id', type: 'integer', description: 'On-chain position id' })
  @ApiOkResponse({ type: PositionDto })
  @ApiErrors({ 422: 'position_id is not an integer', 404: 'Position not found', stores: ['Index store'] })
  async get(@Param('position_id', ParseIntPathPipe) id: number): Promise<PositionDto> {
    const { position, figures } = await this.positions.get(id);
    return toPositionDto(position, figures);
  }
}
