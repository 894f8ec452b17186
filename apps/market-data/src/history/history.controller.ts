import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { ApiPageResponse, Page } from '@perp/http';
import { RequireApiKey } from '../auth';
import { ApiErrors, HttpCache, NOT_FOUND_DETAIL } from '../common';
import { HistoryPointDto } from './history-point.dto';
import { HistoryQuery } from './history-query.dto';
import { MarketHistoryService } from './market-history.service';

/**
 * GET /markets/{ticker}/history. The segment is a ticker, not an address: the router
 * tells the routes apart by their last segment, and no address validation applies here.
 */
@ApiTags('markets')
@RequireApiKey()
@Controller('markets')
export class HistoryController {
  constructor(private readonly service: MarketHistoryService) {}

  @Get(':ticker/history')
  @ApiOperation({
    summary: 'Raw measurement history of a market, with its index',
    description:
      "The ticker (exact, case-sensitive) is resolved through the markets' cosmetic `ticker`. Points come from the source store for the market's whole life, oldest first; " +
      "before the market's boundary time the index and origin are the source row's, at and after it the index is the on-chain snapshot's at the same timestamp (origin `chain`). " +
      'No forward-fill. start_time and end_time are inclusive. Needs both the index and the source store.',
  })
  @ApiParam({ name: 'ticker', description: "A market's ticker", schema: { type: 'string' } })
  @ApiPageResponse(HistoryPointDto)
  @ApiErrors({ 404: NOT_FOUND_DETAIL.ticker, 422: true, stores: ['Index store', 'Source store'] })
  @HttpCache('no-cache')
  history(@Param('ticker') ticker: string, @Query() query: HistoryQuery): Promise<Page<HistoryPointDto>> {
    return this.service.page(ticker, query);
  }
}
