import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { ApiPageResponse, Page, ParseAddressPathPipe, toPage } from '@perp/http';
import { RequireApiKey } from '../auth';
import { ApiErrors, HttpCache, JsonText, NOT_FOUND_DETAIL, marketNotFound } from '../common';
import { SnapshotsQuery, TradesQuery } from '../markets/market-page-queries';
import { MARKET_READ_MAX_AGE_SECONDS, MarketReadsService } from '../markets/market-reads.service';
import { MarketsRepository } from '../markets/markets.repository';
import { V1MarketsQuery, V1OiQuery } from './v1-markets-queries';
import { v1LiveView, v1MarketDetailView, v1MarketView, v1SnapshotView, v1StatsView, v1TradeView } from './v1-markets-views';
import { V1LiveMarketDto, V1MarketDetailDto, V1MarketDto, V1OiPointDto, V1SnapshotDto, V1StatsDto, V1TradeDto } from './v1-markets.dto';

const MARKET_ID_PARAM = ApiParam({
  name: 'market_id',
  description: 'Perp id (the perp contract address, hex, any case; 422 when malformed)',
  schema: { type: 'string', pattern: '^0x[0-9a-fA-F]{40}$' },
});
const PER_SNAPSHOT = { maxAgeSeconds: MARKET_READ_MAX_AGE_SECONDS };
const MARKET_404 = { 404: NOT_FOUND_DETAIL.market, 422: true, stores: ['Index store' as const] };
const LIVE_404 = { ...MARKET_404, 404: `${NOT_FOUND_DETAIL.market}, or ${NOT_FOUND_DETAIL.liveData} (no snapshot yet)` };

/** Frozen legacy market routes: same data and rules as /markets, legacy shapes (perp, perp_id, id). */
@ApiTags('v1')
@RequireApiKey()
@Controller('v1/markets')
export class V1MarketsController {
  constructor(
    private readonly repository: MarketsRepository,
    private readonly reads: MarketReadsService,
  ) {}

  @Get()
  @ApiOperation({ summary: 'List markets (legacy shape), newest first (created_at desc, nulls last, then perp id)' })
  @ApiPageResponse(V1MarketDto)
  @ApiErrors({ 422: true, stores: ['Index store'] })
  @HttpCache('no-cache')
  async list(@Query() query: V1MarketsQuery): Promise<Page<V1MarketDto>> {
    const { rows, total } = await this.repository.listMarkets({ ...query, sort: 'created', order: 'desc' });
    return toPage(rows.map(v1MarketView), total, query);
  }

  @Get(':market_id')
  @ApiOperation({ summary: 'Market detail (legacy shape)' })
  @MARKET_ID_PARAM
  @ApiOkResponse({ type: V1MarketDetailDto })
  @ApiErrors(MARKET_404)
  @HttpCache(PER_SNAPSHOT)
  async detail(@Param('market_id', ParseAddressPathPipe) perpAddress: string): Promise<JsonText<V1MarketDetailDto>> {
    const read = await this.reads.marketWithSnapshot(perpAddress);
    return this.reads.view(read, 'v1-detail', () => v1MarketDetailView(read));
  }

  @Get(':market_id/live')
  @ApiOperation({ summary: 'Live figures from the latest snapshot (legacy shape)' })
  @MARKET_ID_PARAM
  @ApiOkResponse({ type: V1LiveMarketDto })
  @ApiErrors(LIVE_404)
  @HttpCache(PER_SNAPSHOT)
  async live(@Param('market_id', ParseAddressPathPipe) perpAddress: string): Promise<JsonText<V1LiveMarketDto>> {
    const read = await this.reads.live(perpAddress);
    return this.reads.view(read, 'v1-live', () => v1LiveView(read.market, read.snapshot, read.chain));
  }

  @Get(':market_id/oi')
  @ApiOperation({ summary: 'Open-interest history (legacy): currently always an empty page; 404 for an unknown market' })
  @MARKET_ID_PARAM
  @ApiPageResponse(V1OiPointDto)
  @ApiErrors(MARKET_404)
  @HttpCache('no-cache')
  async oi(@Param('market_id', ParseAddressPathPipe) perpAddress: string, @Query() query: V1OiQuery): Promise<Page<V1OiPointDto>> {
    if (!(await this.repository.marketExists(perpAddress))) throw marketNotFound();
    return toPage<V1OiPointDto>([], 0, query);
  }

  @Get(':market_id/stats')
  @ApiOperation({ summary: '24 h price statistics (legacy shape); window as for /markets/{perp_address}/stats' })
  @MARKET_ID_PARAM
  @ApiOkResponse({ type: V1StatsDto })
  @ApiErrors(LIVE_404)
  @HttpCache(PER_SNAPSHOT)
  async stats(@Param('market_id', ParseAddressPathPipe) perpAddress: string): Promise<JsonText<V1StatsDto>> {
    const read = await this.reads.priceWindow(perpAddress);
    return this.reads.view(read, 'v1-stats', () => v1StatsView(perpAddress, read));
  }

  @Get(':market_id/snapshots')
  @ApiOperation({ summary: 'Snapshots (legacy shape), newest first; start_time and end_time inclusive' })
  @MARKET_ID_PARAM
  @ApiPageResponse(V1SnapshotDto)
  @ApiErrors(MARKET_404)
  @HttpCache('no-cache')
  async snapshots(@Param('market_id', ParseAddressPathPipe) perpAddress: string, @Query() query: SnapshotsQuery): Promise<Page<V1SnapshotDto>> {
    const page = await this.repository.snapshotsPage(perpAddress, query);
    if (!page) throw marketNotFound();
    return toPage(page.rows.map(v1SnapshotView), page.total, query);
  }

  @Get(':market_id/trades')
  @ApiOperation({ summary: 'Close trades (legacy shape), newest first; start_time and end_time inclusive' })
  @MARKET_ID_PARAM
  @ApiPageResponse(V1TradeDto)
  @ApiErrors(MARKET_404)
  @HttpCache('no-cache')
  async trades(@Param('market_id', ParseAddressPathPipe) perpAddress: string, @Query() query: TradesQuery): Promise<Page<V1TradeDto>> {
    const page = await this.repository.tradesPage(perpAddress, query);
    if (!page) throw marketNotFound();
    return toPage(page.rows.map(v1TradeView), page.total, query);
  }
}
