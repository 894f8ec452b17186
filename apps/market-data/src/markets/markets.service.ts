import { Injectable } from '@nestjs/common';
import { Page, toPage } from '@perp/http';
import { KeptAnswer, marketNotFound } from '../common';
import { LiveMarketDto } from './live-market.dto';
import { MarketDetailDto } from './market-detail.dto';
import { MarketHistoryQuery, SnapshotsQuery, TradesQuery } from './market-page-queries';
import { FundingPointDto, OpenInterestPointDto } from './market-history.dto';
import { fundingPointView, openInterestPointView } from './market-history-views';
import { MarketReadModels } from './market-read-models.service';
import { MarketStatsDto } from './market-stats.dto';
import { liveView, marketDetailView, marketView, snapshotView, statsView, tradeView } from './market-views';
import { MarketDto } from './market.dto';
import { MarketsQuery } from './markets-query.dto';
import { MarketsRepository } from './markets.repository';
import { SnapshotDto } from './snapshot.dto';
import { TradeDto } from './trade.dto';

/**
 * The unversioned /markets answers in their canonical shapes: pages straight from the
 * repository, per-market answers from the market's read model (MarketReadModels). One method
 * per route, so that MarketsController only parses input (controller -> service -> repository).
 */
@Injectable()
export class MarketsService {
  constructor(
    private readonly repository: MarketsRepository,
    private readonly models: MarketReadModels,
  ) {}

  async list(query: MarketsQuery): Promise<Page<MarketDto>> {
    const { rows, total } = await this.repository.listMarkets(query);
    return toPage(rows.map(marketView), total, query);
  }

  async detail(perpAddress: string): Promise<KeptAnswer<MarketDetailDto>> {
    const model = await this.models.of(perpAddress);
    const read = model.market();
    return model.answer('detail', () => marketDetailView(read));
  }

  async live(perpAddress: string): Promise<KeptAnswer<LiveMarketDto>> {
    const model = await this.models.of(perpAddress);
    const read = model.live();
    return model.answer('live', () => liveView(read.market, read.snapshot, read.chain));
  }

  async stats(perpAddress: string): Promise<KeptAnswer<MarketStatsDto>> {
    const model = await this.models.of(perpAddress);
    const window = await model.priceWindow();
    return model.answer('stats', () => statsView(perpAddress, window));
  }

  /** 404 "Market not found" for an unknown market. */
  async snapshots(perpAddress: string, query: SnapshotsQuery): Promise<Page<SnapshotDto>> {
    const page = await this.repository.snapshotsPage(perpAddress, query);
    if (!page) throw marketNotFound();
    return toPage(page.rows.map(snapshotView), page.total, query);
  }

  /** 404 "Market not found" for an unknown market. */
  async trades(perpAddress: string, query: TradesQuery): Promise<Page<TradeDto>> {
    const page = await this.repository.tradesPage(perpAddress, query);
    if (!page) throw marketNotFound();
    return toPage(page.rows.map(tradeView), page.total, query);
  }

  /** 404 "Market not found" for an unknown market. */
  async funding(perpAddress: string, query: MarketHistoryQuery): Promise<Page<FundingPointDto>> {
    const page = await this.repository.fundingPage(perpAddress, query);
    if (!page) throw marketNotFound();
    return toPage(page.rows.map(fundingPointView), page.total, query);
  }

  /** 404 "Market not found" for an unknown market. */
  async openInterest(perpAddress: string, query: MarketHistoryQuery): Promise<Page<OpenInterestPointDto>> {
    const page = await this.repository.openInterestPage(perpAddress, query);
    if (!page) throw marketNotFound();
    return toPage(page.rows.map(openInterestPointView), page.total, query);
  }
}
