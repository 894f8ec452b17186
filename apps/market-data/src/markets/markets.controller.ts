import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { ApiPageResponse, Page, ParseAddressPathPipe } from '@perp/http';
import { ApiErrors, HttpCache, KeptAnswer, NOT_FOUND_DETAIL } from '../common';
import { RequireApiKey } from '../auth';
import { LiveMarketDto } from './live-market.dto';
import { MarketDetailDto } from './market-detail.dto';
import { MarketHistoryQuery, SnapshotsQuery, TradesQuery } from './market-page-queries';
import { FundingPointDto, OpenInterestPointDto } from './market-history.dto';
import { MARKET_READ_MAX_AGE_SECONDS } from './market-read-models.service';
import { MarketStatsDto } from './market-stats.dto';
import { MarketDto } from './market.dto';
import { MarketsQuery } from './markets-query.dto';
import { MarketsService } from './markets.service';
import { SnapshotDto } from './snapshot.dto';
import { TradeDto } from './trade.dto';

export const PERP_ADDRESS_PARAM = ApiParam({
  name: 'perp_address',
  description: 'Perp contract address, any case (422 when malformed)',
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

/** The unversioned market routes (canonical shapes; `perp` is the deprecated alias of perp_address). */
@ApiTags('markets')
@RequireApiKey()
@Controller('markets')
export class MarketsController {
  constructor(private readonly service: MarketsService) {}

  @Get()
  @ApiOperation({ summary: 'List markets', description: 'Filtered and sorted; nulls last, ties by perp_address ascending.' })
  @ApiPageResponse(MarketDto)
  @ApiErrors({ 422: true, stores: ['Index store'] })
  @HttpCache('no-cache')
  list(@Query() query: MarketsQuery): Promise<Page<MarketDto>> {
    return this.service.list(query);
  }

  @Get(':perp_address')
  @ApiOperation({ summary: 'Market detail: the market, its latest snapshot and its live figures' })
  @PERP_ADDRESS_PARAM
  @ApiOkResponse({ type: MarketDetailDto })
  @ApiErrors(MARKET_404)
  @HttpCache(PER_SNAPSHOT)
  detail(@Param('perp_address', ParseAddressPathPipe) perpAddress: string): Promise<KeptAnswer<MarketDetailDto>> {
    return this.service.detail(perpAddress);
  }

  @Get(':perp_address/live')
  @ApiOperation({ summary: "Live figures from the market's latest snapshot" })
  @PERP_ADDRESS_PARAM
  @ApiOkResponse({ type: LiveMarketDto })
  @ApiErrors(LIVE_404)
  @HttpCache(PER_SNAPSHOT)
  live(@Param('perp_address', ParseAddressPathPipe) perpAddress: string): Promise<KeptAnswer<LiveMarketDto>> {
    return this.service.live(perpAddress);
  }

  @Get(':perp_address/stats')
  @ApiOperation({
    summary: '24 h price statistics',
    description: 'Over the snapshots of the 24 hours ending at the latest snapshot, both ends inclusive. 404 "No live data for market" without any snapshot.',
  })
  @PERP_ADDRESS_PARAM
  @ApiOkResponse({ type: MarketStatsDto })
  @ApiErrors(LIVE_404)
  @HttpCache(PER_SNAPSHOT)
  stats(@Param('perp_address', ParseAddressPathPipe) perpAddress: string): Promise<KeptAnswer<MarketStatsDto>> {
    return this.service.stats(perpAddress);
  }

  @Get(':perp_address/snapshots')
  @ApiOperation({ summary: 'Snapshots, newest first (timestamp, then id); start_time and end_time inclusive' })
  @PERP_ADDRESS_PARAM
  @ApiPageResponse(SnapshotDto)
  @ApiErrors(MARKET_404)
  @HttpCache('no-cache')
  snapshots(@Param('perp_address', ParseAddressPathPipe) perpAddress: string, @Query() query: SnapshotsQuery): Promise<Page<SnapshotDto>> {
    return this.service.snapshots(perpAddress, query);
  }

  @Get(':perp_address/funding')
  @ApiOperation({
    summary: 'Funding history, newest first (timestamp, then id); start_time and end_time inclusive',
    description: 'A point at each indexed block (or simulator write) that changed the funding rate or the cumulative funding: the state after that block.',
  })
  @PERP_ADDRESS_PARAM
  @ApiPageResponse(FundingPointDto)
  @ApiErrors(MARKET_404)
  @HttpCache('no-cache')
  funding(@Param('perp_address', ParseAddressPathPipe) perpAddress: string, @Query() query: MarketHistoryQuery): Promise<Page<FundingPointDto>> {
    return this.service.funding(perpAddress, query);
  }

  @Get(':perp_address/open-interest')
  @ApiOperation({
    summary: 'Open-interest history, newest first (timestamp, then id); start_time and end_time inclusive',
    description: 'A point at each indexed block (or simulator write) that changed the open interest or the capacity: the state after that block.',
  })
  @PERP_ADDRESS_PARAM
  @ApiPageResponse(OpenInterestPointDto)
  @ApiErrors(MARKET_404)
  @HttpCache('no-cache')
  openInterest(@Param('perp_address', ParseAddressPathPipe) perpAddress: string, @Query() query: MarketHistoryQuery): Promise<Page<OpenInterestPointDto>> {
    return this.service.openInterest(perpAddress, query);
  }

  @Get(':perp_address/trades')
  @ApiOperation({ summary: 'Recent close trades, newest first (timestamp, then id); start_time and end_time inclusive' })
  @PERP_ADDRESS_PARAM
  @ApiPageResponse(TradeDto)
  @ApiErrors(MARKET_404)
  @HttpCache('no-cache')
  trades(@Param('perp_address', ParseAddressPathPipe) perpAddress: string, @Query() query: TradesQuery): Promise<Page<TradeDto>> {
    return this.service.trades(perpAddress, query);
  }
}
