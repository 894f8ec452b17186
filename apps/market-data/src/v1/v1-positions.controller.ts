import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { ApiPageResponse, Page, ParseIntPathPipe } from '@perp/http';
import { RequireApiKey } from '../auth';
import { ApiErrors } from '../common/api-errors';
import { V1LiquidatableQuery, V1PositionLookupQuery, V1PositionsQuery } from './v1-positions-query.dto';
import { V1LiquidationCandidateDto, V1PositionDto } from './v1-positions.dto';
import { V1PositionsService } from './v1-positions.service';

/** Frozen legacy routes: same data and rules as /positions, legacy shapes and parameter names. */
@ApiTags('v1')
@RequireApiKey()
@Controller('v1/positions')
export class V1PositionsController {
  constructor(private readonly service: V1PositionsService) {}

  @Get()
  @ApiOperation({ summary: 'Positions, ordered by id (legacy shape)' })
  @ApiPageResponse(V1PositionDto)
  @ApiErrors({ 422: 'Invalid query: limit outside 1-500, negative offset, malformed address or boolean', stores: ['Index store'] })
  list(@Query() query: V1PositionsQuery): Promise<Page<V1PositionDto>> {
    return this.service.list(query);
  }

  @Get('liquidatable')
  @ApiOperation({ summary: 'Permissive liquidation candidates, most underwater first (legacy shape)' })
  @ApiPageResponse(V1LiquidationCandidateDto)
  @ApiErrors({ 422: 'Invalid query: limit outside 1-500, negative offset, malformed address', stores: ['Index store'] })
  liquidatable(@Query() query: V1LiquidatableQuery): Promise<Page<V1LiquidationCandidateDto>> {
    return this.service.liquidatable(query);
  }

  @Get(':position_id')
  @ApiOperation({
    summary: 'One position by its on-chain id (legacy shape)',
    description: 'Position ids are local to each market: without perp_address, the position when exactly one market holds the id, else 422.',
  })
  @ApiParam({ name: 'position_id', type: 'integer', description: 'On-chain position id, local to its market' })
  @ApiOkResponse({ type: V1PositionDto })
  @ApiErrors({
    422: 'position_id is not an integer, a malformed address, or an id several markets hold without perp_address',
    404: 'Position not found',
    stores: ['Index store'],
  })
  get(@Param('position_id', ParseIntPathPipe) id: number, @Query() query: V1PositionLookupQuery): Promise<V1PositionDto> {
    return this.service.get(id, query.perp_address);
  }
}
