import { Injectable } from '@nestjs/common';
import { Page, toPage } from '@perp/http';
import { KeptAnswer, marketNotFound } from '../common';
import { SnapshotsQuery, TradesQuery } from '../markets/market-page-queries';
import { MarketReadModels } from '../markets/market-read-models.service';
import { MarketsRepository } from '../markets/markets.repository';
import { V1MarketsQuery, V1OiQuery } from './v1-markets-queries';
import { v1LiveView, v1MarketDetailView, v1MarketView, v1OiPointView, v1SnapshotView, v1StatsView, v1TradeView } from './v1-markets-views';
import { V1LiveMarketDto, V1MarketDetailDto, V1MarketDto, V1OiPointDto, V1SnapshotDto, V1StatsDto, V1TradeDto } from './v1-markets.dto';

/**
 * The frozen /v1/markets answers: the same repository and read models as /markets, mapped
 * to the legacy shapes. One method per route, so that V1MarketsController only parses input.
 */
@Injectable()
export class V1MarketsService {
  constructor(
    private readonly repository: MarketsRepository,
    private readonly models: MarketReadModels,
  ) {}

  /** Legacy order: newest first, whatever the query asks. */
  async list(query: V1MarketsQuery): Promise<Page<V1MarketDto>> {
    const { rows, total } = await this.repository.listMarkets({ ...query, sort: 'created', order: 'desc' });
    return toPage(rows.map(v1MarketView), total, query);
  }

  async detail(perpAddress: string): Promise<KeptAnswer<V1MarketDetailDto>> {
    const model = await this.models.of(perpAddress);
    const read = model.market();
    return model.answer('v1-detail', () => v1MarketDetailView(read));
  }

  async live(perpAddress: string): Promise<KeptAnswer<V1LiveMarketDto>> {
    const model = await this.models.of(perpAddress);
    const read = model.live();
    return model.answer('v1-live', () => v1LiveView(read.market, read.snapshot, read.chain));
  }

  /** The points of /markets/{perp_address}/open-interest in the legacy shape; 404 "Market not found" for an unknown market. */
  async oi(perpAddress: string, query: V1OiQuery): Promise<Page<V1OiPointDto>> {
    const page = await this.repository.openInterestPage(perpAddress, query);
    if (!page) throw marketNotFound();
    return toPage(
      page.rows.map((row) => v1OiPointView(perpAddress, row)),
      page.total,
      query,
    );
  }

  async stats(perpAddress: string): Promise<KeptAnswer<V1StatsDto>> {
    const model = await this.models.of(perpAddress);
    const window = await model.priceWindow();
    return model.answer('v1-stats', () => v1StatsView(perpAddress, window));
  }

  /** 404 "Market not found" for an unknown market. */
  async snapshots(perpAddress: string, query: SnapshotsQuery): Promise<Page<V1SnapshotDto>> {
    const page = await this.repository.snapshotsPage(perpAddress, query);
    if (!page) throw marketNotFound();
    return toPage(page.rows.map(v1SnapshotView), page.total, query);
  }

  /** 404 "Market not found" for an unknown market. */
  async trades(perpAddress: string, query: TradesQuery): Promise<Page<V1TradeDto>> {
    const page = await this.repository.tradesPage(perpAddress, query);
    if (!page) throw marketNotFound();
    return toPage(page.rows.map(v1TradeView), page.total, query);
  }
}
