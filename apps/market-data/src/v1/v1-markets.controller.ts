import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { ApiPageResponse, Page, ParseAddressPathPipe } from '@perp/http';
import { RequireApiKey } from '../auth';
import { ApiErrors, HttpCache, KeptAnswer, NOT_FOUND_DETAIL } from '../common';
import { SnapshotsQuery, TradesQuery } from '../markets/market-page-queries';
import { MARKET_READ_MAX_AGE_SECONDS } from '../markets/market-read-models.service';
import { V1MarketsQuery, V1OiQuery } from './v1-markets-queries';
import { V1MarketsService } from './v1-markets.service';
import { V1LiveMarketDto, V1MarketDetailDto, V1MarketDto, V1OiPointDto, V1SnapshotDto, V1StatsDto, V1TradeDto } from './v1-markets.dto';

const MARKET_ID_PARAM = ApiParam({
  name: 'market_id',
  description: 'Perp id (the perp contract address, hex, any case; 422 when malformed)',
  schema: { type: 'string', pattern: '^0x[0-9a-fA-F]{40}$' },
});
/**
 * Detail, live and stats are answers of the market's read model (MarketReadModels): a KeptAnswer
 * that later requests of the same URL get while the model is current, from a preHandler hook,
 * without reaching the handler (common/kept-answers.ts). Authentication and the rate limit still run.
 */
const PER_SNAPSHOT = { maxAgeSeconds: MARKET_READ_MAX_AGE_SECONDS };
const MARKET_404 = { 404: NOT_FOUND_DETAIL.market, 422: true, stores: ['Index store' as const] };
const LIVE_404 = { ...MARKET_404, 404: `${NOT_FOUND_DETAIL.market}, or ${NOT_FOUND_DETAIL.liveData} (no snapshot yet)` };

/** Frozen legacy market routes: same data and rules as /markets, legacy shapes (perp, perp_id, id). */
@ApiTags('v1')
@RequireApiKey()
@Controller('v1/markets')
export class V1MarketsController {
  constructor(private readonly service: V1MarketsService) {}

  @Get()
  @ApiOperation({ summary: 'List markets (legacy shape), newest first (created_at desc, nulls last, then perp id)' })
  @ApiPageResponse(V1MarketDto)
  @ApiErrors({ 422: true, stores: ['Index store'] })
  @HttpCache('no-cache')
  list(@Query() query: V1MarketsQuery): Promise<Page<V1MarketDto>> {
    return this.service.list(query);
  }

  @Get(':market_id')
  @ApiOperation({ summary: 'Market detail (legacy shape)' })
  @MARKET_ID_PARAM
  @ApiOkResponse({ type: V1MarketDetailDto })
  @ApiErrors(MARKET_404)
  @HttpCache(PER_SNAPSHOT)
  detail(@Param('market_id', ParseAddressPathPipe) perpAddress: string): Promise<KeptAnswer<V1MarketDetailDto>> {
    return this.service.detail(perpAddress);
  }

  @Get(':market_id/live')
  @ApiOperation({ summary: 'Live figures from the latest snapshot (legacy shape)' })
  @MARKET_ID_PARAM
  @ApiOkResponse({ type: V1LiveMarketDto })
  @ApiErrors(LIVE_404)
  @HttpCache(PER_SNAPSHOT)
  live(@Param('market_id', ParseAddressPathPipe) perpAddress: string): Promise<KeptAnswer<V1LiveMarketDto>> {
    return this.service.live(perpAddress);
  }

  @Get(':market_id/oi')
  @ApiOperation({
    summary: 'Open-interest history (legacy shape), newest first; the points of /markets/{perp_address}/open-interest; start_time and end_time inclusive',
  })
  @MARKET_ID_PARAM
  @ApiPageResponse(V1OiPointDto)
  @ApiErrors(MARKET_404)
  @HttpCache('no-cache')
  oi(@Param('market_id', ParseAddressPathPipe) perpAddress: string, @Query() query: V1OiQuery): Promise<Page<V1OiPointDto>> {
    return this.service.oi(perpAddress, query);
  }

  @Get(':market_id/stats')
  @ApiOperation({ summary: '24 h price statistics (legacy shape); window as for /markets/{perp_address}/stats' })
  @MARKET_ID_PARAM
  @ApiOkResponse({ type: V1StatsDto })
  @ApiErrors(LIVE_404)
  @HttpCache(PER_SNAPSHOT)
  stats(@Param('market_id', ParseAddressPathPipe) perpAddress: string): Promise<KeptAnswer<V1StatsDto>> {
    return this.service.stats(perpAddress);
  }

  @Get(':market_id/snapshots')
  @ApiOperation({ summary: 'Snapshots (legacy shape), newest first; start_time and end_time inclusive' })
  @MARKET_ID_PARAM
  @ApiPageResponse(V1SnapshotDto)
  @ApiErrors(MARKET_404)
  @HttpCache('no-cache')
  snapshots(@Param('market_id', ParseAddressPathPipe) perpAddress: string, @Query() query: SnapshotsQuery): Promise<Page<V1SnapshotDto>> {
    return this.service.snapshots(perpAddress, query);
  }

  @Get(':market_id/trades')
  @ApiOperation({ summary: 'Close trades (legacy shape), newest first; start_time and end_time inclusive' })
  @MARKET_ID_PARAM
  @ApiPageResponse(V1TradeDto)
  @ApiErrors(MARKET_404)
  @HttpCache('no-cache')
  trades(@Param('market_id', ParseAddressPathPipe) perpAddress: string, @Query() query: TradesQuery): Promise<Page<V1TradeDto>> {
    return this.service.trades(perpAddress, query);
  }
}
