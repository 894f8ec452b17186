import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { ApiPageResponse, Page, ParseAddressPathPipe, toPage } from '@perp/http';
import { ApiErrors, HttpCache, JsonText, NOT_FOUND_DETAIL, marketNotFound } from '../common';
import { RequireApiKey } from '../auth';
import { LiveMarketDto } from './live-market.dto';
import { MarketDetailDto } from './market-detail.dto';
import { SnapshotsQuery, TradesQuery } from './market-page-queries';
import { MARKET_READ_MAX_AGE_SECONDS, MarketReadsService } from './market-reads.service';
import { MarketStatsDto } from './market-stats.dto';
import { liveView, marketDetailView, marketView, snapshotView, statsView, tradeView } from './market-views';
import { MarketDto } from './market.dto';
import { MarketsQuery } from './markets-query.dto';
import { MarketsRepository } from './markets.repository';
import { SnapshotDto } from './snapshot.dto';
import { TradeDto } from './trade.dto';

export const PERP_ADDRESS_PARAM = ApiParam({
  name: 'perp_address',
  description: 'Perp contract address, any case (422 when malformed)',
  schema: { type: 'string', pattern: '^0x[0-9a-fA-F]{40}$' },
});

const PER_SNAPSHOT = { maxAgeSeconds: MARKET_READ_MAX_AGE_SECONDS };
const MARKET_404 = { 404: NOT_FOUND_DETAIL.market, 422: true, stores: ['Index store' as const] };
const LIVE_404 = { ...MARKET_404, 404: `${NOT_FOUND_DETAIL.market}, or ${NOT_FOUND_DETAIL.liveData} (no snapshot yet)` };

/** The unversioned market routes (canonical shapes; `perp` is the deprecated alias of perp_address). */
@ApiTags('markets')
@RequireApiKey()
@Controller('markets')
export class MarketsController {
  constructor(
    private readonly repository: MarketsRepository,
    private readonly reads: MarketReadsService,
  ) {}

  @Get()
  @ApiOperation({ summary: 'List markets', description: 'Filtered and sorted; nulls last, ties by perp_address ascending.' })
  @ApiPageResponse(MarketDto)
  @ApiErrors({ 422: true, stores: ['Index store'] })
  @HttpCache('no-cache')
  async list(@Query() query: MarketsQuery): Promise<Page<MarketDto>> {
    const { rows, total } = await this.repository.listMarkets(query);
    return toPage(rows.map(marketView), total, query);
  }

  @Get(':perp_address')
  @ApiOperation({ summary: 'Market detail: the market, its latest snapshot and its live figures' })
  @PERP_ADDRESS_PARAM
  @ApiOkResponse({ type: MarketDetailDto })
  @ApiErrors(MARKET_404)
  @HttpCache(PER_SNAPSHOT)
  async detail(@Param('perp_address', ParseAddressPathPipe) perpAddress: string): Promise<JsonText<MarketDetailDto>> {
    const read = await this.reads.marketWithSnapshot(perpAddress);
    return this.reads.view(read, 'detail', () => marketDetailView(read));
  }

  @Get(':perp_address/live')
  @ApiOperation({ summary: "Live figures from the market's latest snapshot" })
  @PERP_ADDRESS_PARAM
  @ApiOkResponse({ type: LiveMarketDto })
  @ApiErrors(LIVE_404)
  @HttpCache(PER_SNAPSHOT)
  async live(@Param('perp_address', ParseAddressPathPipe) perpAddress: string): Promise<JsonText<LiveMarketDto>> {
    const read = await this.reads.live(perpAddress);
    return this.reads.view(read, 'live', () => liveView(read.market, read.snapshot, read.chain));
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
  async stats(@Param('perp_address', ParseAddressPathPipe) perpAddress: string): Promise<JsonText<MarketStatsDto>> {
    const read = await this.reads.priceWindow(perpAddress);
    return this.reads.view(read, 'stats', () => statsView(perpAddress, read));
  }

  @Get(':perp_address/snapshots')
  @ApiOperation({ summary: 'Snapshots, newest first (timestamp, then id); start_time and end_time inclusive' })
  @PERP_ADDRESS_PARAM
  @ApiPageResponse(SnapshotDto)
  @ApiErrors(MARKET_404)
  @HttpCache('no-cache')
  async snapshots(@Param('perp_address', ParseAddressPathPipe) perpAddress: string, @Query() query: SnapshotsQuery): Promise<Page<SnapshotDto>> {
    const page = await this.repository.snapshotsPage(perpAddress, query);
    if (!page) throw marketNotFound();
    return toPage(page.rows.map(snapshotView), page.total, query);
  }

  @Get(':perp_address/trades')
  @ApiOperation({ summary: 'Recent close trades, newest first (timestamp, then id); start_time and end_time inclusive' })
  @PERP_ADDRESS_PARAM
  @ApiPageResponse(TradeDto)
  @ApiErrors(MARKET_404)
  @HttpCache('no-cache')
  async trades(@Param('perp_address', ParseAddressPathPipe) perpAddress: string, @Query() query: TradesQuery): Promise<Page<TradeDto>> {
    const page = await this.repository.tradesPage(perpAddress, query);
    if (!page) throw marketNotFound();
    return toPage(page.rows.map(tradeView), page.total, query);
  }
}
