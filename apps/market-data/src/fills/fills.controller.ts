import { Controller, Get, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiPageResponse, Page } from '@perp/http';
import { RequireApiKey } from '../auth';
import { ApiErrors, HttpCache } from '../common';
import { FillDto } from './fill.dto';
import { FillsQuery } from './fills-query.dto';
import { FillsService } from './fills.service';

@ApiTags('trades')
@RequireApiKey()
@Controller('trades')
export class FillsController {
  constructor(private readonly service: FillsService) {}

  @Get()
  @ApiOperation({
    summary: "A wallet's fills, newest first (timestamp, then id)",
    description:
      "Every close (partial or full) of the holder's taker positions (the trades rows; makers' withdrawals are not trades), in every market or in perp_address's, liquidations flagged by was_liquidated. " +
      'start_time and end_time inclusive. An unknown holder or market gives an empty page.',
  })
  @ApiPageResponse(FillDto)
  @ApiErrors({
    422: 'Invalid query: holder missing or malformed, malformed perp_address or time, limit outside 1-500, negative offset',
    stores: ['Index store'],
  })
  @HttpCache('no-cache')
  list(@Query() query: FillsQuery): Promise<Page<FillDto>> {
    return this.service.list(query);
  }
}
