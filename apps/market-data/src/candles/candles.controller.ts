import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiPageResponse, Page, ParseAddressPathPipe } from '@perp/http';
import { RequireApiKey } from '../auth';
import { ApiErrors, HttpCache, JsonText, KeptAnswer, NOT_FOUND_DETAIL } from '../common';
import { PERP_ADDRESS_PARAM } from '../markets/markets.controller';
import { CandleDto } from './candle.dto';
import { CandlesQuery } from './candles-query.dto';
import { CandlesService } from './candles.service';

/** GET /markets/{perp_address}/candles. */
@ApiTags('markets')
@RequireApiKey()
@Controller('markets')
export class CandlesController {
  constructor(private readonly service: CandlesService) {}

  @Get(':perp_address/candles')
  @ApiOperation({
    summary: 'Candles of the mark and index prices, with volume, newest first',
    description:
      "OHLC of the snapshots' mark price (the pool price) and of their index, volume and trade count from the trades (closes), and the open " +
      "interest in force at the interval's start, per interval of the resolution. start_time and end_time bound the candles' start times, both inclusive. An interval without any snapshot or trade has no candle " +
      '(no forward fill), so consecutive candles may be more than one resolution apart. Served from rollups kept at write time.',
  })
  @PERP_ADDRESS_PARAM
  @ApiPageResponse(CandleDto)
  @ApiErrors({ 404: NOT_FOUND_DETAIL.market, 422: true, stores: ['Index store'] })
  @HttpCache('no-cache')
  candles(
    @Param('perp_address', ParseAddressPathPipe) perpAddress: string,
    @Query() query: CandlesQuery,
  ): Promise<JsonText<Page<CandleDto>> | KeptAnswer<Page<CandleDto>>> {
    return this.service.candles(perpAddress, query);
  }
}
