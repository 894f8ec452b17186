import { Controller, Get, Header, Param, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { ApiPageResponse, Page, ParseIntPathPipe } from '@perp/http';
import { RequireApiKey } from '../auth';
import { ApiErrors } from '../common/api-errors';
import type { KeptAnswer } from '../common/kept-answers';
import { LiquidationCandidateDto } from './liquidation-candidate.dto';
import { PositionDto } from './position.dto';
import { PositionResponsesService } from './position-responses.service';
import { LiquidatableQuery, PositionLookupQuery, PositionsQuery } from './positions-query.dto';

@ApiTags('positions')
@RequireApiKey()
@Controller('positions')
export class PositionsController {
  constructor(private readonly service: PositionResponsesService) {}

  @Get()
  @ApiOperation({
    summary: 'Positions, ordered by id',
    description: 'Filters combine with AND. Open positions carry their current figures at the market mark; closed ones have them null.',
  })
  @ApiPageResponse(PositionDto)
  @ApiErrors({ 422: 'Invalid query: limit outside 1-500, negative offset, malformed address or boolean', stores: ['Index store'] })
  list(@Query() query: PositionsQuery): Promise<Page<PositionDto>> {
    return this.service.list(query);
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
  // The answer comes serialised, as the bytes of a Page of LiquidationCandidateDto (once per second and change of the candidates): sent as is.
  @Header('Content-Type', 'application/json; charset=utf-8')
  liquidatable(@Query() query: LiquidatableQuery): Promise<KeptAnswer<Page<LiquidationCandidateDto>>> {
    return this.service.liquidatable(query);
  }

  @Get(':position_id')
  @ApiOperation({
    summary: 'One position by its on-chain id',
    description:
      "Position ids are local to each market (one Perp contract per market). With perp_address (or an alias), that market's position; " +
      'without it, the position when exactly one market holds the id, else 422 on perp_address naming how many markets do.',
  })
  @ApiParam({ name: 'position_id', type: 'integer', description: 'On-chain position id, local to its market' })
  @ApiOkResponse({ type: PositionDto })
  @ApiErrors({
    422: 'position_id is not an integer, a malformed address, or an id several markets hold without perp_address',
    404: 'Position not found',
    stores: ['Index store'],
  })
  get(@Param('position_id', ParseIntPathPipe) id: number, @Query() query: PositionLookupQuery): Promise<PositionDto> {
    return this.service.get(id, query);
  }
}
